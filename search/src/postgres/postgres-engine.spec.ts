import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { drainOutbox } from '../sync/outbox.js';
import { reindex } from '../sync/reindex.js';
import type { SearchQuery } from '../search-engine.js';
import { recordingPool } from '../testing/recording-pool.js';
import { insertFixtures, type Fixture } from '../testing/fixtures.js';
import { PostgresSearchEngine } from './postgres-engine.js';
import { editDistance } from './typos.js';

describe('editDistance (typo tolerance of the embedded engine)', () => {
  it.each([
    ['starbuks', 'starbucks', 1],
    ['kaysre', 'kayser', 1],
    ['sprungki', 'sprungli', 1],
    ['golden', 'golden', 0],
    ['gloden', 'golden', 1],
    ['goldn', 'gold', 1],
    ['bakery', 'brewery', 3],
  ])('%s → %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
  });
});

/** `count` places of one city, the i-th with i reviews and what `each` gives it. */
function placesIn(
  place: Pick<Fixture, 'city' | 'country' | 'countryCode' | 'lat' | 'lng' | 'rating'>,
  count: number,
  each: (i: number) => Pick<Fixture, 'key' | 'name' | 'category' | 'address'>,
): Fixture[] {
  return Array.from({ length: count }, (_, i) => ({ ...place, ...each(i), reviews: i }));
}

