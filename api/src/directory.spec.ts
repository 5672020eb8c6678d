import request from 'supertest';
import { DIRECTORY_FIXTURE } from './testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from './testing/test-app.js';

describe('public browsing calls', () => {
  let t: TestApp;
  const http = () => t.app.getHttpServer();
  const get = async (path: string, status = 200) => (await request(http()).get(path).expect(status)).body;

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
  });
  afterAll(() => t.close());

  it('homepage-data lists popular categories, top cities and countries with totals', async () => {
    const body = await get('/api/homepage-data');
    expect(body.popularSearches[0]).toEqual({ category: 'Café & Bar', slug: 'café-&-bar', count: 2 });
    expect(body.topCities[0]).toEqual({ city: 'Zürich', slug: 'zürich', countryCode: 'CH', count: 2 });
    expect(body.topCountries[0]).toEqual({
      country: 'Switzerland',
      countryCode: 'CH',
      slug: 'switzerland',
      businessCount: 3,
    });
    // The lists leave out one business with neither a city nor a country.
    expect(body.totals).toEqual({
      businesses: 6,
      countries: 3,
      cities: 4,
      categories: 4,
      withoutCategory: 0,
      withoutCountry: 1,
      withoutCity: 1,
    });
  });

  it('aggregates match a direct count over approved businesses', async () => {
    const em = t.orm.em.fork();
    const direct = await em.execute<{ category_slug: string; n: number }[]>(
      `select category_slug, count(*)::int as n from businesses where is_approved group by category_slug`,
    );
    const categories = await get('/api/categories');
    for (const { category_slug, n } of direct) {
      expect(categories.find((c: { slug: string }) => c.slug === category_slug)?.count).toBe(n);
    }
    const countries = await get('/api/countries');
    const [{ n: us }] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from businesses where is_approved and country_code = 'US'`,
    );
    expect(countries.find((c: { countryCode: string }) => c.countryCode === 'US').businessCount).toBe(us);
  });

  describe('categories', () => {
    it('lists categories by count, filtered by letter with accents folded', async () => {
      expect((await get('/api/categories')).map((c: { slug: string }) => c.slug)).toEqual([
        'café-&-bar',
        'plumber',
        'irish-pub',
        'ветеринар',
      ]);
      expect(await get('/api/categories?letter=C')).toEqual([{ category: 'Café & Bar', slug: 'café-&-bar', count: 2 }]);
      expect(await get(`/api/categories?letter=${encodeURIComponent('В')}`)).toHaveLength(1);
      expect(await get('/api/categories?letter=Q')).toEqual([]);
      await get('/api/categories?letter=AB', 400);
    });

    it('answers a category page whose slug round-trips accents and &', async () => {
      const body = await get(`/api/categories/${encodeURIComponent('café-&-bar')}?page=1&limit=1`);
      expect(body).toMatchObject({
        category: 'Café & Bar',
        businessCount: 2,
        countryCount: 1,
        topCountries: [{ country: 'Switzerland', countryCode: 'CH', slug: 'switzerland', count: 2 }],
        currentPage: 1,
        totalPages: 2,
        totalCount: 2,
        hasNextPage: true,
        hasPrevPage: false,
      });
      expect(body.businesses).toHaveLength(1);
      expect(body.businesses[0].name).toBe('Café Zürich');
      const cyrillic = await get(`/api/categories/${encodeURIComponent('ветеринар')}`);
      expect(cyrillic.businesses[0].name).toBe('Ветеринар Београд');
    });

    it('does not count unapproved businesses and 404s unknown categories', async () => {
      expect((await get('/api/categories/plumber')).businessCount).toBe(2);
      expect((await get('/api/categories/no-such-category', 404)).message).toMatch(/no-such-category/);
      await get('/api/categories/plumber?limit=500', 400);
      await get('/api/categories/plumber?page=x', 400);
    });
  });

  describe('countries', () => {
    it('lists countries with their counts', async () => {
      expect(await get('/api/countries')).toEqual([
        {
          country: 'Switzerland',
          countryCode: 'CH',
          slug: 'switzerland',
          businessCount: 3,
          cityCount: 2,
          categoryCount: 2,
        },
        { country: 'Serbia', countryCode: 'RS', slug: 'serbia', businessCount: 1, cityCount: 1, categoryCount: 1 },
        {
          country: 'United States of America',
          countryCode: 'US',
          slug: 'united-states-of-america',
          businessCount: 1,
          cityCount: 1,
          categoryCount: 1,
        },
      ]);
    });

    it('finds a country by name slug or by code', async () => {
      const byName = await get('/api/countries/switzerland');
      expect(await get('/api/countries/ch')).toEqual(byName);
      expect(byName.topCities).toEqual([
        { city: 'Zürich', slug: 'zürich', count: 2 },
        { city: 'Basel', slug: 'basel', count: 1 },
      ]);
      expect(byName.topCategories[0]).toEqual({ category: 'Café & Bar', slug: 'café-&-bar', count: 2 });
      await get('/api/countries/atlantis', 404);
    });

    it('pages and searches a country\u2019s cities', async () => {
      const body = await get('/api/countries/ch/cities?page=1&limit=1&q=zur');
      expect(body).toMatchObject({ totalCount: 1, cities: [{ city: 'Zürich', slug: 'zürich', countryCode: 'CH' }] });
    });
  });

  describe('cities', () => {
    it('lists cities, by letter and by city name or country code', async () => {
      expect((await get('/api/cities')).length).toBe(4);
      expect((await get('/api/cities?letter=Z')).map((c: { city: string }) => c.city)).toEqual(['Zürich']);
      expect((await get('/api/cities?q=rs')).map((c: { city: string }) => c.city)).toEqual(['Београд']);
    });

    it('reads %, _ and \\ in a name search as those characters, not as patterns that match every name', async () => {
      for (const q of ['%', '_', '%25', '\\'].map(encodeURIComponent)) {
        expect([q, await get(`/api/cities?q=${q}`)]).toEqual([q, []]);
        expect([q, await get(`/api/categories?q=${q}`)]).toEqual([q, []]);
        expect([q, (await get(`/api/countries/ch/cities?q=${q}`)).totalCount]).toEqual([q, 0]);
      }
      // Café & Bar holds an ampersand, a plain character.
      expect((await get('/api/categories?q=%26')).map((c: { category: string }) => c.category)).toEqual(['Café & Bar']);
    });

    it('answers a city page and 404s unknown cities', async () => {
      const body = await get(`/api/cities/ch/${encodeURIComponent('zürich')}?page=1&limit=12`);
      expect(body).toMatchObject({
        city: 'Zürich',
        country: 'Switzerland',
        countryCode: 'CH',
        businessCount: 2,
        categoryCount: 2,
        totalCount: 2,
      });
      expect(body.businesses.map((b: { name: string }) => b.name)).toEqual(['Café Zürich', "O'Brien's Pub"]);
      await get('/api/cities/us/atlantis', 404);
    });
  });
});
