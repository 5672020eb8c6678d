import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import type { SearchQuery, SearchResult } from '../search-engine.js';
import { drainOutbox } from '../sync/outbox.js';
import { reindex } from '../sync/reindex.js';
import { PostgresSearchEngine } from './postgres-engine.js';

/**
 * Skewed businesses: category k of 40 and country k of 12 with weights falling as 1/(k+1), cities a country's own
 * (some shared slugs across countries), a few without a category, country or city, some unapproved, and labels in
 * two spellings. Ids are dense, so every sample level holds some of them.
 */
async function insertSkewed(pool: pg.Pool, count: number, name = 'Skewed'): Promise<void> {
  await pool.query(
    `insert into businesses (name, slug, category, category_slug, city, city_slug, country, country_code,
                             full_address, rating, reviews, is_approved, place_id)
     select $2 || ' ' || i, lower($2) || '-' || i || '-' || md5(random()::text),
            case when i % 97 = 0 then null when i % 13 = 0 then 'category ' || c else 'Category ' || c end,
            case when i % 97 = 0 then null else 'category-' || c end,
            case when i % 89 = 0 then null when i % 7 = 0 then 'TOWN ' || t else 'Town ' || t end,
            case when i % 89 = 0 then null else 'town-' || t end,
            case when i % 83 = 0 then null else 'Country ' || k end,
            case when i % 83 = 0 then null else chr(65 + k) || chr(65 + k) end,
            'Street ' || i, (i % 50) / 10.0, i % 1000, i % 31 <> 0, $2 || '-' || i
     from generate_series(1, $1) i,
          lateral (select floor(40 * power((i * 7919 % 1000) / 1000.0, 3))::int as c,
                          floor(12 * power((i * 104729 % 997) / 997.0, 2))::int as k) skew,
          lateral (select (k * 3 + (i * 31 % 5)) % 25 as t) town`,
    [count, name],
  );
}

