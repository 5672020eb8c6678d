import type { Page } from 'playwright-core';
import { publicSiteSuite, usePublicSite } from './site.js';

/** The browser global the page functions below use (the root tsconfig has no DOM types). */
declare const window: {
  scrollY: number;
  innerHeight: number;
  scrollTo(x: number, y: number): void;
  history: { length: number };
};
declare const document: { querySelectorAll(selector: string): ArrayLike<ClickableLink> };
interface ClickableLink {
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number; bottom: number };
  click(): void;
}

/**
 * State a visitor can go back to and share: Back returns to the list's page and position, whether the list is
 * rendered from the browser's data or loaded again; a list's filter, sort and view live in its address.
 */
publicSiteSuite('list state in the address and Back to where the visitor was', () => {
  const { site, visit, text } = usePublicSite();
  let page: Page;
  beforeAll(() => {
    page = site.page;
  });

  const scrollY = () => page.evaluate(() => window.scrollY);
  /** Scrolls down `by` pixels (as far as the page goes) and returns where it stopped. */
  const scrollDown = async (by: number) => {
    await page.evaluate((y) => window.scrollTo(0, y), by);
    await page.waitForFunction(() => window.scrollY > 0);
    return scrollY();
  };
  /** Clicks a business link in view, as a visitor does (no scrolling to it), and waits for its page. */
  const openBusinessInView = async () => {
    const href = await page.evaluate(() => {
      const links = Array.from(document.querySelectorAll('main a[href^="/business/"]'));
      const inView = links.find((a) => {
        const box = a.getBoundingClientRect();
        return box.top > 0 && box.bottom < window.innerHeight;
      });
      inView?.click();
      return inView?.getAttribute('href') ?? null;
    });
    expect(href).not.toBeNull();
    await page.waitForURL((url) => url.pathname === href);
    // A new page starts at its top.
    await page.waitForFunction(() => window.scrollY === 0);
  };
  /** Back: the address is the list's page again and the position the one it had, once the list is rendered. */
  const backTo = async (path: string, position: number) => {
    await page.goBack();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
    await restoredTo(position);
  };
  const restoredTo = async (position: number) => {
    await page
      .waitForFunction((y) => Math.abs(window.scrollY - y) <= 1, position, { timeout: 15_000 })
      .catch(() => undefined);
    // Said as a comparison, so a miss names where the page was.
    expect(Math.abs((await scrollY()) - position)).toBeLessThanOrEqual(1);
  };

  it('Back from a business returns to page 2 of the business list where the visitor was', async () => {
    await visit(page, '/businesses');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2', exact: true }).click();
    await text(/^Showing 21–40 of/);
    expect(new URL(page.url()).search).toBe('?page=2');
    expect(await scrollY()).toBe(0);
    const position = await scrollDown(1400);
    expect(position).toBeGreaterThan(400);
    // The fixtures' photos fail (their host is blocked): every card shows the fallback image.
    const photos = () => page.evaluate(() => document.querySelectorAll('main .card img[src^="https://"]').length);
    await page.waitForFunction(() => document.querySelectorAll('main .card img[src^="https://"]').length === 0);
    await openBusinessInView();
    await page.goBack();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === '/businesses?page=2');
    // Back shows the list again with the fallbacks at once: a photo that failed is not asked for again.
    await page.waitForFunction(() => document.querySelectorAll('main .card').length > 0);
    expect(await photos()).toBe(0);
    await restoredTo(position);
    await text(/^Showing 21–40 of/);
  });

  it('Back restores a category page loaded in this document and one loaded again after a reload', async () => {
    await visit(page, '/categories/hardware-store?page=2');
    await text(/^Showing 13–24 of/);
    const position = await scrollDown(700);
    expect(position).toBeGreaterThan(200);
    await openBusinessInView();
    await backTo('/categories/hardware-store?page=2', position);
    // Once more with the business page reloaded: Back loads the list's document again, rendered by the server.
    await openBusinessInView();
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('main h1').length > 0);
    await backTo('/categories/hardware-store?page=2', position);
  });

  it('Back restores page 2 of search results, its data read in the browser', async () => {
    await visit(page, '/search?q=hardware');
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.locator('ol.results[aria-busy="false"]').waitFor();
    const position = await scrollDown(900);
    expect(position).toBeGreaterThan(300);
    await openBusinessInView();
    await backTo('/search?q=hardware&page=2', position);
  });

  it("keeps a list's text and order in its address: replaced while typing, the same list after a reload and from the server", async () => {
    await visit(page, '/cities?page=2');
    const entries = await page.evaluate(() => window.history.length);
    const box = page.getByPlaceholder('Search cities or countries...');
    await box.pressSequentially('hamb');
    // A new text starts again at page 1.
    await page.waitForURL((url) => url.search === '?q=hamb');
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
    await page.getByRole('link', { name: /^Hamburg/ }).waitFor();
    expect(await page.locator('main a.card').count()).toBe(1);
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Sort by').selectOption('name');
    await page.waitForURL((url) => url.search === '?q=hamb&sort=name');

    // Opened again from its address (a reload, a shared link).
    await visit(page, '/cities?q=hamb&sort=name');
    expect(await box.inputValue()).toBe('hamb');
    expect(await page.locator('main a.card').count()).toBe(1);
    // The panel opens with the order the address chose.
    expect(await page.getByLabel('Sort by').inputValue()).toBe('name');
    // The server renders the filtered list too.
    const html = await (await fetch(`${site.base}/cities?q=hamb`)).text();
    expect(html).toContain('<h3>Hamburg</h3>');
    expect(html).not.toContain('<h3>Austin</h3>');
  });

  it('keeps the grid or list view of categories and businesses in the address', async () => {
    await visit(page, '/categories');
    await page.getByRole('button', { name: 'List view' }).click();
    await page.waitForURL((url) => url.search === '?view=list');
    await visit(page, '/categories?view=list');
    await page.getByRole('button', { name: 'Grid view' }).waitFor();
    await visit(page, '/businesses?page=2');
    await page.getByRole('button', { name: 'List view' }).click();
    await page.waitForURL((url) => url.search === '?page=2&view=list' || url.search === '?view=list&page=2');
    await visit(page, '/businesses?view=list&page=2');
    await page.getByRole('button', { name: 'Grid view' }).waitFor();
    await text(/^Showing 21–40 of/);
  });

  it("links a result card to the business's website when it has one", async () => {
    await visit(page, '/search?q=bakery');
    const star = page.locator('article.result-card', { hasText: 'Spree Bäckerei' });
    const link = star.getByRole('link', { name: /^spree-baeckerei\.example/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://www.spree-baeckerei.example/');
    expect(await link.getAttribute('target')).toBe('_blank');
    // A business without one shows no website link.
    const other = page.locator('article.result-card', { hasText: 'Kiez Bakery 1' }).first();
    await other.waitFor();
    expect(await other.locator('a.result-website').count()).toBe(0);

    // The category's and the city's lists link it too.
    for (const path of ['/categories/bakery', '/cities/de/berlin']) {
      await visit(page, path);
      const card = page.locator('article.card', { hasText: 'Spree Bäckerei' });
      const onList = card.getByRole('link', { name: /^spree-baeckerei\.example/ });
      await onList.waitFor();
      expect(await onList.getAttribute('href')).toBe('https://www.spree-baeckerei.example/');
      expect(await onList.getAttribute('rel')).toBe('nofollow noopener');
    }
  });
});
