import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { browserSuite, launchChromium } from '../testing/browser.js';
import { eventually } from '../testing/eventually.js';
import type { FixtureBusiness } from '../api/src/testing/test-app.js';
import { insertBusinesses, startTestApp, type TestApp } from '../api/src/testing/test-app.js';
import { WEB_DIST } from '../api/src/web-app/web-app.module.js';

/**
 * The search page in a real browser against the real api: the state in the address, facet filters,
 * near-me sorting, paging, the map, the suggestions' keyboard use, and the other pages' search controls.
 * Needs Debian's chromium (or CHROMIUM_PATH) and the built web app (npm test builds it first).
 */
const suite = browserSuite('Browser tests', [`${WEB_DIST}/index.html`]);

const BAKERIES: FixtureBusiness[] = [
  ...Array.from({ length: 24 }, (_, i) => ({
    name: `Kiez Bakery ${i + 1}`,
    slug: `kiez-bakery-${i + 1}`,
    category: 'Bakery',
    city: 'Berlin',
    country: 'Germany',
    countryCode: 'DE',
    rating: 3 + (i % 20) / 10,
    reviews: 10 + i,
    latitude: 52.5 + i * 0.004,
    longitude: 13.4 + (i % 5) * 0.004,
  })),
  ...Array.from({ length: 4 }, (_, i) => ({
    name: `Boulangerie Paris ${i + 1}`,
    slug: `boulangerie-paris-${i + 1}`,
    category: 'Bakery',
    city: 'Paris',
    country: 'France',
    countryCode: 'FR',
    rating: 4.5,
    reviews: 100 + i,
    latitude: 48.85 + i * 0.01,
    longitude: 2.35,
  })),
  {
    name: 'Spree Coffee',
    slug: 'spree-coffee',
    category: 'Coffee shop',
    city: 'Berlin',
    country: 'Germany',
    countryCode: 'DE',
    rating: 4.2,
    reviews: 55,
  },
];

