import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserSuite, launchChromium } from '../testing/browser.js';
import type { FixtureBusiness } from '../api/src/testing/test-app.js';
import { insertBusinesses, startTestApp, syncSearch, type TestApp } from '../api/src/testing/test-app.js';
import { PublicCacheService } from '../api/src/cache/public-cache.service.js';
import { WEB_DIST } from '../api/src/web-app/web-app.module.js';

/**
 * Every public screen of the public spec §2 in a real browser against the real api: routes and their
 * texts, the navigation, the business page (badges, share, directions, amenities, map, hours, head and
 * structured data, ad slots), site snippets, the contact form, the home counters, a 360 px phone,
 * keyboard use and an axe-core accessibility check. Screenshots go to e2e/screenshots/ (git-ignored).
 * Needs Debian's chromium (or CHROMIUM_PATH) and the built web app (npm test builds it first).
 */
const suite = browserSuite('Browser tests', [`${WEB_DIST}/index.html`]);

const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// The browser runs in a fixed time zone so that the test knows the visitor's weekday on its own.
const TIME_ZONE = 'Europe/Berlin';
const WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const everyDay = (text: string) => JSON.stringify(Object.fromEntries(WEEK.map((day) => [day, text])));

const STAR: FixtureBusiness = {
  name: 'Spree Bäckerei',
  slug: 'spree-baeckerei-berlin-k3x9q2',
  category: 'Bakery',
  city: 'Berlin',
  country: 'Germany',
  countryCode: 'DE',
  rating: 4.7,
  reviews: 321,
  workingHours: everyDay('7AM-7PM'),
  // Ten true amenities and two false ones: the page shows eight true ones.
  about: JSON.stringify({
    'Service options': { Delivery: true, Takeout: true, 'Dine-in': true, 'Drive-through': false },
    Accessibility: { 'Wheelchair accessible entrance': true, 'Wheelchair accessible seating': true },
    Offerings: { Coffee: true, 'Organic dishes': true, 'Vegan options': true, Alcohol: false },
    Amenities: { 'Wi-Fi': true, Restroom: true },
  }),
  latitude: 52.52,
  longitude: 13.405,
  placeId: 'ChIJ-e2e-place_id',
  photo: 'https://photos.example/spree.jpg',
};
const CLOSED: FixtureBusiness = {
  name: 'Nacht Café',
  slug: 'nacht-cafe',
  category: 'Coffee shop',
  city: 'Berlin',
  country: 'Germany',
  countryCode: 'DE',
  rating: 4,
  reviews: 12,
  workingHours: everyDay('Closed'),
  about: 'A quiet café that only opens for private events.',
};
const US_CITIES =
  'Austin Boston Chicago Denver Detroit Houston Miami Omaha Phoenix Portland Reno Seattle Tampa Tulsa Atlanta Dallas Fresno Memphis Newark Orlando Raleigh'.split(
    ' ',
  );
const FIXTURES: FixtureBusiness[] = [
  STAR,
  CLOSED,
  // The 25th city: the city list has two pages.
  {
    name: 'Alster Kaffee',
    slug: 'alster-kaffee',
    category: 'Coffee shop',
    city: 'Hamburg',
    countryCode: 'DE',
    country: 'Germany',
  },
  ...Array.from({ length: 14 }, (_, i) => ({
    name: `Kiez Bakery ${i + 1}`,
    slug: `kiez-bakery-${i + 1}`,
    category: 'Bakery',
    city: i < 10 ? 'Berlin' : 'Munich',
    country: 'Germany',
    countryCode: 'DE',
    rating: 3 + (i % 10) / 10,
    reviews: 10 + i,
    latitude: 52.5 + i * 0.004,
    longitude: 13.4,
    // Featured businesses need a photo; this host is blocked, so the cards show their fallback image.
    photo: `https://photos.example/kiez-${i + 1}.jpg`,
  })),
  ...US_CITIES.map((city) => ({
    name: `${city} Diner`,
    slug: `${city.toLowerCase()}-diner`,
    category: 'Restaurant',
    city,
    country: 'United States',
    countryCode: 'US',
    rating: 4.1,
    reviews: 40,
  })),
];
// Enough businesses for the K+ counter and a business list of many pages, in one statement.
const FILLER = 1000;

