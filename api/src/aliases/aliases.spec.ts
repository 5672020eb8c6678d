import { existsSync } from 'node:fs';
import pg from 'pg';
import request from 'supertest';
import { canonicalizeDirectory, refreshAggregates } from '@directory/core';
import { insertBusinesses, signIn, startTestApp, syncSearch, type TestApp } from '../testing/test-app.js';
import { WEB_DIST, WEB_SERVER_ENTRY } from '../web-app/web-app.module.js';

/**
 * Issue 31: one page per city, category and country; every other address of it (another spelling, an ASCII
 * spelling, an old slug) answers 301 there, from the api and from the server-rendered pages.
 */
describe('canonical pages and their aliases', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.getHttpServer()).get(path).redirects(0);
  const place = (country: string, countryCode: string) => ({ country, countryCode });

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, [
      { name: 'Café Odeon', slug: 'cafe-odeon-1', category: 'Café', city: 'Zürich', ...place('Switzerland', 'CH') },
      { name: 'Café Bleu', slug: 'cafe-bleu-1', category: 'Café', city: 'Genève', ...place('Switzerland', 'CH') },
      { name: 'Coffee Lab', slug: 'coffee-lab-1', category: 'cafes', city: 'Geneva', ...place('Switzerland', 'CH') },
      { name: 'Hofbräuhaus', slug: 'hofbrauhaus-1', category: 'Beer hall', city: 'München', ...place('Germany', 'DE') },
      { name: 'Kebapçı', slug: 'kebapci-1', category: 'Restaurant', city: 'Istanbul', ...place('Türkiye', 'TR') },
    ]);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await canonicalizeDirectory(client);
      await refreshAggregates(client);
    } finally {
      await client.end();
    }
    await syncSearch(t);
  });
  afterAll(() => t?.close());

  it('shows one city and one category where the data had several spellings', async () => {
    const cities = (await get('/api/cities').expect(200)).body as { city: string; businessCount: number }[];
    expect(cities.map((c) => [c.city, c.businessCount])).toEqual([
      ['Genève', 2],
      ['Istanbul', 1],
      ['München', 1],
      ['Zürich', 1],
    ]);
    const munich = (await get('/api/cities?q=Munich').expect(200)).body as { city: string }[];
    expect(munich.map((c) => c.city)).toEqual(['München']);
    const categories = (await get('/api/categories').expect(200)).body as { category: string; count: number }[];
    expect(categories.find((c) => c.category === 'Café')?.count).toBe(3);
    expect(categories.map((c) => c.category)).not.toContain('cafes');
  });

  it.each([
    ['/api/cities/ch/zurich', '/api/cities/ch/z%C3%BCrich'],
    ['/api/cities/ch/geneva?page=1&limit=12', '/api/cities/ch/gen%C3%A8ve?page=1&limit=12'],
    ['/api/cities/ch/genf', '/api/cities/ch/gen%C3%A8ve'],
    ['/api/cities/de/munchen', '/api/cities/de/m%C3%BCnchen'],
    ['/api/cities/de/munich', '/api/cities/de/m%C3%BCnchen'],
    ['/api/cities/de/Munchen', '/api/cities/de/m%C3%BCnchen'],
    ['/api/categories/cafe', '/api/categories/caf%C3%A9'],
    ['/api/categories/cafes?page=2', '/api/categories/caf%C3%A9?page=2'],
    ['/api/categories/restaurants', '/api/categories/restaurant'],
    ['/api/categories/beer-halls', '/api/categories/beer-hall'],
    ['/api/countries/turkiye', '/api/countries/t%C3%BCrkiye'],
    ['/api/countries/turkey', '/api/countries/t%C3%BCrkiye'],
    ['/api/countries/tur', '/api/countries/t%C3%BCrkiye'],
    ['/api/countries/turkiye/cities', '/api/countries/t%C3%BCrkiye/cities'],
    // The canonical slug spelled another way: one address per page.
    ['/api/categories/Restaurant?page=2', '/api/categories/restaurant?page=2'],
    ['/api/cities/CH/Gen%C3%A8ve', '/api/cities/ch/gen%C3%A8ve'],
    ['/api/countries/T%C3%BCrkiye/cities', '/api/countries/t%C3%BCrkiye/cities'],
  ])('the api answers %s with a 301 to %s', async (from, to) => {
    const moved = await get(from).expect(301);
    expect(moved.headers.location).toBe(to);
    expect(moved.body.message).toContain('moved');
    await get(to).expect(200);
  });

  it('answers the canonical addresses and ISO codes directly, and unknown ones with 404', async () => {
    expect((await get('/api/cities/ch/gen%C3%A8ve').expect(200)).body.businessCount).toBe(2);
    await get('/api/countries/tr').expect(200);
    await get('/api/countries/TR').expect(200);
    await get('/api/cities/ch/atlantis').expect(404);
    await get('/api/categories/submarine-dealer').expect(404);
    await get('/api/countries/atlantis').expect(404);
  });

  it('finds a city in search by any of its names', async () => {
    for (const location of ['Geneva', 'Genf', 'Genève', 'Ginevra'])
      expect((await get(`/api/search?location=${encodeURIComponent(location)}`).expect(200)).body.totalCount).toBe(2);
    for (const location of ['Munich', 'Munchen', 'Мюнхен'])
      expect((await get(`/api/search?location=${encodeURIComponent(location)}`).expect(200)).body.totalCount).toBe(1);
  });

  it("stores an admin's edit under the canonical spelling of its city and category", async () => {
    const cookie = await signIn(t.app);
    const [{ id }] = await t.orm.em
      .fork()
      .execute<{ id: string }[]>(`select id from businesses where slug = 'kebapci-1'`);
    await request(t.app.getHttpServer())
      .put(`/api/admin/businesses/${id}`)
      .set('Cookie', cookie)
      .send({ city: 'Genf', countryCode: 'CH', country: 'Switzerland', category: 'cafes' })
      .expect(200);
    const [row] = await t.orm.em
      .fork()
      .execute<{ city: string; city_slug: string; category: string; category_slug: string }[]>(
        `select city, city_slug, category, category_slug from businesses where id = ?`,
        [id],
      );
    expect(row).toEqual({ city: 'Genève', city_slug: 'genève', category: 'Café', category_slug: 'café' });
  });

  const built = existsSync(`${WEB_DIST}/index.html`) && existsSync(WEB_SERVER_ENTRY);
  (built || process.env.CI ? it.each : it.skip.each)([
    ['/cities/ch/zurich', '/cities/ch/z%C3%BCrich'],
    ['/cities/de/munchen', '/cities/de/m%C3%BCnchen'],
    ['/cities/de/munich', '/cities/de/m%C3%BCnchen'],
    ['/cities/ch/geneva', '/cities/ch/gen%C3%A8ve'],
    ['/categories/cafe', '/categories/caf%C3%A9'],
    ['/countries/turkiye', '/countries/t%C3%BCrkiye'],
    ['/countries/turkey/cities', '/countries/t%C3%BCrkiye/cities'],
  ])('the server-rendered page %s answers 301 to %s', async (from, to) => {
    const moved = await get(from).expect(301);
    expect(moved.headers.location).toBe(to);
    await get(to).expect(200);
  });
});
