import { existsSync } from 'node:fs';
import pg from 'pg';
import request from 'supertest';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, syncSearch, type TestApp } from '../testing/test-app.js';
import { VisitorsService } from '../admin/visitors.service.js';
import { PageRenderer } from './page-renderer.js';
import { WEB_DIST, WEB_SERVER_ENTRY } from './web-app.module.js';

/**
 * Server-side rendering of the public pages (issue 9), read as a crawler reads them: raw HTML from the real
 * api on the real PostgreSQL, search index and Redis, without a browser. Needs the built web app (npm test
 * builds it first).
 */
const built = existsSync(`${WEB_DIST}/index.html`) && existsSync(WEB_SERVER_ENTRY);
if (!built && !process.env.CI) console.warn(`SSR tests skipped: build the web app (${WEB_SERVER_ENTRY}).`);
const suite = built || process.env.CI ? describe : describe.skip;

/** The JSON of every <script type="application/ld+json"> of a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
}

/** The data the page hands to the browser for hydration. */
function ssrData(html: string): { fallback: Record<string, unknown>; errors: Record<string, string> } {
  const m = /<script id="ssr-data" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('The page has no server-rendered data.');
  return JSON.parse(m[1]) as { fallback: Record<string, unknown>; errors: Record<string, string> };
}

/** The text of the element a pattern of <head> finds, e.g. a meta's content. */
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const EVIL_NAME = 'Evil </script><script>alert(1)</script> \u2028 Shop';

