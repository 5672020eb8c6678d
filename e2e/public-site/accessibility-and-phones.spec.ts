import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { AXE, SCREENSHOTS, STAR, publicSiteSuite, usePublicSite } from './site.js';

/**
 * Every kind of page passes an axe-core accessibility check and fits a 360 px phone without horizontal scrolling;
 * screenshots go to e2e/screenshots/ (git-ignored).
 */
publicSiteSuite('the public site in a browser: axe-core and a 360 px phone', () => {
  const { site, visit } = usePublicSite();
  let page: Page, context: BrowserContext;
  beforeAll(() => {
    page = site.page;
    context = site.context;
  });

  it.each([
    ['home', '/'],
    ['business', `/business/${STAR.slug}`],
    ['search', '/search?q=bakery'],
    ['contact', '/contact'],
    ['categories', '/categories'],
    ['cities', '/cities'],
    ['business list', '/businesses'],
    ['category', '/categories/bakery'],
    ['country', '/countries/germany'],
    ['city', '/cities/de/berlin'],
    ['legal', '/privacy-policy'],
    ['not-found', '/no-such-page'],
  ])('the %s page passes axe-core (labels, alt texts, contrast, names)', async (_name, path) => {
    await visit(page, `${path}`);
    await page.getByRole('main').locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Evaluated over the DevTools protocol: an added <script> tag would be refused by the page's CSP.
    await page.evaluate(readFileSync(AXE, 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResult> } })
        .axe;
      // The injected fake ads and snippets are the admin's markup, not the product's.
      const result = await axe.run(
        { exclude: ['.e2e-ad', '#e2e-pixel'] },
        { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
      );
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations).toEqual([]);
  });

  it('fits a 360 px phone without horizontal scrolling, and is photographed', async () => {
    for (const [name, path, ready, hydrated] of [
      ['home', '/', 'Featured Businesses', '.counter strong:text-is("1K+")'],
      ['business', `/business/${STAR.slug}`, STAR.name, '.badge.open'],
      ['search', '/search?q=bakery', 'Results', '.leaflet-marker-icon'],
    ] as const) {
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 360, height: 780 });
      await visit(phone, path);
      // Wait for what only the hydrated page shows (the server's HTML already has the headings).
      await phone
        .getByRole(name === 'search' ? 'list' : 'heading', { name: ready })
        .first()
        .waitFor();
      await phone.locator(hydrated).first().waitFor();
      await phone.waitForLoadState('networkidle');
      expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      await phone.screenshot({ path: `${SCREENSHOTS}${name}-360.png`, fullPage: true });
      await phone.setViewportSize({ width: 1280, height: 900 });
      await phone.waitForLoadState('networkidle');
      await phone.screenshot({ path: `${SCREENSHOTS}${name}-desktop.png`, fullPage: true });
      await phone.close();
    }
  });

  it.each([
    '/businesses',
    '/categories',
    '/categories/bakery',
    '/countries',
    '/countries/germany',
    '/cities',
    '/cities/de/berlin',
    '/contact',
    '/terms-of-service',
    '/no-such-page',
  ])('%s fits a 360 px phone', async (path) => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 780 });
    await visit(phone, path);
    await phone.getByRole('main').locator('h1').first().waitFor();
    await phone.waitForLoadState('networkidle');
    expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await phone.screenshot({ path: `${SCREENSHOTS}${path.slice(1).replace(/\//g, '_')}-360.png`, fullPage: true });
    await phone.close();
  });

  it.each([390, 1280])('shows every placeholder whole at %d px', async (width) => {
    const cut: string[] = [];
    for (const path of ['/', '/search?q=bakery', '/businesses', '/categories', '/countries', '/cities', '/nowhere']) {
      const tab = await context.newPage();
      await tab.setViewportSize({ width, height: 900 });
      await visit(tab, path);
      await tab.getByRole('main').locator('h1').first().waitFor();
      // A string, not a function: the text's width is measured with a canvas in the input's own font.
      const overflowing = await tab.evaluate<string[]>(`[...document.querySelectorAll('input[placeholder]')]
        .filter((input) => input.offsetParent !== null)
        .filter((input) => {
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d');
          context.font = style.font;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return context.measureText(input.placeholder).width > room + 0.5;
        })
        .map((input) => input.placeholder)`);
      cut.push(...overflowing.map((text) => `${path}: ${text}`));
      await tab.close();
    }
    expect(cut).toEqual([]);
  });
});

/** The browser globals the page functions above use (the root tsconfig has no DOM types). */
declare const window: unknown;

interface AxeResult {
  violations: { id: string; nodes: { target: string[] }[] }[];
}