suite('the public site in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  const sql = (query: string, params: unknown[] = []) => t.orm.em.fork().execute(query, params);
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    await sql(
      `insert into businesses (name, slug, category, category_slug, city, city_slug, country, country_code, rating,
         reviews, is_approved)
       select 'Filler Hardware ' || i, 'filler-hardware-' || i, 'Hardware store', 'hardware-store', 'Lyon', 'lyon',
         'France', 'FR', 2.5, 1, true
       from generate_series(1, ${FILLER}) i`,
    );
    await insertBusinesses(t, FIXTURES);
    await sql(
      `update businesses set type = 'Artisan bakery', verified = true, phone = '+49 30 1234567',
         full_address = 'Oranienstraße 1, 10999 Berlin, Germany' where slug = ?`,
      [STAR.slug],
    );
    await syncSearch(t);
    // Site-wide snippets and the four ad slots, as an admin saves them.
    const snippets: Record<string, string> = {
      head_tags: '<meta name="e2e-head" content="present"><script>window.headRan = true</script>',
      analytics_code: '<script>window.analyticsRan = true</script>',
      facebook_pixel: '<noscript id="e2e-pixel"><img src="https://px.example/p.gif" alt=""></noscript>',
      footer_tags: '<script src="https://ads.example/footer.js" id="e2e-footer"></script>',
    };
    for (const [key, value] of Object.entries(snippets))
      await sql('update site_settings set value = ? where key = ?', [value, key]);
    for (const slot of ['ad1', 'ad2', 'ad3', 'ad4'])
      await sql('update advertisement_codes set code = ? where slot = ?', [
        `<div class="e2e-ad" id="e2e-${slot}"></div>` +
          `<script>document.getElementById('e2e-${slot}').textContent = '${slot} ran'</script>` +
          `<script src="https://ads.example/${slot}.js" data-slot="${slot}"></script>`,
        slot,
      ]);
    await t.app.get(PublicCacheService).invalidate('settings');

    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: TIME_ZONE,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    // Map tiles and photos come from other hosts: none are needed. The "ad network" answers with scripts
    // that record that they ran (routes registered later are tried first).
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    await context.route('https://ads.example/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.adsRan = (window.adsRan || []).concat(document.currentScript.dataset.slot || "footer");',
      }),
    );
    // Every page of the context reports script errors and console errors (hydration mismatches among
    // them); requests to the blocked hosts and the api's intended 404s only log "Failed to load resource".
    context.on('page', (opened) => {
      opened.on('pageerror', (error) => errors.push(`${opened.url()}: ${error.message}`));
      opened.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          errors.push(`${opened.url()}: ${message.text()}`);
      });
    });
    page = await context.newPage();
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });
  afterEach(() => {
    const logged = errors.splice(0);
    expect(logged).toEqual([]);
  });

  /**
   * Opens a path and waits until React has taken over the page: the server-rendered HTML shows the texts
   * at once, but typing or clicking before hydration would be lost.
   */
  const visit = async (target: Page, path: string) => {
    await target.goto(`${base}${path}`);
    await target.waitForFunction(() => {
      const footer = document.querySelector('footer');
      return !!footer && Object.keys(footer).some((key) => key.startsWith('__reactProps'));
    });
  };
  const text = (value: string | RegExp) => page.getByText(value).first().waitFor();
  const heading = (name: string | RegExp) => page.getByRole('heading', { name }).first().waitFor();
  const activeNav = () =>
    page
      .getByRole('navigation', { name: 'Main' })
      .locator('a[aria-current="page"]')
      .allInnerTexts()
      .then((texts) => texts.map((s) => s.trim()));

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
      await visit(page, `/businesses?page=2`);
      await text(`Showing 21-40 of ${total} businesses`);
      for (const tile of ['Total Businesses', 'Current Page', 'Total Pages', 'Per Page']) await text(tile);
      expect(await page.getByPlaceholder('Search businesses...').count()).toBe(1);
      expect(await activeNav()).toEqual(['Businesses']);
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      expect(await pager.locator('[aria-current="page"]').innerText()).toBe('2');
      const pages = Math.ceil(total / 20);
      // First page, two each side of the current one, an ellipsis, the last page.
      expect((await pager.innerText()).replace(/\s+/g, ' ')).toBe(`Previous 1 2 3 4 5 … ${pages} Next`);
      await pager.getByRole('button', { name: '4' }).click();
      await page.waitForURL(/\/businesses\?page=4$/);
      await text(`Showing 61-80 of ${total} businesses`);
      expect((await pager.innerText()).replace(/\s+/g, ' ')).toBe(`Previous 1 2 3 4 5 6 … ${pages} Next`);
      await pager.getByRole('button', { name: String(pages) }).click();
      await page.waitForURL(new RegExp(`page=${pages}$`));
      // The address changes before the page's data has come: the last page's rows first, then its pager.
      await text(`Showing ${(pages - 1) * 20 + 1}-${total} of ${total} businesses`);
      expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      // Only pages 1 to 100 are accepted.
      await visit(page, `/businesses?page=101`);
      await text(`Showing 1-20 of ${total} businesses`);
    });

    it('opens a business from a card', async () => {
      await visit(page, `/businesses`);
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
      await text(`4 categories · ${FILLER + FIXTURES.length} businesses`);
      const letters = page.getByRole('navigation', { name: 'Letters' });
      expect(await letters.getByRole('link').count()).toBe(27);
      await letters.getByRole('link', { name: 'B', exact: true }).click();
      await page.waitForURL(/\/categories\/b$/);
      // The address changes before the letter's list has come; the list before it stays until then.
      await page.getByRole('link', { name: /Hardware store/ }).waitFor({ state: 'detached' });
      await page.getByRole('link', { name: /^Bakery/ }).waitFor();
      await page.getByPlaceholder('Search categories...').fill('zzz');
      await text('No categories found');
      await text('Try adjusting your search terms');
    });

    it('category detail', async () => {
      await visit(page, `/categories/bakery`);
      await page.getByRole('heading', { level: 1, name: 'Bakery' }).waitFor();
      await text('15 businesses in 1 country.');
      await text('Showing 1 - 12 of 15 businesses');
      expect(await page.locator('article.card').count()).toBe(12);
      const sidebar = page.getByRole('complementary');
      expect(await sidebar.getByRole('link', { name: 'Germany' }).getAttribute('href')).toBe('/countries/germany');
      await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2' }).click();
      await text('Showing 13 - 15 of 15 businesses');
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
      await text('Showing 1 to 24 of 25 cities');
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      await page.mouse.wheel(0, 2000);
      await pager.getByRole('button', { name: '2' }).click();
      await text('Showing 25 to 25 of 25 cities');
      // The page change scrolls back to the top.
      await page.waitForFunction(() => (window.scrollY as number) === 0);
      // New search text starts again from page 1.
      await page.getByPlaceholder('Search cities or countries...').fill('a');
      await text(/^Showing 1 to \d+ of \d+ cities$/);
      // A country code matches its cities ("us" is also inside "Houston", a US city).
      await page.getByPlaceholder('Search cities or countries...').fill('us');
      await text(/Showing 1 to 21 of 21 cities/);
      await visit(page, `/cities/b`);
      await page.getByRole('heading', { level: 1, name: /B$/ }).waitFor();
      await text(/Showing 1 to 2 of 2 cities/);
      await page.getByPlaceholder('Search cities or countries...').fill('zzz');
      await text('No cities found');
      await page.getByPlaceholder('Search cities or countries...').fill('');
      const berlin = page.getByRole('link', { name: /^Berlin/ });
      expect(await berlin.getAttribute('href')).toBe('/cities/de/berlin');
      await berlin.click();
      await page.getByRole('heading', { level: 1, name: 'Berlin, Germany' }).waitFor();
      await text('Browse 12 businesses in Berlin, Germany, in 2 categories.');
      expect(await page.locator('article.card').count()).toBe(12);
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
      if (path === 'cookie-policy') await text(/e-mail at \S+@\S+, by phone at \+/);
      expect(await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: title }).count()).toBe(1);
    });

    it('an unknown path shows the not-found page', async () => {
      await visit(page, `/no/such/page`);
      await heading(/404/);
      await text(/does not exist/);
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

  describe('the business page', () => {
    beforeAll(async () => {
      await visit(page, `/business/${STAR.slug}`);
      await page.getByRole('heading', { level: 1, name: STAR.name }).waitFor();
    });

    it('shows the badges, rating, category and address links', async () => {
      await page.locator('.badge.open', { hasText: 'Open' }).waitFor();
      await page.locator('.badge', { hasText: 'Verified' }).waitFor();
      await text('(321 reviews)');
      expect(await page.getByRole('link', { name: 'Artisan bakery' }).getAttribute('href')).toBe('/categories/bakery');
      expect(await page.getByRole('link', { name: 'Berlin', exact: true }).getAttribute('href')).toBe(
        '/cities/de/berlin',
      );
      expect(await page.getByRole('link', { name: 'Germany', exact: true }).getAttribute('href')).toBe('/countries/de');
      expect(await page.getByRole('link', { name: 'Call Now' }).getAttribute('href')).toBe('tel:+49 30 1234567');
      await text('OPERATIONAL');
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
      expect(await page.locator('tr.today td').innerText()).toBe('7AM-7PM');
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
      // The §5 retry: a trailing -xxxxxx suffix is stripped.
      await visit(page, `/business/kiez-bakery-1-zz99aa`);
      await page.getByRole('heading', { level: 1, name: 'Kiez Bakery 1' }).waitFor();
      await visit(page, `/business/no-such-business`);
      await heading('Business Not Found');
      expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
    });
  });

  it('validates the contact form with the §5 messages, then sends it', async () => {
    await visit(page, `/contact`);
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ])
      await text(message);
    // Each message belongs to its field for assistive technology.
    const name = page.getByLabel('Full Name*');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await name.getAttribute('aria-describedby')}`).innerText()).toBe(
      'Name must be at least 2 characters',
    );
    await page.getByLabel('Full Name*').fill('Ada Lovelace');
    await page.getByLabel('Email Address*').fill('ada@example');
    await page.getByLabel('Subject*').fill('Hi');
    await page.getByLabel('Message*').fill('Please update my listing.');
    await send.click();
    await text('Please enter a valid email address');
    await text('Subject must be at least 5 characters');
    expect(await page.getByText('Name must be at least 2 characters').count()).toBe(0);
    expect(await page.getByText('Message must be at least 10 characters').count()).toBe(0);

    await page.getByLabel('Email Address*').fill(' ada@example.com ');
    await page.getByLabel('Subject*').fill('Listing update');
    await page.getByLabel('Company').fill('Analytical Engines');
    await send.click();
    const notice = page.getByRole('status');
    await notice.getByText('Message Sent Successfully').waitFor();
    expect(await notice.innerText()).toContain("Thank you for your message. We'll get back to you within 24 hours.");
    expect(await page.getByLabel('Full Name*').inputValue()).toBe('');
    const [saved] = await sql('select name, email, subject, company, phone from contact_messages');
    expect(saved).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Listing update',
      company: 'Analytical Engines',
      phone: null,
    });
    // A new, invalid message replaces the earlier notice with its errors.
    await send.click();
    await text('Name must be at least 2 characters');
    expect(await page.getByText('Message Sent Successfully').count()).toBe(0);
  });

  it('disables the button while sending and shows the §8 error notice when sending fails', async () => {
    await visit(page, '/contact');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    });
    await page.getByLabel('Full Name*').fill('Ada Lovelace');
    await page.getByLabel('Email Address*').fill('ada@example.com');
    await page.getByLabel('Subject*').fill('Listing update');
    await page.getByLabel('Message*').fill('Please update my listing.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    const alert = page.getByRole('alert');
    await alert.getByText('Error').waitFor();
    expect(await alert.innerText()).toContain('Failed to send message. Please try again later.');
    // The visitor keeps what they wrote, to send it again.
    expect(await page.getByLabel('Full Name*').inputValue()).toBe('Ada Lovelace');
    await page.unroute('**/api/contact');
  });

  it('counts the home counters up to their K+ values', async () => {
    const { totals } = (await (await fetch(`${base}/api/homepage-data`)).json()) as {
      totals: { businesses: number; cities: number };
    };
    expect(totals.businesses).toBe(FILLER + FIXTURES.length);
    await visit(page, `/`);
    const counter = (label: string) => page.locator('.counter', { hasText: label }).locator('strong');
    await counter('Businesses').filter({ hasText: '1K+' }).waitFor();
    await counter('Countries').filter({ hasText: /^3$/ }).waitFor();
    await counter('Cities')
      .filter({ hasText: new RegExp(`^${totals.cities}$`) })
      .waitFor();
    await counter('Categories').filter({ hasText: /^4$/ }).waitFor();
  });

  it('reaches the navigation and the search inputs with the keyboard', async () => {
    await visit(page, `/`);
    await page.getByRole('combobox', { name: 'Location' }).waitFor();
    const reached: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement;
          return (
            el?.getAttribute('aria-label') || el?.labels?.[0]?.textContent?.trim() || el?.textContent?.trim() || ''
          );
        }),
      );
    }
    for (const name of [
      'Home',
      'Businesses',
      'Categories',
      'Countries',
      'Cities',
      'Contact',
      'Search businesses',
      'Location',
    ])
      expect(reached).toContain(name);
    // The Explore tabs: arrow keys move the selection and the focus.
    const categoriesTab = page.getByRole('tab', { name: 'Categories' });
    await categoriesTab.focus();
    await page.keyboard.press('ArrowRight');
    const citiesTab = page.getByRole('tab', { name: 'Cities' });
    expect(await citiesTab.getAttribute('aria-selected')).toBe('true');
    expect(await citiesTab.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await categoriesTab.getAttribute('aria-selected')).toBe('true');
    await visit(page, `/search?q=bakery`);
    await page.getByRole('list', { name: 'Results' }).waitFor();
    await page.keyboard.press('Tab');
    for (
      let i = 0;
      i < 30 && !(await page.evaluate(() => document.activeElement?.getAttribute('role') === 'combobox'));
      i++
    )
      await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.labels?.[0]?.textContent)).toBe('Search businesses');
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
});

/** The few browser globals the page functions above use (the root tsconfig has no DOM types). */
interface PageElement {
  id: string;
  textContent: string | null;
  async?: boolean;
  labels?: ArrayLike<{ textContent: string | null }> | null;
  getAttribute(name: string): string | null;
}
declare const document: {
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  querySelector(selector: string): PageElement | null;
  activeElement: PageElement | null;
  body: { firstElementChild: PageElement | null };
};
declare const window: Record<string, unknown> & { adsRan?: string[] };
declare const navigator: { clipboard: { readText(): Promise<string> } };

interface AxeResult {
  violations: { id: string; nodes: { target: string[] }[] }[];
}
