import type { Page } from 'playwright-core';
import { eventually } from '../../testing/eventually.js';
import { FILLER, FIXTURES, US_CITIES, publicSiteSuite, usePublicSite } from './site.js';

/**
 * Every route of the public spec §2 shows its texts, links and active navigation, and a search from home lands on
 * its results.
 */
publicSiteSuite('the public site in a browser: every route of §2 and the search from home', () => {
  const { site, visit, text, heading, activeNav } = usePublicSite();
  let page: Page;
  beforeAll(() => {
    page = site.page;
  });

  describe('every route of §2 shows its texts', () => {
    it('home', async () => {
      await visit(page, `/`);
      await text('Trusted by millions worldwide');
      await heading('Featured Businesses');
      await heading('Explore Directory');
      await heading(/^Why Choose/);
      for (const feature of ['Verified Listings', 'Smart Search', 'Real Reviews']) await heading(feature);
      await page.getByRole('link', { name: 'View all' }).waitFor();
      expect(await page.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/businesses');
      // Featured: at most 8 cards, each linking to its business.
      const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Businesses' }) });
      await featured.locator('article').first().waitFor();
      expect(await featured.locator('article').count()).toBe(8);
      // A photo that fails (its host is blocked) gives way to the fallback image, not to the icon.
      const first = featured.locator('article').first();
      await first.locator('img[src^="data:image/svg+xml"]').waitFor();
      expect(await first.locator('.card-icon').count()).toBe(0);
      expect(await activeNav()).toEqual(['Home']);
      // Explore tabs: 12 at most each, with links of the spec's shapes.
      const chips = page.locator('section', { has: page.getByRole('heading', { name: 'Explore Directory' }) });
      await chips.getByRole('link', { name: /Hardware store/ }).waitFor();
      expect(await chips.getByRole('link', { name: /Hardware store/ }).getAttribute('href')).toBe(
        '/categories/hardware-store',
      );
      await page.getByRole('tab', { name: 'Cities' }).click();
      await chips.getByRole('link', { name: /^Berlin/ }).waitFor();
      expect(await chips.getByRole('listitem').count()).toBe(12);
      expect(await chips.getByRole('link', { name: /^Berlin/ }).getAttribute('href')).toBe('/cities/de/berlin');
      await page.getByRole('tab', { name: 'Countries' }).click();
      await chips.getByRole('link', { name: /^Germany/ }).waitFor();
      expect(await chips.getByRole('link', { name: /^Germany/ }).getAttribute('href')).toMatch(
        /^\/countries\/germany$/,
      );
    });

    it('business list, with the page in the address', async () => {
      const total = FILLER + FIXTURES.length;
      // Counts read with thousands separators ("1,038").
      const n = (value: number) => value.toLocaleString('en-US');
      await visit(page, `/businesses?page=2`);
      await text(`Showing 21–40 of ${n(total)} businesses`);
      for (const tile of ['Total Businesses', 'Current Page', 'Total Pages', 'Per Page']) await text(tile);
      expect(await page.locator('.tiles > div').first().innerText()).toBe(`${n(total)} Total Businesses`);
      expect(await page.getByPlaceholder('Search businesses...').count()).toBe(1);
      expect(await activeNav()).toEqual(['Businesses']);
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      expect(await pager.locator('[aria-current="page"]').innerText()).toBe('2');
      // The current page is filled with the brand blue (--blue, #1d4ed8), not the error red.
      expect(await pager.locator('[aria-current="page"]').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        'rgb(29, 78, 216)',
      );
      const pages = Math.ceil(total / 20);
      // First page, two each side of the current one, an ellipsis, the last page.
      expect((await pager.innerText()).replace(/\s+/g, ' ')).toBe(`Previous 1 2 3 4 5 … ${pages} Next`);
      await pager.getByRole('button', { name: '4' }).click();
      await page.waitForURL(/\/businesses\?page=4$/);
      await text(`Showing 61–80 of ${n(total)} businesses`);
      expect((await pager.innerText()).replace(/\s+/g, ' ')).toBe(`Previous 1 2 3 4 5 6 … ${pages} Next`);
      await pager.getByRole('button', { name: String(pages) }).click();
      await page.waitForURL(new RegExp(`page=${pages}$`));
      // The address changes before the page's data has come: the last page's rows first, then its pager.
      await text(`Showing ${n((pages - 1) * 20 + 1)}–${n(total)} of ${n(total)} businesses`);
      expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      // A page past the last one (or over 100) says so and links the last page, server-rendered and in the client.
      await visit(page, `/businesses?page=101`);
      await heading('Page 101 does not exist');
      await text(`The last page is ${pages}.`);
      expect(await page.locator('.tiles').count()).toBe(0);
      await pager.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: `Go to page ${pages}` }).click();
      await page.waitForURL(new RegExp(`page=${pages}$`));
      await text(`Showing ${n((pages - 1) * 20 + 1)}–${n(total)} of ${n(total)} businesses`);
    });

    it('opens a business from a card', async () => {
      await visit(page, `/businesses`);
      // The list view is compact rows with a thumbnail, not photo banners.
      await page.getByRole('button', { name: 'List view' }).click();
      const row = page.locator('article.card-row').first();
      await row.waitFor();
      expect((await row.boundingBox())!.height).toBeLessThan(160);
      await page.getByRole('button', { name: 'Grid view' }).click();
      const card = page.locator('article.card').first();
      const name = await card.getByRole('heading').innerText();
      await card.getByRole('link', { name: 'View Details' }).click();
      await page.waitForURL(/\/business\//);
      await page.getByRole('heading', { level: 1, name }).waitFor();
    });

    it('categories and a letter', async () => {
      await visit(page, `/categories`);
      await page.getByRole('link', { name: /Hardware store/ }).waitFor();
      expect(await activeNav()).toEqual(['Categories']);
      await text(`4 categories · ${(FILLER + FIXTURES.length).toLocaleString('en-US')} businesses`);
      // Filters: A–Z order and a smallest number of businesses; the grid/list toggle.
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Sort by').selectOption('name');
      // Each choice goes into the address and the list follows it: read the list once it has.
      const cards = page.locator('main a.card h3');
      const listed = (names: string[]) => eventually(async () => expect(await cards.allInnerTexts()).toEqual(names));
      await listed(['Bakery', 'Coffee shop', 'Hardware store', 'Restaurant']);
      await page.getByLabel('Businesses', { exact: true }).selectOption('100');
      await listed(['Hardware store']);
      await page.getByLabel('Businesses', { exact: true }).selectOption('0');
      await page.getByRole('button', { name: 'List view' }).click();
      await eventually(async () => expect(await page.locator('main .list a.card').count()).toBe(4));
      const letters = page.getByRole('navigation', { name: 'Letters' });
      expect(await letters.getByRole('link').count()).toBe(27);
      await letters.getByRole('link', { name: 'B', exact: true }).click();
      await page.waitForURL(/\/categories\/b$/);
      // The address changes before the letter's list has come; the list before it stays until then.
      await page.getByRole('link', { name: /Hardware store/ }).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: /^Bakery/ }).waitFor();
      await page.getByPlaceholder('Search categories...').fill('bákery');
      await page.getByRole('link', { name: /^Bakery/ }).waitFor();
      await page.getByPlaceholder('Search categories...').fill('zzz');
      await text('No categories found');
      await text('Try adjusting your search terms');
    });

    it('category detail', async () => {
      await visit(page, `/categories/bakery`);
      await page.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor();
      await text('15 businesses in 1 country.');
      await text('Showing 1–12 of 15 businesses');
      expect(await page.locator('article.card').count()).toBe(12);
      // A count beside a link is what the link shows: the category's businesses in that country, searched.
      const sidebar = page.getByRole('complementary');
      expect(await sidebar.getByRole('listitem').first().innerText()).toBe('Germany (15)');
      expect(await sidebar.getByRole('link', { name: 'Germany' }).getAttribute('href')).toBe(
        '/search?category=bakery&country=DE',
      );
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2' }).click();
      // The page is in the address: a business, then Back, returns to page 2 (not page 1).
      await page.waitForURL(/\/categories\/bakery\?page=2$/);
      await text('Showing 13–15 of 15 businesses');
      await page.locator('article.card').first().getByRole('link', { name: 'View Details' }).click();
      await page.waitForURL(/\/business\//);
      await page.goBack();
      await page.waitForURL(/\/categories\/bakery\?page=2$/);
      await text('Showing 13–15 of 15 businesses');
      expect(await page.locator('article.card').count()).toBe(3);
      // Server-rendered at that address too.
      await visit(page, `/categories/bakery?page=2`);
      await text('Showing 13–15 of 15 businesses');
      await visit(page, `/categories/no-such-category`);
      await heading(/Error loading category|Category not found/);
    });

    it('countries and a country', async () => {
      await visit(page, `/countries`);
      await page.getByRole('link', { name: /^France/ }).waitFor();
      expect(await activeNav()).toEqual(['Countries']);
      await text(/Market Share/);
      // K above 999: France has the filler's 1000 businesses.
      expect(await page.getByRole('link', { name: /^France/ }).innerText()).toMatch(/1K\+ businesses/);
      await page.getByRole('link', { name: /^Germany/ }).click();
      await page.waitForURL(/\/countries\/germany$/);
      await page.getByRole('heading', { level: 1, name: 'Germany' }).waitFor();
      expect((await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).replace(/\s+/g, ' ')).toBe(
        'Home / Countries / Germany',
      );
      expect(await page.getByRole('link', { name: /^Berlin/ }).getAttribute('href')).toBe('/cities/de/berlin');
      await text('Discover 17 businesses in Germany, across 3 cities and 2 categories.');
      // No raw figures: France's filler tile reads "1,000" as the rest of the site writes counts.
      await visit(page, '/countries/france');
      expect((await page.locator('.tiles').innerText()).replace(/\s+/g, ' ')).toBe(
        '1,000 businesses 1 city 1 category',
      );
      expect(await page.getByRole('link', { name: 'Lyon (1,000)' }).getAttribute('href')).toBe('/cities/fr/lyon');
      await visit(page, '/countries/germany');
      // "Bakery (15)" counts Germany's bakeries (not every bakery): its link searches exactly those.
      const bakeries = page.getByRole('link', { name: 'Bakery (15)' });
      expect(await bakeries.getAttribute('href')).toBe('/search?category=bakery&country=DE');
      await bakeries.click();
      await page.waitForURL(/\/search\?category=bakery&country=DE$/);
      await eventually(async () => expect(await page.locator('.result-count strong').innerText()).toBe('15 results'));
      await visit(page, `/countries/atlantis`);
      await heading('Country not found');
      expect(await page.getByRole('link', { name: /Back to countries/ }).getAttribute('href')).toBe('/countries');
    });

    it("a country's cities", async () => {
      await visit(page, `/countries/us`);
      const all = page.getByRole('link', { name: `View All ${US_CITIES.length} Cities` });
      await all.click();
      await page.waitForURL(/\/countries\/us\/cities$/);
      await page.getByRole('link', { name: /^Austin/ }).waitFor();
      expect(await page.getByRole('link', { name: /^Austin/ }).getAttribute('href')).toBe('/cities/us/austin');
      await page.getByPlaceholder('Search cities...').fill('bos');
      await page.getByRole('link', { name: /^Austin/ }).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: /^Boston/ }).waitFor();
    });

    it('cities, a letter and a city', async () => {
      await visit(page, `/cities`);
      expect(await activeNav()).toEqual(['Cities']);
      await text('Showing 1–24 of 25 cities');
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      await page.mouse.wheel(0, 2000);
      await pager.getByRole('button', { name: '2' }).click();
      await text('Showing 25–25 of 25 cities');
      await page.waitForURL(/\/cities\?page=2$/);
      // The page change scrolls back to the top.
      await page.waitForFunction(() => (window.scrollY as number) === 0);
      // New search text starts again from page 1.
      await page.getByPlaceholder('Search cities or countries...').fill('a');
      await text(/^Showing 1–\d+ of \d+ cities$/);
      // A country code matches its cities ("us" is also inside "Houston", a US city).
      await page.getByPlaceholder('Search cities or countries...').fill('us');
      await text(/Showing 1–21 of 21 cities/);
      await visit(page, `/cities/b`);
      await page.getByRole('heading', { level: 1, name: /B$/ }).waitFor();
      await text(/Showing 1–2 of 2 cities/);
      await page.getByPlaceholder('Search cities or countries...').fill('zzz');
      await text('No cities found');
      // Accents and case fold on both sides: "BÉRLIN" finds Berlin (the names' side: web/src/lib/fold.spec.ts).
      await page.getByPlaceholder('Search cities or countries...').fill('BÉRLIN');
      await text(/Showing 1–1 of 1 city$/);
      await page.getByPlaceholder('Search cities or countries...').fill('');
      const berlin = page.getByRole('link', { name: /^Berlin/ });
      expect(await berlin.getAttribute('href')).toBe('/cities/de/berlin');
      await berlin.click();
      await page.getByRole('heading', { level: 1, name: 'Berlin, Germany' }).waitFor();
      await text('Browse 12 businesses in Berlin, Germany, in 2 categories.');
      expect(await page.locator('article.card').count()).toBe(12);
      // "Bakery (11)" counts Berlin's bakeries: its link searches exactly those.
      const sidebar = page.getByRole('complementary');
      expect(await sidebar.getByRole('listitem').first().innerText()).toBe('Bakery (11)');
      await sidebar.getByRole('link', { name: 'Bakery' }).click();
      await page.waitForURL(/\/search\?category=bakery&country=DE&city=berlin$/);
      await eventually(async () => expect(await page.locator('.result-count strong').innerText()).toBe('11 results'));
      await visit(page, `/cities/de/atlantis`);
      await heading('City not found');
    });

    it('contact', async () => {
      await visit(page, `/contact`);
      await heading('Send us a Message');
      expect(await activeNav()).toEqual(['Contact']);
      await text(/Mon-Fri 9:00 AM to 6:00 PM EST/);
      await text(/Saturday 10:00 AM to 4:00 PM EST/);
      await text(/24 hours/);
      for (const block of ['Office Address', 'Phone Support', 'Email Support', 'Business Hours', 'Platform Statistics'])
        await heading(block);
      for (const figure of ['564,000+', '195+', '15,000+', '500+']) await text(figure);
      expect(await page.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
      for (const label of ['Full Name*', 'Email Address*', 'Subject*', 'Message*', 'Company', 'Phone'])
        await page.getByLabel(label, { exact: true }).waitFor();
      expect(await page.getByLabel('Message*').getAttribute('rows')).toBe('6');
    });

    it.each([
      ['privacy-policy', 'Privacy Policy', 'International transfers'],
      ['legal-notice', 'Legal Notice', 'Dispute resolution'],
      ['terms-of-service', 'Terms of Service (AGB)', 'Termination'],
      ['cookie-policy', 'Cookie Policy', 'Duration and retention'],
    ])('legal page /%s', async (path, title, section) => {
      await visit(page, `/${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await heading(section);
      await text(/last updated December 12, 2025/i);
      if (path === 'cookie-policy') {
        await text(/e-mail at \S+@\S+, by phone at \+/);
        // Example cookies by type, with their providers.
        const table = page.getByRole('table');
        for (const name of ['admin_session', '_ga', '_fbp', 'Google Analytics (Google LLC)', 'Meta Pixel'])
          await table.getByText(name, { exact: false }).first().waitFor();
        expect(await table.getByRole('row').count()).toBeGreaterThan(4);
      }
      expect(await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: title }).count()).toBe(1);
    });

    it('answers 404 for an address that is no page, and for a page past the last of a list', async () => {
      const get = (path: string) => page.request.get(`${site.base}${path}`, { maxRedirects: 0 });
      // An A–Z address that is no letter: the not-found page, not "Unable to load".
      for (const path of ['/cities/1', '/cities/_', '/categories/1', '/categories/-']) {
        const res = await get(path);
        const html = await res.text();
        expect([path, res.status(), html.includes('<h1>404 — Page not found</h1>')]).toEqual([path, 404, true]);
        expect([path, html.includes('Unable to load')]).toEqual([path, false]);
      }
      // A page past the last of a country's cities (the United States' 21 fit on one) or of its categories.
      for (const [path, said] of [
        ['/countries/us/cities?page=99', 'Page 99 does not exist'],
        ['/countries/de?page=2', 'Page 2 does not exist'],
      ]) {
        const res = await get(path);
        expect([path, res.status(), (await res.text()).includes(said)]).toEqual([path, 404, true]);
      }
      await visit(page, '/countries/us/cities?page=99');
      await heading('Page 99 does not exist');
      expect(await page.getByText('No cities found').count()).toBe(0);
      await visit(page, '/cities/1');
      await heading(/404/);
      // A business address in capitals moves to its lower-case one, as the other places' addresses do.
      const capitals = await get('/business/NACHT-CAFE?ref=x');
      expect([capitals.status(), capitals.headers().location]).toEqual([301, '/business/nacht-cafe?ref=x']);
    });

    it('an unknown path shows the not-found page', async () => {
      await visit(page, `/no/such/page`);
      await heading(/404/);
      await text(/does not exist/);
      // Its 300×250 advertisement slot, filled with the first ad code and its scripts run.
      const slot = page.locator('.ad-slot-404');
      await slot.locator('#e2e-ad1', { hasText: 'ad1 ran' }).waitFor();
      const box = await slot.boundingBox();
      expect([Math.round(box!.width), box!.height >= 250]).toEqual([300, true]);
      for (const name of ['Categories', 'Countries', 'Cities'])
        expect(await page.getByRole('main').getByRole('link', { name, exact: true }).count()).toBe(1);
      await page.getByRole('link', { name: 'Back to Home' }).waitFor();
      expect(await activeNav()).toEqual([]);
    });
  });

  it('searches from home and lands on results', async () => {
    await visit(page, `/`);
    await page.getByRole('combobox', { name: 'Search businesses' }).fill('kiez');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=kiez$/);
    await page.getByRole('list', { name: 'Results' }).getByRole('listitem').first().waitFor();
    expect(await page.getByRole('list', { name: 'Results' }).getByRole('listitem').count()).toBe(14);
  });
});

/** The browser globals the page functions above use (the root tsconfig has no DOM types). */
declare const window: { scrollY: unknown };
declare const getComputedStyle: (element: unknown) => { backgroundColor: string };