describe('PostgreSQL engine: counts of queries by facets alone', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;
  let engine: PostgresSearchEngine;

  /** The approved businesses a query by facets matches, counted from businesses themselves. */
  const counted = async (query: Pick<SearchQuery, 'category' | 'country' | 'city' | 'minRating'>) => {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from businesses where is_approved
         and ($1::text is null or category_slug = $1) and ($2::text is null or country_code = $2)
         and ($3::text is null or city_slug = $3) and ($4::float8 is null or rating >= $4)`,
      [query.category ?? null, query.country ?? null, query.city ?? null, query.minRating ?? null],
    );
    return rows[0].n;
  };

  /** Every facet value of the result, as the query a click on it runs. */
  const clicks = (query: SearchQuery, result: SearchResult): [SearchQuery, number | null][] => [
    ...result.facets.category.map((f): [SearchQuery, number | null] => [{ ...query, category: f.value }, f.count]),
    ...result.facets.country.map((f): [SearchQuery, number | null] => [{ ...query, country: f.value }, f.count]),
    ...result.facets.city.map((f): [SearchQuery, number | null] => [
      { ...query, country: f.countryCode, city: f.value },
      f.count,
    ]),
  ];

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 6 });
    await insertSkewed(pool, 4000);
    engine = new PostgresSearchEngine(pool, { facetLimit: 100 });
    await engine.setup();
    await drainOutbox(pool, engine);
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('counts every facet value of a broad query as clicking it does, exactly, two clicks deep', async () => {
    const all = await engine.search({});
    expect(all).toMatchObject({ total: await counted({}), exhaustive: true });
    expect(all.facets.category.length).toBeGreaterThan(10);
    let checked = 0;
    for (const [query, count] of clicks({}, all)) {
      const clicked = await engine.search(query);
      expect([query, clicked.total, clicked.exhaustive]).toEqual([query, count, true]);
      expect(clicked.total).toBe(await counted(query));
      // One click further: each facet value within the first.
      for (const [deeper, deeperCount] of clicks(query, clicked).slice(0, 6)) {
        const second = await engine.search(deeper);
        expect([deeper, second.total, second.exhaustive]).toEqual([deeper, deeperCount, true]);
        expect(second.total).toBe(await counted(deeper));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('counts a minimum rating the site offers exactly, and any other by the documents', async () => {
    for (const minRating of [3, 3.5, 4, 4.5]) {
      const broad = await engine.search({ minRating });
      expect([minRating, broad.total, broad.exhaustive]).toEqual([minRating, await counted({ minRating }), true]);
      for (const [query, count] of clicks({ minRating }, broad).slice(0, 12)) {
        const clicked = await engine.search(query);
        expect([query, clicked.total, clicked.exhaustive]).toEqual([query, count, true]);
        expect(clicked.total).toBe(await counted(query));
      }
    }
    // Any other is counted by the documents (here few enough to be exact).
    const other = await engine.search({ minRating: 4.2, country: 'AA' });
    expect([other.total, other.exhaustive]).toEqual([await counted({ minRating: 4.2, country: 'AA' }), true]);
  });

  it('labels a value by the least spelling of its label, counting both spellings', async () => {
    const { facets } = await engine.search({});
    const category = facets.category.find((f) => f.value === 'category-0')!;
    expect(category.label).toBe('Category 0');
    expect(category.count).toBe(await counted({ category: 'category-0' }));
    expect(facets.city.find((f) => f.value === 'town-0')?.label).toBe('TOWN 0');
  });

  it('never estimates more documents than the filters by facets match', async () => {
    const query = { q: 'skewed', country: 'AA', sort: 'reviews' } as const;
    // Facet values counted from 20 sampled rows on (PRECISE_MATCHES is more than these documents hold).
    const sampling = new PostgresSearchEngine(pool, { facetLimit: 100, preciseMatches: 20 });
    const before = await sampling.search(query);
    // Samples of documents that do not exist, twenty times as many as those that do.
    await pool.query(`insert into search_samples select * from (
        select s.tsv, s.id + 1000000 * g as id, s.rating, s.open_minutes, s.time_zone, s.latitude, s.longitude, s.is_approved,
               s.category_slug, s.category, s.country_code, s.country, s.city_slug, s.city
        from search_samples s, generate_series(1, 20) g) fake`);
    try {
      const inflated = await sampling.search(query);
      const bound = await counted({ country: 'AA' });
      expect(before.total).toBeLessThanOrEqual(bound);
      expect(inflated).toMatchObject({ total: bound, exhaustive: false });
      const counts = inflated.facets.city.map((f) => f.count);
      expect(counts.length).toBeGreaterThan(0);
      for (const count of counts) expect(count !== null && count <= bound).toBe(true);
    } finally {
      await pool.query(`delete from search_samples where id > 1000000`);
    }
  });

  it('keeps the counts and samples of exactly the documents left after a bulk delete, a direct one and a rebuild', async () => {
    await insertSkewed(pool, 3000, 'Doomed');
    await drainOutbox(pool, engine);
    expect((await engine.search({})).total).toBe(await counted({}));
    await pool.query(`delete from businesses where name like 'Doomed %'`);
    await drainOutbox(pool, engine);
    const after = await engine.search({});
    expect(after).toMatchObject({ total: await counted({}), exhaustive: true });
    expect((await engine.search({ q: 'doomed', sort: 'reviews' })).total).toBe(0);
    const samplesOutliving = async () =>
      (
        await pool.query<{ n: number }>(
          `select count(*)::int as n from search_samples s where not exists (select 1 from search_documents d where d.id = s.id)`,
        )
      ).rows[0].n;
    expect(await samplesOutliving()).toBe(0);
    // Whoever deletes documents, their samples and counts go with them.
    await pool.query(`delete from search_documents where id % 2 = 0`);
    expect(await samplesOutliving()).toBe(0);
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from search_documents where is_approved`,
    );
    expect((await engine.search({})).total).toBe(rows[0].n);
    await reindex(pool, engine);
    expect(await engine.search({ country: 'AA' })).toMatchObject({
      total: await counted({ country: 'AA' }),
      exhaustive: true,
    });
    expect((await engine.search({})).total).toBe(await counted({}));
    // Documents whose triggers are gone (a table built by an older version) get their counts again at setup.
    await pool.query(`drop trigger search_facet_counts_delete on search_documents`);
    await pool.query(`delete from search_documents where id % 3 = 0`);
    await engine.setup();
    const { rows: left } = await pool.query<{ n: number }>(
      `select count(*)::int as n from search_documents where is_approved`,
    );
    expect((await engine.search({})).total).toBe(left[0].n);
    await pool.query(`truncate search_documents`);
    expect((await engine.search({})).total).toBe(0);
    expect(await samplesOutliving()).toBe(0);
  });
});
