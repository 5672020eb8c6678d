import type { Page } from 'playwright-core';
import { CLOSED, STAR, TIME_ZONE, publicSiteSuite, usePublicSite, type PageElement } from './site.js';

/**
 * The business page: badges, share, directions, amenities, map, today's hours, head and structured data, the ad
 * slots and the site snippets, and the pages of a closed business and of an unknown slug.
 */
publicSiteSuite('the public site in a browser: the business page', () => {
  const { site, visit, text, heading } = usePublicSite();
  let page: Page;
  beforeAll(() => {
    page = site.page;
  });

  describe('the business page', () => {
    beforeAll(async () => {
      await visit(page, `/business/${STAR.slug}`);
      await page.getByRole('heading', { level: 1, name: STAR.name }).waitFor();
    });

    it('shows the badges, rating, the category badge linking what it names, and the address once', async () => {
      await page.locator('.badge.open', { hasText: 'Open' }).waitFor();
      await page.locator('.badge', { hasText: 'Verified' }).waitFor();
      await text('(321 reviews)');
      // The badge says the category it links to; the more precise type is written beside it.
      expect(await page.locator('a.badge').innerText()).toBe('Bakery');
      expect(await page.locator('a.badge').getAttribute('href')).toBe('/categories/bakery');
      await page.locator('.detail-type', { hasText: 'Artisan bakery' }).waitFor();
      // "Oranienstraße 1, 10999 Berlin, Germany": city and country named once, as links, nothing appended.
      const address = page.locator('.detail-address');
      expect(await address.innerText()).toBe('Oranienstraße 1, 10999 Berlin, Germany');
      expect(await address.getByRole('link', { name: 'Berlin', exact: true }).getAttribute('href')).toBe(
        '/cities/de/berlin',
      );
      expect(await address.getByRole('link', { name: 'Germany', exact: true }).getAttribute('href')).toBe(
        '/countries/de',
      );
      expect(await page.getByRole('link', { name: 'Call Now' }).getAttribute('href')).toBe('tel:+49 30 1234567');
      await text('OPERATIONAL');
    });

    it('links the website (by its host) and the reviews, opened without passing rank or the page', async () => {
      const website = page.getByRole('link', { name: 'spree-baeckerei.example', exact: true });
      expect(await website.getAttribute('href')).toBe('https://www.spree-baeckerei.example/');
      expect(await website.getAttribute('rel')).toBe('nofollow noopener');
      expect(await website.getAttribute('target')).toBe('_blank');
      const reviews = page.getByRole('link', { name: 'Read all 321 reviews' });
      expect(await reviews.getAttribute('href')).toBe('https://reviews.example/spree');
      expect(await reviews.getAttribute('rel')).toBe('nofollow noopener');
    });

    it('shows the breadcrumb Home › Germany › Berlin › Bakery › name, with its BreadcrumbList', async () => {
      const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
      expect(await trail.getByRole('link').allInnerTexts()).toEqual(['Home', 'Germany', 'Berlin', 'Bakery']);
      expect(await trail.getByRole('link', { name: 'Berlin' }).getAttribute('href')).toBe('/cities/de/berlin');
      expect(await trail.locator('[aria-current="page"]').innerText()).toBe(STAR.name);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const list = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'BreadcrumbList');
      expect(list.itemListElement.map((c: { name: string }) => c.name)).toEqual([
        'Home',
        'Germany',
        'Berlin',
        'Bakery',
        STAR.name,
      ]);
      // Absolute, on the site's public address (as the canonical link).
      const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!);
      expect(list.itemListElement[2].item).toBe(`${canonical.origin}/cities/de/berlin`);
    });

    it('lays the facts out in two columns at 1280 px, contact card and map on the right', async () => {
      const main = await page.locator('.detail-main').boundingBox();
      const side = await page.locator('.detail-side').boundingBox();
      expect(side!.x).toBeGreaterThan(main!.x + main!.width);
      expect(Math.abs(side!.y - main!.y)).toBeLessThan(5);
      expect(await page.locator('.detail-side').getByRole('heading', { name: 'Location' }).count()).toBe(1);
    });

    it('shows a placeholder in place of a photo that fails to load', async () => {
      // Photos come from a blocked host: the image fails, after hydration as well as before it.
      await page.getByRole('img', { name: `No photo of ${STAR.name}` }).waitFor();
      expect(await page.locator('img.detail-photo').count()).toBe(0);
    });

    it('suggests nearby places and more of its category in its city, never itself', async () => {
      const nearby = page.locator('section.related', { has: page.getByRole('heading', { name: 'Nearby places' }) });
      const similar = page.locator('section.related', {
        has: page.getByRole('heading', { name: 'Other Bakery businesses in Berlin' }),
      });
      await nearby.getByRole('listitem').first().waitFor();
      expect(await nearby.getByRole('listitem').count()).toBe(6);
      expect(await similar.getByRole('listitem').count()).toBe(6);
      const names = [
        ...(await nearby.getByRole('link').allInnerTexts()),
        ...(await similar.getByRole('link').allInnerTexts()),
      ];
      expect(names).not.toContain(STAR.name);
      expect(names.every((name) => /^(Kiez Bakery \d+|Nacht Café)$/.test(name))).toBe(true);
      await nearby
        .getByText(/km away|m away/)
        .first()
        .waitFor();
    });

    it('links directions to the place id in a new tab', async () => {
      const directions = page.getByRole('link', { name: 'Get Directions' });
      expect(await directions.getAttribute('href')).toContain(STAR.placeId!);
      expect(await directions.getAttribute('target')).toBe('_blank');
      expect(await directions.getAttribute('rel')).toContain('noopener');
    });

    it('copies the address on Share and says "Copied!" for a while', async () => {
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('button', { name: 'Copied!' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
      await page.getByRole('button', { name: 'Share' }).waitFor({ timeout: 5000 });
    });

    it('lists at most eight true amenities', async () => {
      const amenities = page.locator('section', { has: page.getByRole('heading', { name: 'Amenities' }) });
      const names = await amenities.getByRole('listitem').allInnerTexts();
      expect(names).toHaveLength(8);
      expect(names).not.toContain('Alcohol');
      expect(names).not.toContain('Drive-through');
    });

    it('shows the map at the coordinates', async () => {
      const map = page.getByRole('region', { name: `Map of ${STAR.name}` });
      // Leaflet took the container and drew the place's marker (tiles are blocked here).
      await page.locator('.leaflet-container .leaflet-interactive').first().waitFor();
      expect(await map.getAttribute('class')).toContain('leaflet-container');
      expect((await map.boundingBox())?.height).toBeGreaterThan(150);
      expect(await page.getByText('Location not available').count()).toBe(0);
    });

    it("highlights today's opening hours", async () => {
      const today = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: TIME_ZONE }).format(new Date());
      const rows = page.locator('section', { has: page.getByRole('heading', { name: 'Opening Hours' }) }).locator('tr');
      expect(await rows.count()).toBe(7);
      expect(await page.locator('tr.today th').innerText()).toBe(today);
      // Hours such as "7AM-7PM" are written in the visitor's locale (web/src/lib/detail.spec.ts).
      expect(await page.locator('tr.today td').innerText()).toBe('Open 24 hours');
    });

    it('sets the title, the meta description and LocalBusiness structured data', async () => {
      expect(await page.title()).toBe(`${STAR.name} - Artisan bakery | WorldBiz Directory`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      for (const part of [STAR.name, 'Artisan bakery', 'Berlin', 'DE', '4.7', '321'])
        expect(description).toContain(part);
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const business = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'LocalBusiness');
      expect(business).toMatchObject({
        '@context': 'https://schema.org',
        name: STAR.name,
        telephone: '+49 30 1234567',
        geo: { latitude: 52.52, longitude: 13.405 },
        aggregateRating: { ratingValue: 4.7, reviewCount: 321 },
      });
    });

    it('places the four ad slots and runs their scripts', async () => {
      for (const slot of ['ad1', 'ad2', 'ad3', 'ad4'])
        await page.locator(`#e2e-${slot}`, { hasText: `${slot} ran` }).waitFor();
      await page.waitForFunction(() => ['ad1', 'ad2', 'ad3', 'ad4'].every((s) => window.adsRan?.includes(s)));
      // ad1 above the amenities, ad2 below About, ad3 below the hours, ad4 below the contact information.
      const order = await page.evaluate(() => {
        const marks = [
          '#e2e-ad1',
          'h2:Amenities',
          'h2:About',
          '#e2e-ad2',
          'h2:Opening Hours',
          '#e2e-ad3',
          'h2:Contact Information',
          '#e2e-ad4',
        ];
        const all = Array.from(document.querySelectorAll('h2, .e2e-ad'));
        return marks.map((mark) =>
          all.findIndex((el) => (mark.startsWith('#') ? `#${el.id}` === mark : `h2:${el.textContent}` === mark)),
        );
      });
      expect(order.every((index) => index >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    });

    it('injects the site snippets: head tags, body-start pixel, footer scripts', async () => {
      await page.locator('head meta[name="e2e-head"]').waitFor({ state: 'attached' });
      await page.waitForFunction(() => {
        return window.headRan && window.analyticsRan && window.adsRan?.includes('footer');
      });
      expect(await page.evaluate(() => document.body.firstElementChild?.id)).toBe('e2e-pixel');
      expect(await page.locator('#e2e-footer').evaluate((s: PageElement) => s.async)).toBe(true);
    });

    it('says "Location not available" without coordinates, and Closed on a closed day', async () => {
      await visit(page, `/business/${CLOSED.slug}`);
      await page.getByRole('heading', { level: 1, name: CLOSED.name }).waitFor();
      await text('Location not available');
      await page.locator('.badge.closed', { hasText: 'Closed' }).waitFor();
      expect(await page.locator('.leaflet-container').count()).toBe(0);
      expect(await page.locator('.badge', { hasText: 'Verified' }).count()).toBe(0);
      await text('A quiet café that only opens for private events.');
    });

    it('shows no badge without hours, and "Business Not Found" for an unknown slug', async () => {
      await visit(page, `/business/kiez-bakery-1`);
      await page.getByRole('heading', { level: 1, name: 'Kiez Bakery 1' }).waitFor();
      expect(await page.locator('.badge.open, .badge.closed').count()).toBe(0);
      // No hours: the section stays and says so.
      const hours = page.locator('section', { has: page.getByRole('heading', { name: 'Opening Hours' }) });
      await hours.getByText('Hours not listed').waitFor();
      // The §5 retry: a trailing -xxxxxx suffix is stripped.
      await visit(page, `/business/kiez-bakery-1-zz99aa`);
      await page.getByRole('heading', { level: 1, name: 'Kiez Bakery 1' }).waitFor();
      await visit(page, `/business/no-such-business`);
      await heading('Business Not Found');
      expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
    });
  });
});

/** The browser globals the page functions above use (the root tsconfig has no DOM types). */
declare const document: {
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  body: { firstElementChild: PageElement | null };
};
declare const window: Record<string, unknown> & { adsRan?: string[] };
declare const navigator: { clipboard: { readText(): Promise<string> } };
