import request from 'supertest';
import { refreshAggregates, TEST_BUSINESS_NAME } from '@directory/core';
import { signIn, startTestApp, syncSearch, type TestApp } from '../testing/test-app.js';

interface Facet {
  value: string;
  count: number;
  countryCode?: string;
}

/**
 * Every public number of the same businesses is the same number: the directory total on /businesses, the home
 * counters and an empty search; a category's, country's or city's count on its list, its page, the home tabs, as a
 * search facet and as the total of the search a click on that facet runs. Over skewed businesses with messy values
 * (spaces around a country code, lower-case codes, empty strings, unapproved rows).
 */
describe('one count for every public call', () => {
  let t: TestApp;
  const get = async (path: string) => (await request(t.app.getHttpServer()).get(path).expect(200)).body;
  const searchTotal = async (query: string) => {
    const body = await get(`/api/search?${query}`);
    expect(body.exhaustive).toBe(true);
    return body.totalCount as number;
  };

  /** Does what the worker does after writes: refreshes the counts and applies the changes to the index. */
  const refresh = async () => {
    await refreshAggregates(t.orm.em.fork());
    await syncSearch(t);
  };

  const insert = (count: number, name: string) =>
    t.orm.em.fork().execute(
      `insert into businesses (name, slug, category, category_slug, city, city_slug, country, country_code,
                               reviews, is_approved, place_id)
       select ? || ' ' || i, md5(? || i), nullif('Category ' || c, 'Category 7'), case when c = 7 then '' else 'category-' || c end,
              'Town ' || t, case when i % 41 = 0 then null else 'town-' || t end,
              'Country ' || k,
              case when i % 53 = 0 then '' when i % 5 = 0 then ' ' || lower(chr(65 + k) || chr(65 + k)) else chr(65 + k) || chr(65 + k) end,
              i % 500, i % 29 <> 0, md5(? || i)
       from generate_series(1, ?) i,
            lateral (select floor(25 * power((i * 7919 % 1000) / 1000.0, 3))::int as c,
                            floor(8 * power((i * 104729 % 997) / 997.0, 2))::int as k) skew,
            lateral (select (k * 3 + (i * 31 % 4)) % 20 as t) town`,
      [name, name, name, count],
    );

  const expectOneCountEverywhere = async () => {
    const [businesses, home, all, categories, countries, cities] = await Promise.all([
      get('/api/businesses'),
      get('/api/homepage-data'),
      get('/api/search?limit=1'),
      get('/api/categories'),
      get('/api/countries'),
      get('/api/cities'),
    ]);
    const [{ n: approved }] = await t.orm.em
      .fork()
      .execute<{ n: number }[]>('select count(*)::int as n from businesses where is_approved');
    expect([businesses.totalCount, home.totals.businesses, all.totalCount, all.exhaustive]).toEqual([
      approved,
      approved,
      approved,
      true,
    ]);
    // The lists and what they leave out make the total.
    const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
    expect(sum(categories.map((c: { count: number }) => c.count)) + home.totals.withoutCategory).toBe(approved);
    expect(sum(countries.map((c: { businessCount: number }) => c.businessCount)) + home.totals.withoutCountry).toBe(
      approved,
    );
    expect(sum(cities.map((c: { businessCount: number }) => c.businessCount)) + home.totals.withoutCity).toBe(approved);
    expect(home.totals.withoutCategory).toBeGreaterThan(0);

    const facet = (facets: Facet[], value: string, countryCode?: string) =>
      facets.find((f) => f.value === value && (countryCode === undefined || f.countryCode === countryCode))?.count;
    for (const c of categories as { slug: string; count: number }[]) {
      const page = await get(`/api/categories/${encodeURIComponent(c.slug)}`);
      expect([c.slug, page.businessCount, await searchTotal(`category=${encodeURIComponent(c.slug)}`)]).toEqual([
        c.slug,
        c.count,
        c.count,
      ]);
      expect([c.slug, facet(all.facets.category, c.slug) ?? c.count]).toEqual([c.slug, c.count]);
    }
    for (const c of countries as { countryCode: string; businessCount: number }[]) {
      expect([
        c.countryCode,
        await searchTotal(`country=${c.countryCode}`),
        facet(all.facets.country, c.countryCode),
      ]).toEqual([c.countryCode, c.businessCount, c.businessCount]);
    }
    for (const c of home.topCountries as { countryCode: string; businessCount: number }[])
      expect(c.businessCount).toBe(
        countries.find((x: { countryCode: string }) => x.countryCode === c.countryCode).businessCount,
      );
    for (const c of cities as { slug: string; countryCode: string; businessCount: number }[]) {
      expect([
        c.slug,
        await searchTotal(`country=${c.countryCode}&city=${encodeURIComponent(c.slug)}`),
        facet(all.facets.city, c.slug, c.countryCode) ?? c.businessCount,
      ]).toEqual([c.slug, c.businessCount, c.businessCount]);
    }
    for (const c of home.topCities as { slug: string; countryCode: string; count: number }[])
      expect(c.count).toBe(
        cities.find((x: { slug: string; countryCode: string }) => x.slug === c.slug && x.countryCode === c.countryCode)
          .businessCount,
      );
  };

  beforeAll(async () => {
    t = await startTestApp();
    await insert(3000, 'Skewed');
    await refresh();
  });
  afterAll(() => t.close());

  it('agrees on every total after a refresh', async () => {
    await expectOneCountEverywhere();
  });

  it('counts no deleted row after the test data is deleted', async () => {
    await insert(2500, TEST_BUSINESS_NAME);
    await t.orm.em
      .fork()
      .execute(`update businesses set name = ? where name like ?`, [TEST_BUSINESS_NAME, `${TEST_BUSINESS_NAME} %`]);
    await refresh();
    const cookie = await signIn(t.app);
    await request(t.app.getHttpServer()).delete('/api/admin/test-data').set('Cookie', cookie).expect(200);
    await refresh();
    await expectOneCountEverywhere();
    // An estimate of a words query counts none of them either.
    expect((await get('/api/search?q=test%20business&sort=reviews')).totalCount).toBe(0);
  });
});