describe('PostgreSQL engine: bounded counting and rebuild', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await insertFixtures(pool);
    await new PostgresSearchEngine(pool).setup();
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('counts a query of filters only over every document when they are few, else over one sample table', async () => {
    const place = { city: 'Hobart', country: 'Australia', countryCode: 'AU', lat: -42.88, lng: 147.33 };
    await insertFixtures(
      pool,
      Array.from({ length: 300 }, (_, i) => ({
        ...place,
        key: `wombat-${i}`,
        name: `Wombat Bakery ${i + 1}`,
        category: 'Bakery',
        address: `${i + 1} Elizabeth St, Hobart TAS 7000, Australia`,
        reviews: i,
        rating: i % 3 === 0 ? 4.9 : 3,
      })),
    );
    const engine = new PostgresSearchEngine(pool, { exactCountUpTo: 40, minSampleMatches: 10 });
    await drainOutbox(pool, engine);
    await pool.query('analyze search_documents');
    const count = async (where: string) =>
      Number((await pool.query(`select count(*) from search_documents where is_approved and ${where}`)).rows[0].count);
    // More matches than exactCountUpTo, and no index to sample them by: all the documents are read.
    const exact = await count('rating >= 4.8');
    expect(exact).toBeGreaterThanOrEqual(100);
    const all = await engine.search({ minRating: 4.8 });
    expect(all).toMatchObject({ total: exact, exhaustive: true });
    expect(all.facets.city).toContainEqual({ value: 'hobart', label: 'Hobart', countryCode: 'AU', count: 100 });
    // Documents beyond the budget: a one-in-20 sample is read whole and scaled (the budget is held against the
    // planner's count of the documents, above the approved ones counted here). Too coarse to be within 2 %
    // (Counter.precise): counted again in one in 10, the finest of the samples table, which alone counts such a filter.
    const documents = await count('true');
    const statements: pg.QueryConfig[] = [];
    const counted = (modulus: number) =>
      statements.some((s) =>
        new RegExp(`^select count\\(\\*\\) \\* ${modulus} as count from search_samples d`).test(s.text),
      );
    const budget = { exactCountUpTo: 40, filteredRowsUpTo: Math.ceil(documents / 10) };
    const sampled = new PostgresSearchEngine(recordingPool(pool, statements), budget);
    const estimated = await sampled.search({ minRating: 4.8 });
    expect(estimated).toMatchObject({ total: 10 * (await count('rating >= 4.8 and id % 10 = 0')), exhaustive: false });
    expect(Math.abs(estimated.total - exact) / exact).toBeLessThan(0.35);
    expect([
      statements.some((s) => /from search_samples d where .* and d\.id % 20 = 0/s.test(s.text)),
      counted(10),
    ]).toEqual([true, true]);
    // Within 1/√2, a total of about 100 read in one in 100 is counted again in one in 1 + 100 / 2 at most: 50.
    statements.length = 0;
    const coarse = new PostgresSearchEngine(recordingPool(pool, statements), {
      exactCountUpTo: 40,
      filteredRowsUpTo: Math.ceil(documents / 50),
      preciseMatches: 2,
    });
    expect(await coarse.search({ minRating: 4.8 })).toMatchObject({
      total: 50 * (await count('rating >= 4.8 and id % 50 = 0')),
    });
    expect([
      statements.some((s) => /from search_samples d where .* and d\.id % 100 = 0/s.test(s.text)),
      counted(50),
    ]).toEqual([true, true]);
  });

  it('counts many matches from a sample index, scaled, and fewer ones exactly', async () => {
    // exactCountUpTo 40: a sample index is trusted from 20 matches (one in ten) or 10 (one in a hundred).
    const engine = new PostgresSearchEngine(pool, { exactCountUpTo: 40, minSampleMatches: 10 });
    const place = { city: 'Perth', country: 'Australia', countryCode: 'AU', lat: -31.95, lng: 115.86, rating: 4 };
    // 300 consecutive ids: 30 of them in the one-in-ten sample (3 of the first 30), 3 in the one-in-a-hundred.
    await insertFixtures(
      pool,
      placesIn(place, 300, (i) => ({
        key: `quokka-${i}`,
        name: `Quokka Lounge ${i + 1}`,
        category: i < 30 ? 'Tea house' : 'Lounge',
        address: `${i + 1} Hay St, Perth WA 6000, Australia`,
      })),
    );
    await drainOutbox(pool, engine);
    // More than exactCountUpTo, as the sample tells; fewer than PRECISE_MATCHES: counted again with the facets.
    const many = await engine.search({ q: 'quokka' });
    expect(many).toMatchObject({ total: 300, exhaustive: true });
    expect(many.facets.category).toEqual([
      { value: 'lounge', label: 'Lounge', count: 270 },
      { value: 'tea-house', label: 'Tea house', count: 30 },
    ]);
    expect(many.hits[0].name).toBe('Quokka Lounge 300');
    // Browsing by facets alone is counted exactly, by the counts kept per facet, and reads no sample.
    const statements: pg.QueryConfig[] = [];
    const recording = recordingPool(pool, statements);
    // (filteredRowsUpTo 0: as many documents as at scale, where a filter-only query reads a sample b-tree.)
    const browsing = new PostgresSearchEngine(recording, {
      exactCountUpTo: 40,
      minSampleMatches: 10,
      filteredRowsUpTo: 0,
    });
    expect(await browsing.search({ category: 'lounge' })).toMatchObject({ total: 270, exhaustive: true });
    expect(statements.some((s) => s.text.includes('from search_samples d'))).toBe(false);
    // Browsing with another filter (a minimum rating the counts do not keep) counts the same samples through a
    // b-tree keyed by exactly its facet filters: every sampled row of a category, country or city (with the rating
    // filter read from the index too).
    const browse: [SearchQuery, string, number][] = [
      [{ category: 'lounge', minRating: 3.7 }, 'category_10', 270],
      [{ category: 'lounge', country: 'AU', minRating: 3.7 }, 'category_country_10', 270],
      [{ country: 'AU', city: 'perth', minRating: 3.7 }, 'country_city_10', 300],
    ];
    for (const [filters, index, total] of browse) {
      statements.length = 0;
      const browsed = await browsing.search(filters);
      expect(browsed).toMatchObject({ total, exhaustive: true });
      expect(browsed.facets.city).toEqual([{ value: 'perth', label: 'Perth', countryCode: 'AU', count: total }]);
      const sample = statements.find((s) => s.text.includes('from search_samples d'))!;
      const client = await pool.connect();
      try {
        // The tables are small here, so a sequential scan would do: the index is asked whether it serves.
        await client.query('set enable_seqscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${sample.text}`, sample.values);
        expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
          new RegExp(`using search_samples_\\w+_${index} on`),
        );
      } finally {
        await client.query('reset enable_seqscan');
        client.release();
      }
    }
    // 30 matches: 3 in the sample, too few to trust, so they are counted.
    expect(await engine.search({ q: 'quokka', category: 'tea-house' })).toMatchObject({ total: 30, exhaustive: true });
    // Within a radius, the sample's nearest matches: all 30 sampled ones of the 300 places at that point (the
    // nearest matches themselves, all at distance 0, would tell no density and leave the planner's guess).
    for (const sort of ['distance', 'relevance'] as const) {
      const around = await engine.search({ lat: place.lat, lng: place.lng, radiusKm: 1, sort });
      expect(around).toMatchObject({ total: 300, exhaustive: true });
      expect(around.facets.category).toEqual(many.facets.category);
      // 3 sampled tea houses: too few to trust, so the nearest matches are counted.
      const teaHouses = await engine.search({
        lat: place.lat,
        lng: place.lng,
        radiusKm: 1,
        category: 'tea-house',
        sort,
      });
      expect(teaHouses).toMatchObject({ total: 30, exhaustive: true });
    }
    // A box (the map's view) alone: its sampled matches, scaled, rather than the planner's guess for a box.
    const view = { south: -32, west: 115.8, north: -31.9, east: 115.9 };
    const inView = await engine.search({ bounds: view });
    expect(inView).toMatchObject({ total: 300, exhaustive: true });
    expect(inView.facets.category).toEqual(many.facets.category);
    expect(await engine.search({ bounds: view, category: 'tea-house' })).toMatchObject({ total: 30, exhaustive: true });
    // The samples follow the documents through the sync: unapproved, then deleted.
    await pool.query(`update businesses set is_approved = false where name like 'Quokka Lounge %'`);
    await drainOutbox(pool, engine);
    expect(await engine.search({ q: 'quokka' })).toMatchObject({ total: 0, exhaustive: true });
    await pool.query(`delete from businesses where name like 'Quokka Lounge %' and id % 10 = 0`);
    await drainOutbox(pool, engine);
    const orphans = await pool.query(
      'select count(*)::int as n from search_samples s where not exists (select 1 from search_documents d where d.id = s.id)',
    );
    expect(orphans.rows[0].n).toBe(0);
    expect((await pool.query('select count(*)::int as n from search_samples')).rows[0].n).toBeGreaterThan(0);
  });

  it('counts an estimated total again: exactly among the documents, or every match of the finest sample', async () => {
    const place = { city: 'Darwin', country: 'Australia', countryCode: 'AU', lat: -12.46, lng: 130.84, rating: 4 };
    await insertFixtures(
      pool,
      placesIn(place, 600, (i) => ({
        key: `numbat-${i}`,
        name: `Numbat Grill ${i + 1}`,
        category: 'Grill',
        address: `${i + 1} Smith St, Darwin NT 0800, Australia`,
      })),
    );
    // Half of the finest sample's numbats renamed: that sample, scaled, now says 300 where there are 570.
    await pool.query(`update businesses set name = 'Dingo Grill' where name like 'Numbat Grill %' and id % 20 = 0`);
    const statements: pg.QueryConfig[] = [];
    const options = { exactCountUpTo: 40, minSampleMatches: 10 };
    const engine = new PostgresSearchEngine(recordingPool(pool, statements), options);
    await drainOutbox(pool, engine);
    await pool.query('analyze search_documents');
    const numbats = async (where = 'true') =>
      Number(
        (await pool.query(`select count(*) from businesses where name like 'Numbat Grill %' and ${where}`)).rows[0]
          .count,
      );
    expect(await numbats()).toBe(570);
    // Too many to count in a pass (40), too few for the finest sample to hold PRECISE_MATCHES: counted exactly with
    // the facets, by relevance (samples, then the page) and by rating (samples and the page at once).
    const countedWithFacets = (s: pg.QueryConfig) =>
      /^with m as materialized \(select [\w., ]+ from search_documents d where/.test(s.text) &&
      !/ limit \d+\)/.test(s.text);
    for (const sort of ['relevance', 'rating'] as const) {
      statements.length = 0;
      const found = await engine.search({ q: 'numbat', sort });
      expect(found).toMatchObject({ total: 570, exhaustive: true });
      expect(found.facets.city).toEqual([{ value: 'darwin', label: 'Darwin', countryCode: 'AU', count: 570 }]);
      expect(statements.some(countedWithFacets)).toBe(true);
    }
    // A set a sample holds PRECISE_MATCHES of (5 here) is counted in the coarsest such (COUNT_MODULI): the
    // estimate of 300 in one in 50, every sampled match, scaled.
    statements.length = 0;
    const sampled = new PostgresSearchEngine(recordingPool(pool, statements), { ...options, preciseMatches: 5 });
    const estimated = await sampled.search({ q: 'numbat' });
    expect(estimated).toMatchObject({ total: 50 * (await numbats('id % 50 = 0')), exhaustive: false });
    // The facets were read from the sampled rows, 57 of them (more than preciseMatches), and scaled with the total.
    expect(estimated.facets.city).toEqual([
      { value: 'darwin', label: 'Darwin', countryCode: 'AU', count: estimated.total },
    ]);
    expect(statements.some((s) => /^select count\(\*\) \* 50 as count from search_samples d/.test(s.text!))).toBe(true);
    await pool.query(`delete from businesses where name like '% Grill%' and city = 'Darwin'`);
    await drainOutbox(pool, engine);
  });

  it("counts a total again in the documents' own samples when the samples table's are too coarse", async () => {
    const place = {
      city: 'Alice Springs',
      country: 'Australia',
      countryCode: 'AU',
      lat: -23.7,
      lng: 133.88,
      rating: 4,
    };
    // 300 consecutive ids: 30 in the one-in-10 sample, so the first estimate says 300.
    await insertFixtures(
      pool,
      placesIn(place, 300, (i) => ({
        key: `bilby-${i}`,
        name: `Bilby Cafe ${i + 1}`,
        category: 'Bilby cafe',
        address: `${i + 1} Todd St, Alice Springs NT 0870, Australia`,
      })),
    );
    // Ten of the one-in-4 gone, none of the one-in-10's: that sample holds 65 of the 290 left.
    await pool.query(
      `delete from businesses where id in (select id from businesses
         where name like 'Bilby Cafe %' and id % 4 = 0 and id % 10 <> 0 order by id limit 10)`,
    );
    const count = async (where: string) =>
      Number(
        (await pool.query(`select count(*) from businesses where name like 'Bilby Cafe %' and ${where}`)).rows[0].count,
      );
    expect([await count('true'), await count('id % 10 = 0'), await count('id % 4 = 0')]).toEqual([290, 30, 65]);
    const statements: pg.QueryConfig[] = [];
    const options = { exactCountUpTo: 40, minSampleMatches: 10 };
    const engine = new PostgresSearchEngine(recordingPool(pool, statements), { ...options, preciseMatches: 80 });
    await drainOutbox(pool, engine);
    // 300 matches counted within 1/√80: one document in 4 at most (countModulus), 65 × 4, precise enough.
    expect(await engine.search({ q: 'bilby' })).toMatchObject({ total: 260, exhaustive: false });
    expect(statements.some((s) => /from search_documents d\s+where .*sample_moduli @> '\{4\}'/s.test(s.text))).toBe(
      true,
    );
    // Within 1/√100 the count of 260 is not precise enough for one in 4: counted again in one in 3.
    const finer = new PostgresSearchEngine(pool, { ...options, preciseMatches: 100 });
    expect(await finer.search({ q: 'bilby' })).toMatchObject({ total: 3 * (await count('id % 3 = 0')) });
    await pool.query(`delete from businesses where name like 'Bilby Cafe %'`);
    await drainOutbox(pool, engine);
  });

  it('within a radius, counts the nearest matches and scales the total from their density', async () => {
    const engine = new PostgresSearchEngine(pool, { exactCountUpTo: 5 });
    // The 23 Springfield stores lie 111 m apart on a meridian, the first at the centre.
    const near = { lat: 39.7817, lng: -89.6501, sort: 'distance' as const };
    const all = await engine.search({ ...near, radiusKm: 50, limit: 30 });
    // More than 5, so estimated from the nearest's density, then fewer than PRECISE_MATCHES: counted again.
    const every = await new PostgresSearchEngine(pool).search({ ...near, radiusKm: 50 });
    expect(all).toMatchObject({ exhaustive: true, total: every.total, facets: every.facets });
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.hits.map((hit) => hit.name).slice(0, 3)).toEqual([
      'Corner Store 01',
      'Corner Store 02',
      'Corner Store 03',
    ]);
    const distances = all.hits.map((hit) => hit.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    // Six nearest within 0.556 km, scaled to 1 km: (1 / 0.556)^1.5 × 6 ≈ 14, then counted again with the facets
    // (Counter.precise) as an engine counting every match counts them.
    const statements: pg.QueryConfig[] = [];
    const recorded = new PostgresSearchEngine(recordingPool(pool, statements), { exactCountUpTo: 5 });
    const estimated = await recorded.search({ ...near, radiusKm: 1 });
    const counted = await new PostgresSearchEngine(pool).search({ ...near, radiusKm: 1 });
    expect(counted).toMatchObject({ exhaustive: true, total: 9 });
    expect(estimated).toMatchObject({ exhaustive: true, total: 9, facets: counted.facets });
    // Its text holds the radius's corners, one query's: it is not kept prepared on the connection.
    const again = statements.filter((s) => s.text.startsWith('with m as materialized') && !/ limit \d+\)/.test(s.text));
    expect(again.map((s) => s.name)).toEqual([undefined]);
    const few = await engine.search({ ...near, radiusKm: 0.3 });
    expect(few).toMatchObject({ exhaustive: true, total: 3 });
    // Radius statements run with their values written in: quotes stay inside the literals.
    const quoted = await engine.search({ ...near, radiusKm: 50, q: 'corner', location: "O'Hare; drop table x --" });
    expect(quoted).toMatchObject({ total: 0, hits: [] });
  });

  it('ranks by candidate windows exactly as it ranks all matches', async () => {
    // rankAllUpTo 3: every query below has more matches, so relevance takes the windowed plan.
    const windowed = new PostgresSearchEngine(pool, { exactCountUpTo: 3, rankAllUpTo: 3 });
    // Windows among any number of matches under a plan made once (words and a location are the only filters).
    const plannedOnce = new PostgresSearchEngine(pool, {
      exactCountUpTo: 3,
      rankAllUpTo: 3,
      plannedOnceFromMatches: 0,
    });
    const complete = new PostgresSearchEngine(pool, { exactCountUpTo: 10_000 });
    for (const q of ['bakery', 'pizza', 'corner store', 'store', 'new york', 'starbuks zurich', 'zurich']) {
      for (const page of [1, 2, 3]) {
        const a = await windowed.search({ q, limit: 4, page });
        const once = await plannedOnce.search({ q, limit: 4, page });
        const b = await complete.search({ q, limit: 4, page });
        expect([q, page, a.hits.map((h) => h.id)]).toEqual([q, page, b.hits.map((h) => h.id)]);
        expect([q, page, once.hits.map((h) => h.id)]).toEqual([q, page, b.hits.map((h) => h.id)]);
      }
    }
  });

  it('ranks the exact name tier by its most reviewed in candidate windows, however many share the name', async () => {
    const windowed = new PostgresSearchEngine(pool, { exactCountUpTo: 3, rankAllUpTo: 3 });
    const complete = new PostgresSearchEngine(pool, { exactCountUpTo: 10_000 });
    const place = { category: 'Bakery', city: 'Leeds', country: 'United Kingdom', countryCode: 'GB', lat: 53.8 };
    const at = { ...place, lng: -1.54, rating: 4, address: '1 Kirkgate' };
    // Stored least reviewed first, with a more reviewed place of the next tier (all words in its name).
    await insertFixtures(pool, [
      ...[1, 2, 3, 4, 5, 6].map((reviews) => ({ ...at, key: `twin-${reviews}`, name: 'Twinloaf Bakery', reviews })),
      { ...at, key: 'twin-deluxe', name: 'Twinloaf Bakery Deluxe', reviews: 1000 },
    ]);
    await drainOutbox(pool, windowed);
    for (const page of [1, 2, 3, 4]) {
      const a = await windowed.search({ q: 'twinloaf bakery', limit: 1, page });
      const b = await complete.search({ q: 'twinloaf bakery', limit: 1, page });
      expect([page, a.hits.map((h) => h.reviews)]).toEqual([page, b.hits.map((h) => h.reviews)]);
      expect(b.hits[0].reviews).toBe(7 - page);
    }
  });

  it('searches a last word of 3 or 4 letters as the indexed first letters of words: name, category, address', async () => {
    const engine = new PostgresSearchEngine(pool);
    const place = { city: 'Leeds', country: 'United Kingdom', countryCode: 'GB', lat: 53.8, lng: -1.54, rating: 4 };
    await insertFixtures(pool, [
      { ...place, key: 'vyr-address', name: 'Quiet Place', category: 'Cafe', address: '3 Vyrnoth Road', reviews: 900 },
      { ...place, key: 'vyr-category', name: 'Corner Shop', category: 'Vyrnest', address: '2 High St', reviews: 500 },
      { ...place, key: 'vyr-name', name: 'Vyrn Books', category: 'Bookshop', address: '1 High St', reviews: 1 },
    ]);
    await drainOutbox(pool, engine);
    for (const q of ['vyr', 'Vyrn']) {
      const { hits, total } = await engine.search({ q });
      expect([q, total, hits.map((h) => h.name)]).toEqual([q, 3, ['Vyrn Books', 'Corner Shop', 'Quiet Place']]);
    }
    expect((await engine.search({ q: 'leeds vyr' })).total).toBe(3);
    // A word's first letters only, not the middle of a word.
    expect((await engine.search({ q: 'yrn' })).total).toBe(0);
  });

  it('expands the last word through the vocabulary, and keeps it a prefix when it begins too many words', async () => {
    const engine = new PostgresSearchEngine(pool);
    // 40 distinct words beginning "zephyr": more than a prefix is ever expanded to.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    await insertFixtures(
      pool,
      Array.from({ length: 40 }, (_, i) => ({
        key: `zephyr-${i}`,
        name: `Zephyr${letters[Math.floor(i / 26)]}${letters[i % 26]} Tea Room`,
        category: 'Tea house',
        city: 'Leeds',
        country: 'United Kingdom',
        countryCode: 'GB',
        address: `${i + 1} Briggate, Leeds LS1 6HD, United Kingdom`,
        lat: 53.8,
        lng: -1.54,
        rating: 4,
        reviews: i,
      })),
    );
    await drainOutbox(pool, engine);
    expect((await engine.search({ q: 'zephyr' })).total).toBe(40);
    expect((await engine.search({ q: 'tea zephy', limit: 50 })).total).toBe(40);
    const few = await engine.search({ q: 'zephyrb' });
    expect(few.total).toBe(14);
    expect(few.hits.every((hit) => hit.name.startsWith('Zephyrb'))).toBe(true);
    // One exact match, then its one-edit neighbours from the typo pass.
    expect((await engine.search({ q: 'zephyrbc tea' })).hits[0].name).toBe('Zephyrbc Tea Room');
    expect((await engine.search({ q: 'tea zephyrbc' })).hits[0].name).toBe('Zephyrbc Tea Room');
    expect((await engine.search({ q: 'zephyx' })).total).toBe(0);
  });

  it('suggests names with a word beginning the prefix, the most reviewed first', async () => {
    // The 40 Zephyr tea rooms above: reviews 0–39, so the five most reviewed are the last five.
    const expected = ['Zephyrbn Tea Room', 'Zephyrbm Tea Room', 'Zephyrbl Tea Room', 'Zephyrbk Tea Room'];
    // Among the most reviewed places, and (too few there) from the name-words index.
    for (const suggestFromMostReviewed of [3000, 2]) {
      const engine = new PostgresSearchEngine(pool, { suggestFromMostReviewed });
      const { businesses } = await engine.suggest('tea roo', 4);
      expect([suggestFromMostReviewed, businesses.map((b) => b.name)]).toEqual([suggestFromMostReviewed, expected]);
    }
  });

  it('runs at most concurrentStatements statements at once, the searches that began first first; suggestions apart', async () => {
    const queries = ['bakery', 'pizza', 'store', 'zurich', 'quokka', 'starbucks'];
    // The engine's statements in flight, and which search each one began for (its values name the query word).
    let inFlight = 0;
    let most = 0;
    const events: string[] = [];
    const observed = new Proxy(pool, {
      get(target, property) {
        if (property !== 'query') return Reflect.get(target, property);
        return async (...args: Parameters<pg.Pool['query']>) => {
          most = Math.max(most, ++inFlight);
          const values = JSON.stringify(args[1] ?? (args[0] as unknown as pg.QueryConfig).values ?? []);
          events.push(`start ${queries.findIndex((q) => values.includes(q))}`);
          try {
            return await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          } finally {
            inFlight--;
          }
        };
      },
    });
    const alone = await Promise.all(queries.map((q) => new PostgresSearchEngine(pool).search({ q })));
    for (const concurrentStatements of [1, 3]) {
      const engine = new PostgresSearchEngine(observed, { concurrentStatements });
      // The first search reads the lexemes' shares, which every search then waits for.
      await engine.search({ q: 'lexemes shares' });
      most = 0;
      events.length = 0;
      const results = await Promise.all(
        queries.map((q, i) => engine.search({ q }).then((result) => (events.push(`finish ${i}`), result))),
      );
      expect(results.map((r) => r.hits.map((h) => h.id))).toEqual(alone.map((r) => r.hits.map((h) => h.id)));
      expect([concurrentStatements, most]).toEqual([concurrentStatements, concurrentStatements]);
      if (concurrentStatements > 1) continue;
      // One at a time: a search's statement starts while an earlier search reads its last answer in Node, never
      // before the searches that began two or more before it finished (first come first served by statement
      // would start every search's first statement before any second one).
      const late = events.flatMap((event, at) => {
        const [kind, search] = event.split(' ');
        const unfinished = queries
          .map((_, i) => i)
          .filter((i) => i < Number(search) - 1 && !events.slice(0, at).includes(`finish ${i}`));
        return kind === 'start' && unfinished.length > 0 ? [`${event} before finish ${unfinished.join(', ')}`] : [];
      });
      expect(late).toEqual([]);
      expect(events.filter((e) => e.startsWith('start')).length).toBeGreaterThan(queries.length);
    }
    // Suggestions queue apart, each one statement at a time (names, categories and cities are one).
    most = 0;
    const suggesting = new PostgresSearchEngine(observed, { concurrentSuggestions: 2 });
    const suggestions = await Promise.all(['bak', 'piz', 'sto', 'zur', 'quo', 'sta'].map((q) => suggesting.suggest(q)));
    expect(suggestions.some((s) => s.businesses.length > 0)).toBe(true);
    expect(most).toBe(2);
  });

  it('recreates, empty, a samples table of other columns (an older layout) until the reindex it asks for', async () => {
    const engine = new PostgresSearchEngine(pool);
    const columns = async () =>
      (
        await pool.query<{ name: string }>(
          `select attname as name from pg_attribute where attrelid = 'search_samples'::regclass
           and attnum > 0 and not attisdropped`,
        )
      ).rows.map((row) => row.name);
    const current = await columns();
    await pool.query('alter table search_samples drop column latitude');
    await engine.setup();
    expect((await columns()).sort()).toEqual([...current].sort());
    expect((await pool.query('select count(*)::int as n from search_samples')).rows[0].n).toBe(0);
    // Searches keep answering, counted exactly, and the syncs write to the new table.
    expect(await engine.search({ q: 'store' })).toMatchObject({ exhaustive: true });
    await engine.setup();
    expect((await columns()).sort()).toEqual([...current].sort());
    await reindex(pool, engine);
    expect((await pool.query('select count(*)::int as n from search_samples')).rows[0].n).toBeGreaterThan(0);
  });
});