suite('the search page in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, BAKERIES);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      geolocation: { latitude: 52.5, longitude: 13.4 },
      permissions: ['geolocation'],
    });
    // Map tiles and photos come from other hosts: none are needed here.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const results = () => page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  const count = () => page.locator('.result-count').innerText();

  it('searches from the address, filters by facet and keeps every choice in the address', async () => {
    await page.goto(`${base}/search?q=bakery`);
    await eventually(async () => expect(await results().count()).toBe(20));
    expect(await count()).toMatch(/^28 results for “bakery”/);
    await page.locator('.leaflet-marker-icon').first().waitFor();

    await page.getByLabel('Country').selectOption('FR');
    await page.waitForURL(/country=FR/);
    await eventually(async () => expect(await results().count()).toBe(4));
    expect(await count()).toMatch(/^4 results/);

    await page.getByRole('button', { name: /Country: France/ }).click();
    await page.waitForURL((url) => !url.search.includes('country='));
    await page.getByLabel('Minimum rating').selectOption('4.5');
    await page.getByLabel('Sort by').selectOption('reviews');
    await page.waitForURL(/minRating=4\.5.*sort=reviews|sort=reviews.*minRating=4\.5/);
    await eventually(async () =>
      expect(await results().first().innerText({ timeout: 2000 })).toMatch('Boulangerie Paris 4'),
    );

    // The link alone reproduces the search.
    const shared = page.url();
    const other = await context.newPage();
    await other.goto(shared);
    const first = other.getByRole('list', { name: 'Results' }).getByRole('listitem').first();
    await eventually(async () => expect(await first.innerText({ timeout: 2000 })).toMatch('Boulangerie Paris 4'));
    await other.close();
  });

  it('pages through the results and walks back with the browser', async () => {
    await page.goto(`${base}/search?q=bakery`);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await eventually(async () => expect(await results().count()).toBe(8));
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('page='));
    await eventually(async () => expect(await results().count()).toBe(20));
  });

  it('sorts by distance from the visitor after asking for the location', async () => {
    await page.goto(`${base}/search?q=bakery`);
    await page.getByLabel('Sort by').selectOption('distance');
    await page.waitForURL(/sort=distance/);
    expect(page.url()).toMatch(/lat=52\.5&lng=13\.4/);
    await eventually(async () => expect(await results().first().innerText({ timeout: 2000 })).toMatch('Kiez Bakery 1'));
    await eventually(async () => expect(await results().first().innerText({ timeout: 2000 })).toMatch(/\d+ m/));
  });

  it('shows the empty state', async () => {
    await page.goto(`${base}/search?q=zzzzqqqq`);
    await page.getByText('No businesses found').waitFor();
    await page.getByText('Try adjusting your search criteria.').waitFor();
  });

  it('offers what to try instead of an empty result, each offer leading to results', async () => {
    // Coffee is in Berlin, not in Paris: the same words anywhere, and what Paris has.
    await page.goto(`${base}/search?q=coffee&location=Paris`);
    await page.getByText('No businesses found').waitFor();
    await page.getByRole('heading', { name: 'Popular in Paris' }).waitFor();
    expect(await page.getByRole('link', { name: 'Bakery' }).getAttribute('href')).toBe(
      '/search?location=Paris&category=bakery',
    );
    await page.getByRole('link', { name: 'Search “coffee” everywhere (1 result)' }).click();
    await eventually(async () => expect(await results().first().innerText({ timeout: 2000 })).toMatch('Spree Coffee'));
    // A typo too far for search: the names close to it.
    await page.goto(`${base}/search?q=sprea%20cofee%20zzq`);
    await page.getByRole('heading', { name: 'Did you mean' }).waitFor();
    await page.getByRole('link', { name: 'Spree Coffee' }).waitFor();
  });

  it('suggests as one types and is used with the keyboard', async () => {
    await page.goto(`${base}/search`);
    const what = page.getByRole('combobox', { name: 'Search businesses' });
    await what.fill('kiez');
    const options = page.getByRole('listbox', { name: 'Search businesses suggestions' }).getByRole('option');
    await options.first().waitFor();
    await what.press('Escape');
    await eventually(async () => expect(await what.getAttribute('aria-expanded')).toBe('false'));
    await what.press('ArrowDown');
    await options.first().waitFor();
    await what.press('ArrowDown');
    const active = await what.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    const name = await page.locator(`[id="${active}"]`).getAttribute('aria-label');
    expect(name).toMatch(/Kiez Bakery .* \(business\)/);
    await what.press('Enter');
    await page.waitForURL(/\/business\/kiez-bakery-/);
  });

  it('fills the location from a city suggestion', async () => {
    await page.goto(`${base}/search?q=bakery`);
    const where = page.getByRole('combobox', { name: 'Location' });
    await where.fill('Pari');
    await page.getByRole('listbox', { name: 'Location suggestions' }).getByRole('option').first().waitFor();
    await where.press('ArrowDown');
    await where.press('Enter');
    await eventually(async () => expect(await where.inputValue({ timeout: 2000 })).toBe('Paris'));
    await where.press('Enter');
    await page.waitForURL(/location=Paris/);
    await eventually(async () => expect(await results().count()).toBe(4));
  });

  it('is reached from the home hero, the business list and the not-found page', async () => {
    await page.goto(`${base}/`);
    await page.getByRole('combobox', { name: 'Search businesses' }).fill('bakery');
    await page.getByRole('combobox', { name: 'Location' }).fill('Berlin');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=bakery&location=Berlin$/);
    await eventually(async () => expect(await results().count()).toBe(20));

    await page.goto(`${base}/businesses`);
    await page.getByPlaceholder('Search businesses...').fill('coffee');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.waitForURL(/\/search\?q=coffee$/);
    await page.getByRole('complementary', { name: 'Filters' }).waitFor();

    await page.goto(`${base}/no-such-page`);
    const button = page.getByRole('button', { name: 'Search', exact: true });
    expect(await button.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'What' }).fill('  spree ');
    await page.getByRole('combobox', { name: 'What' }).press('Enter');
    await page.waitForURL(/\/search\?q=spree$/);
    await eventually(async () => expect(await results().count()).toBe(1));
  });

  it('fits a 360 px screen, with the filters behind a button', async () => {
    const small = await context.newPage();
    await small.setViewportSize({ width: 360, height: 780 });
    await small.goto(`${base}/search?q=bakery`);
    await small.getByRole('list', { name: 'Results' }).getByRole('listitem').first().waitFor();
    expect(await small.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    const toggle = small.getByRole('button', { name: /^Filters/ });
    await small.getByLabel('Country').waitFor({ state: 'hidden' });
    await toggle.click();
    await eventually(async () => expect(await toggle.getAttribute('aria-expanded')).toBe('true'));
    await small.getByLabel('Country').waitFor();
    await small.close();
  });
});