suite('server-rendered public pages', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer()).get(path).redirects(0);

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, [
      ...DIRECTORY_FIXTURE,
      {
        name: EVIL_NAME,
        slug: 'evil-shop',
        category: 'Bakery',
        city: 'Basel',
        country: 'Switzerland',
        countryCode: 'CH',
      },
    ]);
    await t.orm.em
      .fork()
      .execute(
        `update businesses set phone = '+41 44 123 45 67', full_address = 'Bahnhofstrasse 1, 8001 Zürich' where slug = 'cafe-zurich-abc123'`,
      );
    await syncSearch(t);
  });
  afterAll(() => t?.close());

  it('serves the favicon as an icon file, not the not-found page', async () => {
    const res = await request(t.app.getHttpServer()).get('/favicon.ico').expect(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(res.body.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it('renders a business page with its content, head tags and JSON-LD in the HTML', async () => {
    const res = await get('/business/cafe-zurich-abc123').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.text;
    // The main content, before any JavaScript runs.
    expect(html).toContain('<h1>Café Zürich</h1>');
    expect(html).toContain('Bahnhofstrasse 1, 8001 Zürich');
    expect(html).toContain('9AM-5PM');
    expect(html).toContain('4.6');
    expect(html).toContain('310 reviews');
    expect(html).toContain('+41 44 123 45 67');
    // Head: title of public spec §2, description, canonical and Open Graph on the public address.
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe('Café Zürich - Café &amp; Bar | WorldBiz Directory');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toContain('Café Zürich');
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(
      'http://localhost:3000/business/cafe-zurich-abc123',
    );
    expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(
      'Café Zürich - Café &amp; Bar | WorldBiz Directory',
    );
    expect(attr(html, /<meta property="og:type" content="([^"]*)"/)).toBe('business.business');
    expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe('https://example.test/cafe.jpg');
    const [business] = jsonLd(html).filter((item) => item['@type'] === 'LocalBusiness');
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Café Zürich',
      telephone: '+41 44 123 45 67',
      address: { streetAddress: 'Bahnhofstrasse 1, 8001 Zürich', addressLocality: 'Zürich', addressCountry: 'CH' },
      geo: { latitude: 47.37, longitude: 8.54 },
      openingHours: ['Mo 09:00-17:00'],
      aggregateRating: { ratingValue: 4.6, reviewCount: 310 },
    });
    // The breadcrumb, in the page and as schema.org BreadcrumbList on the site's address.
    const [trail] = jsonLd(html).filter((item) => item['@type'] === 'BreadcrumbList');
    expect((trail.itemListElement as { name: string; item?: string }[]).map((c) => [c.name, c.item])).toEqual([
      ['Home', 'http://localhost:3000/'],
      ['Switzerland', 'http://localhost:3000/countries/ch'],
      ['Zürich', 'http://localhost:3000/cities/ch/z%C3%BCrich'],
      ['Café & Bar', 'http://localhost:3000/categories/caf%C3%A9-%26-bar'],
      ['Café Zürich', undefined],
    ]);
    expect(html).toContain('<nav class="breadcrumb" aria-label="Breadcrumb">');
    // The address names the city once, as a link, and the country after it.
    expect(html).toMatch(
      /Bahnhofstrasse 1, 8001 <a href="\/cities\/ch\/z%C3%BCrich"[^>]*>Zürich<\/a>, <a href="\/countries\/ch"/,
    );
    // The browser starts from the same answer (no second fetch).
    expect(ssrData(html).fallback['/api/businesses/cafe-zurich-abc123']).toMatchObject({ name: 'Café Zürich' });
  });

  it('renders the home page and every list and detail page with its content', async () => {
    const pages: [string, string[]][] = [
      ['/', ['Featured Businesses', 'Café Zürich', 'Explore Directory']],
      ['/businesses', ['Café Zürich', 'Bar Basel', 'Total Businesses']],
      ['/businesses?page=1', ['Café Zürich']],
      ['/categories', ['Café &amp; Bar', 'Irish pub']],
      ['/categories/c', ['Categories — C', 'Café &amp; Bar']],
      ['/categories/irish-pub', ['O&#x27;Brien&#x27;s Pub', 'Top countries']],
      ['/countries', ['Switzerland', 'Serbia']],
      ['/countries/ch', ['Switzerland', 'Top cities', 'Basel']],
      ['/countries/ch/cities', ['Cities', 'Basel', 'Zürich']],
      ['/cities', ['Zürich', 'Basel']],
      ['/cities/b', ['Cities — B', 'Basel']],
      ['/cities/ch/basel', ['Basel, Switzerland', 'Bar Basel']],
      ['/cities/ch/z%C3%BCrich', ['Zürich, Switzerland', 'Café Zürich']],
      ['/categories/caf%C3%A9-%26-bar', ['Café &amp; Bar', 'Bar Basel']],
      ['/search?q=bar', ['Bar Basel', 'Search']],
      ['/contact', ['Send us a Message']],
      ['/privacy-policy', ['Privacy Policy']],
      ['/legal-notice', ['Legal Notice']],
      ['/terms-of-service', ['Terms of Service']],
      ['/cookie-policy', ['Cookie Policy']],
    ];
    for (const [path, texts] of pages) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 200]);
      for (const text of texts) expect([path, res.text.includes(text)]).toEqual([path, true]);
      expect([path, attr(res.text, /<link rel="canonical" href="([^"]*)"/)]).toEqual([
        path,
        expect.stringMatching(/^http:\/\/localhost:3000\//),
      ]);
      expect(attr(res.text, /<meta property="og:title" content="([^"]*)"/)).toBeTruthy();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("renders the home counters with the directory's real counts, not 0", async () => {
    const { totals } = (await get('/api/homepage-data').expect(200)).body as { totals: Record<string, number> };
    const html = (await get('/').expect(200)).text;
    const shown = [...html.matchAll(/<div class="counter"><strong>([^<]*)<\/strong><span>([^<]*)<\/span>/g)];
    expect(shown.map((m) => [m[2], m[1]])).toEqual([
      ['Businesses', String(totals.businesses)],
      ['Countries', String(totals.countries)],
      ['Cities', String(totals.cities)],
      ['Categories', String(totals.categories)],
    ]);
    expect(totals.businesses).toBeGreaterThan(0);
  });

  it('answers 404 with the not-found page for unknown businesses, categories, countries, cities and paths', async () => {
    const missing: [string, string][] = [
      ['/business/no-such-business', 'Business Not Found'],
      ['/categories/no-such-category', 'Category not found'],
      ['/countries/no-such-country', 'Country not found'],
      ['/cities/ch/nowhere', 'City not found'],
      ['/cities/not-a-code/basel', 'City not found'],
      ['/no/such/page', 'Page not found'],
    ];
    for (const [path, text] of missing) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect([path, res.text.includes(text)]).toEqual([path, true]);
      expect(res.text).toContain('<meta name="robots" content="noindex, follow" data-head>');
      // Not kept: made-up addresses would push real pages out of the cache.
      expect([path, (await get(path)).headers['x-cache']]).toEqual([path, 'BYPASS']);
    }
    // The browser shows the same state without asking again.
    const html = (await get('/business/no-such-business')).text;
    expect(ssrData(html).errors['/api/businesses/no-such-business']).toMatch(/^404: /);
  });

  it('answers 404, saying so, for a business list page past the last one or over the public limit', async () => {
    // The api refuses pages over 100; the page reads page 1 for the totals instead.
    await get('/api/businesses?page=101').expect(400);
    for (const page of [2, 100, 101, 999999999]) {
      const res = await get(`/businesses?page=${page}`);
      expect([page, res.status]).toEqual([page, 404]);
      expect(res.text).toContain(`Page ${page} does not exist`);
      expect(res.text).toContain('The last page is 1.');
      expect(res.text).toContain('<meta name="robots" content="noindex, follow" data-head>');
      expect(res.text).not.toContain('Total Businesses');
      expect(Object.keys(ssrData(res.text).fallback)).toEqual(
        page > 100 ? ['/api/businesses?page=1'] : [`/api/businesses?page=${page}`],
      );
    }
  });

  it('renders the page of a category or city list the address names, and 404 past its last page', async () => {
    const category = '/categories/caf%C3%A9-%26-bar';
    const first = await get(`${category}?page=1&utm=x`).expect(200);
    expect(Object.keys(ssrData(first.text).fallback)).toEqual(['/api/categories/caf%C3%A9-%26-bar?page=1&limit=12']);
    expect(first.text).toContain('Showing 1–2 of 2 businesses');
    const past = await get(`${category}?page=3`).expect(404);
    expect(past.text).toContain('Page 3 does not exist');
    expect(Object.keys(ssrData(past.text).fallback)).toEqual(['/api/categories/caf%C3%A9-%26-bar?page=3&limit=12']);
    const city = await get('/cities/ch/z%C3%BCrich?page=2').expect(404);
    expect(city.text).toContain('Page 2 does not exist');
  });

  it('answers 301 for a renamed business and 302 for a city list address that is no letter', async () => {
    await t.orm.em
      .fork()
      .execute(
        `insert into slug_redirects (old_slug, business_id) select 'old-bar-basel', id from businesses where slug = 'bar-basel-def456'`,
      );
    const moved = await get('/business/old-bar-basel?ref=x').expect(301);
    expect(moved.headers.location).toBe('/business/bar-basel-def456?ref=x');
    // Kept in the page cache as the 301, with each request's own query string.
    expect((await get('/business/old-bar-basel').expect(301)).headers.location).toBe('/business/bar-basel-def456');
    // An address with a suffix the business never had (public spec §5's retry) moves to its address too.
    const retried = await get('/business/bar-basel-def456-zzzzzz').expect(301);
    expect(retried.headers.location).toBe('/business/bar-basel-def456');
    expect((await get('/cities/zurich').expect(302)).headers.location).toBe('/cities');
  });

  it("stores a business page's api read in the public read cache, as the browser's read would", async () => {
    await get('/business/bar-basel-def456').expect(200);
    const read = await get('/api/businesses/bar-basel-def456').expect(200);
    expect(read.headers['x-cache']).toBe('HIT');
    expect(
      ssrData((await get('/business/bar-basel-def456')).text).fallback['/api/businesses/bar-basel-def456'],
    ).toEqual(read.body);
  });

  it('serialises the data safely into the page', async () => {
    const html = (await get('/business/evil-shop').expect(200)).text;
    expect(html).not.toContain('<script>alert(1)</script>');
    const data = /<script id="ssr-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1];
    expect(data).not.toMatch(/[<\u2028\u2029]/);
    expect(ssrData(html).fallback['/api/businesses/evil-shop']).toMatchObject({ name: EVIL_NAME });
    expect(jsonLd(html).find((item) => item['@type'] === 'LocalBusiness')).toMatchObject({ name: EVIL_NAME });
  });

  it('caches rendered pages until the catalogue changes', async () => {
    const first = await get('/countries/rs').expect(200);
    const second = await get('/countries/rs').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    // A first render is streamed (its head before React renders the page): no ETag until it is stored.
    expect(first.headers['etag']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('HIT');
    // The same page, each with its own nonce on its inline data (added after the cache).
    const withoutNonce = (html: string) => html.replace(/ nonce="[^"]+"/, '');
    expect(withoutNonce(second.text)).toBe(withoutNonce(first.text));
    expect(second.text).not.toBe(first.text);
    expect((await get('/countries/rs?utm_source=mail').expect(200)).headers['x-cache']).toBe('HIT');
    await get('/countries/rs').set('If-None-Match', second.headers['etag']).expect(304);
    await t.orm.em
      .fork()
      .execute(`update businesses set name = 'Ветеринар Нови' where slug = 'veterinar-beograd-jkl012'`);
    await syncSearch(t);
    const after = await get('/business/veterinar-beograd-jkl012').expect(200);
    expect(after.text).toContain('<h1>Ветеринар Нови</h1>');
    expect((await get('/countries/rs').expect(200)).headers['x-cache']).toBe('MISS');
  });

  it('renders and keeps one search or list page whatever junk or order its parameters come in', async () => {
    expect((await get('/search?q=cafe&country=CH&cb=1').expect(200)).headers['x-cache']).toBe('MISS');
    for (const same of [
      '/search?country=CH&q=cafe&cb=2',
      '/search?utm_source=x&q=cafe&country=ch',
      '/search?q=cafe&country=CH',
    ]) {
      expect((await get(same).expect(200)).headers['x-cache']).toBe('HIT');
    }
    expect((await get('/businesses?page=1&cb=9').expect(200)).headers['x-cache']).toBe('MISS');
    expect((await get('/businesses').expect(200)).headers['x-cache']).toBe('HIT');
  });

  it("counts a rendered page's visitor, and not the page's own api reads", async () => {
    const visitors = t.app.get(VisitorsService);
    const before = (await visitors.counts(1)).today;
    await get('/countries/ch').set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64) ssr-visitor').expect(200);
    await get('/countries/ch').set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)').expect(200);
    const deadline = Date.now() + 10_000;
    while ((await visitors.counts(1)).today === before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await visitors.counts(1)).today).toBe(before + 1);
  });

  it('sends the client-rendered shell when a data call does not answer in time, and for the admin', async () => {
    const renderer = t.app.get(PageRenderer);
    const lock = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await lock.connect();
    const before = renderer.dataTimeoutMs;
    try {
      // The category page reads the search index: holding its table stalls that read until the rollback.
      await lock.query('begin');
      await lock.query('lock table search_documents in access exclusive mode');
      renderer.dataTimeoutMs = 200;
      const res = await get('/categories/plumber').expect(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toContain('ssr-data');
    } finally {
      renderer.dataTimeoutMs = before;
      await lock.query('rollback');
      await lock.end();
    }
    const rendered = await get('/categories/plumber').expect(200);
    expect(rendered.text).toContain('ssr-data');
    const admin = await get('/admin/login').expect(200);
    expect(admin.text).toContain('<div id="root"></div>');
    expect(admin.text).not.toContain('ssr-data');
  });
});
