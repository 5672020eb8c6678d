import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
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
/** Screenshots of the layouts at 1280 and 390 px, kept as the run's artefacts. */
const SCREENSHOTS = new URL('./screenshots/', import.meta.url).pathname;

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
    // A place mistyped: the same search in the city whose name is close to it.
    await page.goto(`${base}/search?q=coffee&location=Berln`);
    await page.getByRole('link', { name: 'Search “coffee” in Berlin (1 result)' }).click();
    await page.waitForURL(/\/search\?q=coffee&country=DE&city=berlin$/);
    await eventually(async () => expect(await results().first().innerText({ timeout: 2000 })).toMatch('Spree Coffee'));
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

  it('suggests the words in the cities a place after "in" begins', async () => {
    await page.goto(`${base}/search`);
    const what = page.getByRole('combobox', { name: 'Search businesses' });
    await what.fill('bakery in pari');
    const search = page.getByRole('option', { name: 'bakery in Paris, FR (search)' });
    await search.waitFor();
    await search.click();
    await page.waitForURL(/\/search\?q=bakery&country=FR&city=paris$/);
    await eventually(async () => expect(await results().count()).toBe(4));
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

  it('lists the results in one column beside a map as tall as the window at 1280 px', async () => {
    await page.goto(`${base}/search?q=bakery`);
    await eventually(async () => expect(await results().count()).toBe(20));
    const boxes = await results().evaluateAll((items) =>
      items.slice(0, 3).map((item) => {
        const { left, top, width } = item.getBoundingClientRect();
        return { left, top, width };
      }),
    );
    // One card a row, wide enough for a thumbnail beside the facts.
    expect(new Set(boxes.map((b) => b.left)).size).toBe(1);
    expect(boxes[1].top).toBeGreaterThan(boxes[0].top);
    expect(boxes[0].width).toBeGreaterThan(380);
    const map = await page.locator('.results-map .map').boundingBox();
    const list = await page.getByRole('list', { name: 'Results' }).boundingBox();
    expect(map!.x).toBeGreaterThanOrEqual(list!.x + list!.width);
    expect(map!.height).toBeGreaterThan(850);
    // The map stays in view while the list scrolls.
    await page.mouse.wheel(0, 1500);
    await eventually(async () =>
      expect((await page.locator('.results-map .map').boundingBox())!.y).toBeLessThanOrEqual(10),
    );
    const first = results().first();
    expect(await first.locator('.result-thumb').count()).toBe(1);
    expect(await first.innerText()).toMatch(/Bakery · (Berlin, DE|Paris, FR)/);
    expect(await first.innerText()).toMatch(/\(\d+ reviews\)/);
  });

  it('marks the marker of the card hovered or focused, and the card of the marker hovered', async () => {
    await page.goto(`${base}/search?q=boulangerie`);
    await eventually(async () => expect(await results().count()).toBe(4));
    const marker = (name: string) => page.locator(`.leaflet-marker-icon.pin[title="${name}"]`);
    const marked = (element: Locator) => element.evaluate((el) => el.classList.contains('active'));
    await marker('Boulangerie Paris 2').waitFor();
    const card = results().filter({ hasText: 'Boulangerie Paris 2' }).locator('.result-card');
    await card.hover();
    await eventually(async () => expect(await marked(marker('Boulangerie Paris 2'))).toBe(true));
    expect(await page.locator('.leaflet-marker-icon.active').count()).toBe(1);
    const raised = await marker('Boulangerie Paris 2').evaluate((el) =>
      Number((el as unknown as { style: { zIndex: string } }).style.zIndex),
    );
    const other = await marker('Boulangerie Paris 3').evaluate((el) =>
      Number((el as unknown as { style: { zIndex: string } }).style.zIndex),
    );
    expect(raised).toBeGreaterThan(other);
    // From the keyboard too.
    await results()
      .filter({ hasText: 'Boulangerie Paris 3' })
      .getByRole('link', { name: 'Boulangerie Paris 3' })
      .focus();
    await eventually(async () => expect(await marked(marker('Boulangerie Paris 3'))).toBe(true));
    expect(await marked(marker('Boulangerie Paris 2'))).toBe(false);

    await marker('Boulangerie Paris 4').hover();
    await eventually(async () =>
      expect(await marked(results().filter({ hasText: 'Boulangerie Paris 4' }).locator('.result-card'))).toBe(true),
    );
    expect(await page.locator('.result-card.active').count()).toBe(1);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}search-hover-1280.png` });
    // A click still opens its popup.
    await marker('Boulangerie Paris 4').click();
    await page.locator('.leaflet-popup').getByRole('link', { name: 'Boulangerie Paris 4' }).waitFor();
  });

  it('groups nearby markers into numbered clusters that a hovered card marks and a click zooms into', async () => {
    // Berlin's and Paris's bakeries in one view: Berlin's, a few hundred metres apart, cannot be told apart.
    await page.goto(`${base}/search?q=bakery&sort=name`);
    await eventually(async () => expect(await results().count()).toBe(20));
    const clusters = page.locator('.leaflet-marker-icon.cluster');
    await clusters.first().waitFor();
    const held = async () =>
      (await clusters.allInnerTexts()).map((text) => Number(text.replace(/\D.*$/s, ''))).reduce((a, b) => a + b, 0);
    const pins = page.locator('.leaflet-marker-icon.pin');
    // Every result of the page is on the map once: in a cluster or as its own pin.
    await eventually(async () => expect((await held()) + (await pins.count())).toBe(20));
    expect(await held()).toBeGreaterThanOrEqual(2);
    const berlin = clusters.filter({ hasText: /here: zoom in/ }).first();
    // A card whose marker is in a cluster marks the cluster.
    await results().filter({ hasText: 'Kiez Bakery 1' }).first().locator('.result-card').hover();
    await eventually(async () => expect(await page.locator('.leaflet-marker-icon.cluster.active').count()).toBe(1));
    // A click zooms in on the cluster's businesses: more of them stand alone.
    const pinsBefore = await pins.count();
    await berlin.click();
    await eventually(async () => expect(await pins.count()).toBeGreaterThan(pinsBefore));
  });

  it('searches the area the visitor panned to, keeping the words and dropping the typed place', async () => {
    await page.goto(`${base}/search?q=bakery&location=Germany`);
    await eventually(async () => expect(await count()).toMatch(/^24 results/));
    const searchArea = page.getByRole('button', { name: 'Search this area' });
    expect(await searchArea.count()).toBe(0);
    // The visitor drags the map north: the southern bakeries leave the view (the page's own moves offer nothing).
    const box = (await page.locator('.results-map .map').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 400, { steps: 10 });
    await page.mouse.up();
    await searchArea.waitFor();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}search-this-area-1280.png` });
    await searchArea.click();
    await page.waitForURL(/bbox=/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('bakery');
    expect(url.searchParams.has('location')).toBe(false);
    const [south, west, north, east] = url.searchParams.get('bbox')!.split(',').map(Number);
    for (const edge of [south, west, north, east]) expect(Math.round(edge * 1000) / 1000).toBe(edge);
    // Exactly the bakeries inside the box, counted as such.
    const inside = BAKERIES.filter(
      (b) =>
        b.category === 'Bakery' &&
        b.latitude! >= south &&
        b.latitude! <= north &&
        b.longitude! >= west &&
        b.longitude! <= east,
    );
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(24);
    await eventually(async () =>
      expect(await count()).toMatch(new RegExp(`^${inside.length} results? for “bakery” in the map area`)),
    );
    await eventually(async () => expect(await results().count()).toBe(Math.min(20, inside.length)));
    expect(await searchArea.count()).toBe(0);
    // The area is a filter like the others: removed, the words search everywhere again.
    await page.getByRole('button', { name: /In the map area/ }).click();
    await page.waitForURL((url) => !url.search.includes('bbox='));
    await eventually(async () => expect(await count()).toMatch(/^28 results for “bakery”/));
  });

  it('searches the view by itself as the visitor moves the map, once "Search as I move the map" is ticked', async () => {
    await page.goto(`${base}/search?q=bakery&location=Germany`);
    await eventually(async () => expect(await count()).toMatch(/^24 results/));
    await page.locator('.results-map .leaflet-container').waitFor();
    const toggle = page.getByRole('checkbox', { name: 'Search as I move the map' });
    expect(await toggle.isChecked()).toBe(false);
    const entries = await page.evaluate('history.length');
    await toggle.check();
    const drag = async (dy: number) => {
      const box = (await page.locator('.results-map .map').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + dy, { steps: 10 });
      await page.mouse.up();
    };
    await drag(400);
    await page.waitForURL(/bbox=/);
    const first = new URL(page.url()).searchParams.get('bbox');
    // No button to press, and no history entry per move: Back leaves the search as it was before the map.
    expect(await page.getByRole('button', { name: 'Search this area' }).count()).toBe(0);
    expect(await page.evaluate('history.length')).toBe(entries);
    expect(new URL(page.url()).searchParams.has('location')).toBe(false);
    await eventually(async () => expect(await count()).toMatch(/results? for “bakery” in the map area/));
    // Another move, another search of the new view.
    await drag(-250);
    await page.waitForURL((url) => url.searchParams.get('bbox') !== first);
    await toggle.uncheck();
  });

  it('switches between the list and the map on a 390 px phone', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${base}/search?q=bakery`);
    const list = phone.getByRole('list', { name: 'Results' });
    await list.getByRole('listitem').first().waitFor();
    const toggle = phone.getByRole('group', { name: 'Show results as' });
    const mapButton = toggle.getByRole('button', { name: 'Map' });
    expect(await toggle.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(await phone.getByRole('button', { name: 'Hide map' }).isVisible()).toBe(false);
    await mapButton.click();
    await list.waitFor({ state: 'hidden' });
    expect(await mapButton.getAttribute('aria-pressed')).toBe('true');
    const map = (await phone.locator('.results-map .map').boundingBox())!;
    expect(map.height).toBeGreaterThan(600);
    await phone.locator('.leaflet-marker-icon').first().waitFor();
    expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await phone.screenshot({ path: `${SCREENSHOTS}search-map-390.png` });
    await toggle.getByRole('button', { name: 'List' }).click();
    await list.waitFor();
    await phone.screenshot({ path: `${SCREENSHOTS}search-list-390.png`, fullPage: true });
    await phone.close();
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
