import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserSuite, launchChromium } from '../../testing/browser.js';
import type { FixtureBusiness } from '../../api/src/testing/test-app.js';
import { insertBusinesses, startTestApp, syncSearch, type TestApp } from '../../api/src/testing/test-app.js';
import { PublicCacheService } from '../../api/src/cache/public-cache.service.js';
import { WEB_DIST } from '../../api/src/web-app/web-app.module.js';

/**
 * The public site's browser suites share this setup: the real api with the fixtures below, its snippets and ad
 * slots as an admin saves them, and one Chromium context that blocks other hosts and records script errors.
 * Needs Debian's chromium (or CHROMIUM_PATH) and the built web app (npm test builds it first).
 */
export const publicSiteSuite = browserSuite('Browser tests', [`${WEB_DIST}/index.html`]);

export const SCREENSHOTS = new URL('../screenshots/', import.meta.url).pathname;
export const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
// The browser runs in Berlin's time zone, where the fixtures are: the test knows the business's weekday on its own.
export const TIME_ZONE = 'Europe/Berlin';
const WEEK = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const everyDay = (text: string) => JSON.stringify(Object.fromEntries(WEEK.map((day) => [day, text])));

export const STAR: FixtureBusiness = {
  name: 'Spree Bäckerei',
  slug: 'spree-baeckerei-berlin-k3x9q2',
  category: 'Bakery',
  city: 'Berlin',
  country: 'Germany',
  countryCode: 'DE',
  rating: 4.7,
  reviews: 321,
  // Open around the clock: the "Open" badge must not depend on the hour the suite runs.
  workingHours: everyDay('Open 24 hours'),
  timeZone: TIME_ZONE,
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
export const CLOSED: FixtureBusiness = {
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
export const US_CITIES =
  'Austin Boston Chicago Denver Detroit Houston Miami Omaha Phoenix Portland Reno Seattle Tampa Tulsa Atlanta Dallas Fresno Memphis Newark Orlando Raleigh'.split(
    ' ',
  );
export const FIXTURES: FixtureBusiness[] = [
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
export const FILLER = 1000;

/** What a spec of the public site reads: the app, the browser context and its page, and the helpers. */
export interface PublicSite {
  t: TestApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  base: string;
}

/**
 * Registers the suite's hooks (start the app and the browser, fail a test that logged a script error, close
 * everything) and returns the site, filled in once `beforeAll` has run, with its helpers.
 */
export function usePublicSite() {
  const site = {} as PublicSite;
  const sql = (query: string, params: unknown[] = []) => site.t.orm.em.fork().execute(query, params);
  const errors: string[] = [];

  beforeAll(async () => {
    const t = (site.t = await startTestApp());
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
         full_address = 'Oranienstraße 1, 10999 Berlin, Germany', url = 'https://www.spree-baeckerei.example/',
         reviews_link = 'https://reviews.example/spree' where slug = ?`,
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
    site.base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const browser = (site.browser = await launchChromium());
    const context = (site.context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      timezoneId: TIME_ZONE,
      permissions: ['clipboard-read', 'clipboard-write'],
    }));
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
    site.page = await context.newPage();
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await site.browser?.close();
    await site.t?.close();
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
    await target.goto(`${site.base}${path}`);
    await target.waitForFunction(() => {
      const footer = document.querySelector('footer');
      return !!footer && Object.keys(footer).some((key) => key.startsWith('__reactProps'));
    });
  };
  const text = (value: string | RegExp) => site.page.getByText(value).first().waitFor();
  const heading = (name: string | RegExp) => site.page.getByRole('heading', { name }).first().waitFor();
  const activeNav = () =>
    site.page
      .getByRole('navigation', { name: 'Main' })
      .locator('a[aria-current="page"]')
      .allInnerTexts()
      .then((texts) => texts.map((s) => s.trim()));

  return { site, sql, visit, text, heading, activeNav };
}

/** An element as the specs' page functions read it (the root tsconfig has no DOM types). */
export interface PageElement {
  id: string;
  textContent: string | null;
  async?: boolean;
  labels?: ArrayLike<{ textContent: string | null }> | null;
  getAttribute(name: string): string | null;
}

/** The browser global the page function above uses. */
declare const document: { querySelector(selector: string): object | null };
