import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { openSearch } from '../create-engine.js';
import { drainOutbox } from '../sync/outbox.js';
import { reindex } from '../sync/reindex.js';
import type { SearchQuery } from '../search-engine.js';
import { insertFixtures, type Fixture } from '../testing/fixtures.js';
import { editDistance, PostgresSearchEngine } from './postgres-engine.js';

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

/** The pool, noting each statement sent through its query() (as a config: text, values and any name). */
function recordingPool(pool: pg.Pool, statements: pg.QueryConfig[]): pg.Pool {
  return {
    query: (statement: string | pg.QueryConfig, values?: unknown[]) => {
      statements.push(typeof statement === 'string' ? { text: statement, values } : statement);
      return pool.query(statement as string, values);
    },
    connect: () => pool.connect(),
  } as unknown as pg.Pool;
}

/**
 * The plans of a connection's prepared statements whose text is like `statement`, by whether it is also like `unseen`
 * (their values read by subqueries): those planned for their values (custom) and those run under one plan for any.
 */
async function preparedPlans(
  connection: pg.Pool,
  statement: string,
  unseen: string,
): Promise<{ custom: number; generic: number; unseen: boolean }[]> {
  const { rows } = await connection.query<{ custom: number; generic: number; unseen: boolean }>(
    `select custom_plans::int as custom, generic_plans::int as generic, statement like $2 as unseen
     from pg_prepared_statements where statement like $1 order by unseen`,
    [statement, unseen],
  );
  return rows;
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

  /** Searches on an engine of one connection (`run`), then reads that connection's preparedPlans. */
  const plansOnOneConnection = async (
    run: (engine: PostgresSearchEngine) => Promise<void>,
    statement: string,
    unseen: string,
  ) => {
    const indexed = new PostgresSearchEngine(pool);
    await indexed.setup();
    await drainOutbox(pool, indexed);
    const one = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      await run(new PostgresSearchEngine(one));
      return await preparedPlans(one, statement, unseen);
    } finally {
      await one.end();
    }
  };

  it("opens the engine on sessions that do not prefetch (the index's pages are in memory) nor compile to machine code", async () => {
    const opened = openSearch({ DATABASE_URL: database.url }, 1);
    try {
      const { rows } = await opened.pool.query<{ effective_io_concurrency: string }>('show effective_io_concurrency');
      expect(rows[0].effective_io_concurrency).toBe('0');
      // Nor compile statements to machine code.
      expect((await opened.pool.query<{ jit: string }>('show jit')).rows[0].jit).toBe('off');
      // Connections are replaced after a while: what each keeps prepared is bounded.
      expect(opened.pool.options.maxUses).toBeLessThan(Infinity);
    } finally {
      await opened.close();
    }
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
    const many = await engine.search({ q: 'quokka' });
    expect(many).toMatchObject({ total: 300, exhaustive: false });
    expect(many.facets.category).toEqual([
      { value: 'lounge', label: 'Lounge', count: 270 },
      { value: 'tea-house', label: 'Tea house', count: 30 },
    ]);
    expect(many.hits[0].name).toBe('Quokka Lounge 300');
    // Browsing without words counts the same samples through a b-tree keyed by exactly its filters: every
    // sampled row of a category, country or city (with the rating filter read from the index too).
    const statements: pg.QueryConfig[] = [];
    const recording = recordingPool(pool, statements);
    const browsing = new PostgresSearchEngine(recording, { exactCountUpTo: 40, minSampleMatches: 10 });
    const browse: [SearchQuery, string, number][] = [
      [{ category: 'lounge' }, 'category_10', 270],
      [{ category: 'lounge', country: 'AU', minRating: 3.5 }, 'category_country_10', 270],
      [{ country: 'AU', city: 'perth' }, 'country_city_10', 300],
    ];
    for (const [filters, index, total] of browse) {
      statements.length = 0;
      const browsed = await browsing.search(filters);
      expect(browsed).toMatchObject({ total, exhaustive: false });
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
      expect(around).toMatchObject({ total: 300, exhaustive: false });
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

  it('within a radius, counts the nearest matches and scales the total from their density', async () => {
    const engine = new PostgresSearchEngine(pool, { exactCountUpTo: 5 });
    // The 23 Springfield stores lie 111 m apart on a meridian, the first at the centre.
    const near = { lat: 39.7817, lng: -89.6501, sort: 'distance' as const };
    const all = await engine.search({ ...near, radiusKm: 50, limit: 30 });
    expect(all.exhaustive).toBe(false);
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.hits.map((hit) => hit.name).slice(0, 3)).toEqual([
      'Corner Store 01',
      'Corner Store 02',
      'Corner Store 03',
    ]);
    const distances = all.hits.map((hit) => hit.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    // Six nearest within 0.556 km, scaled to 1 km: (1 / 0.556)^1.5 × 6 ≈ 14 (there are 10).
    const estimated = await engine.search({ ...near, radiusKm: 1 });
    expect(estimated).toMatchObject({ exhaustive: false, total: 14 });
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

  it('tests on the rows a lexeme many documents hold when the others find few, with the same answers', async () => {
    const place = { city: 'Hobart', country: 'Australia', countryCode: 'AU', lat: -42.88, lng: 147.33, rating: 4 };
    // "wombat" in 200 documents, "koala" and "kiosk" in 20 of them (deleted at the end: the later tests read the
    // database as the earlier ones left it).
    const wombats = await insertFixtures(
      pool,
      placesIn(place, 200, (i) => ({
        key: `wombat-${i}`,
        name: `Wombat Cafe ${i + 1}`,
        category: i < 20 ? 'Koala kiosk' : 'Cafe',
        address: `${i + 1} Elizabeth St, Hobart TAS 7000, Australia`,
      })),
    );
    const indexing = new PostgresSearchEngine(pool);
    await indexing.setup();
    await drainOutbox(pool, indexing);
    await pool.query('analyze search_documents');
    // A lexeme is common from 100 documents: "wombat" is, "koala" and "kiosk" are not.
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from search_documents');
    const common = { indexLexemesBelowShare: 100 / rows[0].n };
    const statements: pg.QueryConfig[] = [];
    const recording = recordingPool(pool, statements);
    const whole = new PostgresSearchEngine(pool, { indexLexemesBelowShare: 1 });
    const rowsTested = (statement: pg.QueryConfig) => / is true/.test(statement.text);
    for (const [q, upTo, tested] of [
      ['koala wombat', 1000, true],
      // Neither is common: both are searched in the index.
      ['koala kiosk', 1000, false],
      // "koala" alone finds more rows than may be read.
      ['koala wombat', 5, false],
    ] as const) {
      statements.length = 0;
      const engine = new PostgresSearchEngine(recording, { ...common, testLexemesOnRowsUpTo: upTo });
      const found = await engine.search({ q });
      expect({ ...found, processingTimeMs: 0 }).toEqual({ ...(await whole.search({ q })), processingTimeMs: 0 });
      expect([q, upTo, statements.some(rowsTested)]).toEqual([q, upTo, tested]);
    }
    expect((await whole.search({ q: 'koala wombat' })).total).toBe(20);
    await pool.query('delete from businesses where id = any($1::bigint[])', [[...wombats.values()]]);
    await drainOutbox(pool, indexing);
    expect((await whole.search({ q: 'wombat' })).total).toBe(0);
  });

  it('plans the suggestion statement once per connection, whatever the prefixes', async () => {
    const indexed = new PostgresSearchEngine(pool);
    await indexed.setup();
    await drainOutbox(pool, indexed);
    // One connection, in a transaction rolled back at the end: 50,000 names beginning with "star" (analyzed), so
    // that PostgreSQL estimates a short prefix's range as large and a long one's as small, as at 1.2M.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into search_documents (id, slug, name) select 1000000000 + i, 'star-' || i, 'Star ' || i
         from generate_series(1, 50000) i`,
      );
      await client.query('analyze search_documents');
      const engine = new PostgresSearchEngine(client as unknown as pg.Pool);
      // Short prefixes and long ones, as typing makes them.
      const prefixes = ['s', 'st', 'sta', 'star', 'starb', 'b', 'ba', 'bak', 'p', 'pi', 'piz', 'pizza', 'q', 'z'];
      for (const prefix of prefixes) await engine.suggest(prefix);
      expect((await engine.suggest('star 1234')).businesses.map((b) => b.slug)).toContain('star-1234');
      const { rows } = await client.query<{ generic: string; custom: string }>(
        `select generic_plans as generic, custom_plans as custom from pg_prepared_statements
         where statement like '%''business'' as kind%'`,
      );
      // PostgreSQL plans a prepared statement for its values five times before it considers a plan made once.
      expect(rows.map((r) => [Number(r.custom), Number(r.generic)])).toEqual([[5, prefixes.length + 1 - 5]]);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  });

  it("sends a search's statements by name, so each connection parses a shape of query once", async () => {
    const indexing = new PostgresSearchEngine(pool);
    await indexing.setup();
    await drainOutbox(pool, indexing);
    const statements: pg.QueryConfig[] = [];
    const recording = recordingPool(pool, statements);
    // Bounds this small make the fixtures' matches many: ranked by windows, by the one pass, or counted.
    const engine = new PostgresSearchEngine(recording, { exactCountUpTo: 2, rankAllUpTo: 3, minSampleMatches: 1 });
    const queries: SearchQuery[] = [
      { q: 'store' },
      { q: 'cafe', location: 'Zurich' },
      { q: 'starbuks' },
      { q: 'bakery', sort: 'rating' },
      { category: 'cafe', country: 'CH' },
      { q: 'coffee', openNow: true },
    ];
    for (const query of queries) await engine.search(query);
    // What reads the documents (but the planner's estimates: EXPLAIN cannot be prepared) goes by name.
    const reads = statements.filter((s) => s.text.includes('from search_documents d') && !s.text.startsWith('explain'));
    expect(reads.filter((s) => !s.name).map((s) => s.text)).toEqual([]);
    const kinds = {
      windows: /^with best_of_all/,
      'one pass': /^with m as materialized \(\s+select d\.id/,
      count: /^with m as materialized \(select d\.category_slug/,
      page: /^select d\.id, d\.slug/,
    };
    const kindOf = (text: string) => Object.entries(kinds).find(([, pattern]) => pattern.test(text))?.[0];
    expect(new Set(reads.map((s) => kindOf(s.text)))).toEqual(new Set(Object.keys(kinds)));
  });

  it('runs windows among many matches under a plan made once per connection, also after a rebuild', async () => {
    const one = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      const engine = new PostgresSearchEngine(one, { exactCountUpTo: 3, rankAllUpTo: 3, plannedOnceFromMatches: 0 });
      // Writes take connections of their own (the sync holds one for its lock): the suite's pool.
      const indexing = new PostgresSearchEngine(pool);
      await indexing.setup();
      await drainOutbox(pool, indexing);
      // The windows statements on the connection, those whose values the planner cannot see (read by subqueries) or can.
      const plans = async (unseen: boolean) =>
        (await preparedPlans(one, '%best_of_all%', '%(select to_tsquery(%'))
          .filter((plan) => plan.unseen === unseen)
          .map(({ custom, generic }) => ({ generic, custom }));
      const before = await engine.search({ q: 'store', limit: 2 });
      for (let i = 0; i < 9; i++) expect((await engine.search({ q: 'store', limit: 2 })).hits).toEqual(before.hits);
      // One statement: PostgreSQL plans a statement by name for its values five times, then keeps the plan it made
      // for any values, as they were unseen and its plans no cheaper.
      expect(await plans(true)).toEqual([{ generic: 5, custom: 5 }]);
      // A category has indexes of its own: its windows are planned for its value.
      await engine.search({ q: 'store', category: 'convenience-store', limit: 2 });
      expect(await plans(true)).toEqual([{ generic: 5, custom: 5 }]);
      expect(await plans(false)).toEqual([{ generic: 0, custom: 1 }]);
      // The tables swapped in by a rebuild: the statement is planned again for them and finds what they hold.
      await reindex(pool, indexing);
      await insertFixtures(pool, [
        {
          key: 'planned-once-new',
          name: 'Zzplannedonce Store',
          category: 'Hardware store',
          city: 'Leeds',
          country: 'United Kingdom',
          countryCode: 'GB',
          address: '9 Elm St',
          lat: 53.8,
          lng: -1.54,
          rating: 5,
          reviews: 1_000_000,
        },
      ]);
      await drainOutbox(pool, indexing);
      const after = await engine.search({ q: 'store', limit: 2 });
      expect(after.hits[0].name).toBe('Zzplannedonce Store');
      expect(await plans(true)).toEqual([{ generic: 6, custom: 5 }]);
      // The suite's directory as it was (the rebuild test reads its id ranges).
      await pool.query(`delete from businesses where name = 'Zzplannedonce Store'`);
      await drainOutbox(pool, indexing);
    } finally {
      await one.end();
    }
  });

  it('ranks, counts and facets few matches in one pass planned once per connection, whatever the words', async () => {
    const words = ['pizza', 'bakery', 'starbucks', 'central', 'keller', 'masala', 'corner', 'kayser'];
    const plans = await plansOnOneConnection(
      async (engine) => {
        for (const q of words) expect((await engine.search({ q })).exhaustive).toBe(true);
        // A category has indexes of its own: its pass is planned for its value.
        await engine.search({ q: 'pizza', category: 'pizza-restaurant' });
      },
      '%match_count%',
      '%(select to_tsquery(%',
    );
    // Planned for the words five times (PostgreSQL's rule), then under the plan made for any words, as it could
    // not see them.
    expect(plans).toEqual([
      { custom: 1, generic: 0, unseen: false },
      { custom: 5, generic: words.length - 5, unseen: true },
    ]);
  });

  it("plans a browse's page once per connection when its filters are an index's key, whatever their values", async () => {
    const cities = ['london', 'paris', 'berlin', 'new-york', 'tokyo', 'leeds', 'istanbul', 'munich'];
    const plans = await plansOnOneConnection(
      async (engine) => {
        for (const city of cities) await engine.search({ country: 'GB', city });
        // A minimum rating in popularity order: its share of the places decides the plan, which is made for it.
        await engine.search({ category: 'cafe', minRating: 4 });
      },
      'select d.id, d.slug%',
      '%(select $%',
    );
    expect(plans).toEqual([
      { custom: 1, generic: 0, unseen: false },
      { custom: 5, generic: cities.length - 5, unseen: true },
    ]);
  });

  it('runs a radius nearest first under plans made once per connection, whatever the centre and radius', async () => {
    const circles = [
      { lat: 39.7817, lng: -89.6501, radiusKm: 50 },
      { lat: 48.2104, lng: 16.3655, radiusKm: 10 },
      { lat: 48.1376, lng: 11.5799, radiusKm: 25 },
      { lat: 40.7306, lng: -74.0021, radiusKm: 5 },
      { lat: 39.7817, lng: -89.6501, radiusKm: 1 },
      { lat: 47.37, lng: 8.5392, radiusKm: 30 },
      { lat: 44.8176, lng: 20.4569, radiusKm: 20 },
    ];
    const plans = await plansOnOneConnection(
      async (engine) => {
        for (const circle of circles) {
          const { hits } = await engine.search({ ...circle, sort: 'distance' });
          expect(hits.length).toBeGreaterThan(0);
          const distances = hits.map((hit) => hit.distanceKm!);
          expect(distances).toEqual([...distances].sort((a, b) => a - b));
          expect(distances.every((km) => km <= circle.radiusKm)).toBe(true);
        }
        // A country has indexes of its own: its radius is planned for its values, in a batch of their literals.
        const inUs = await engine.search({ ...circles[3], country: 'US', sort: 'distance' });
        expect(inUs.hits.length).toBeGreaterThan(0);
        expect(inUs.hits.every((hit) => hit.country_code === 'US')).toBe(true);
      },
      'prepare once_%',
      '%(select $%',
    );
    // The hits and the count, each PREPAREd once and run under its plan for any values.
    expect(plans).toEqual([
      { custom: 0, generic: circles.length, unseen: false },
      { custom: 0, generic: circles.length, unseen: false },
    ]);
  });

  it('rebuilds into a fresh table, swaps it in, and keeps answering', async () => {
    const engine = new PostgresSearchEngine(pool, { rebuildParallelism: 3 });
    const before = await engine.count();
    const result = await reindex(pool, engine);
    expect(result.documents).toBe(before);
    expect(await engine.needsReindex()).toBe(false);
    expect((await engine.search({ q: 'Starbuks' })).hits[0].name).toBe('Starbucks');
    const { rows } = await pool.query(`select tablename from pg_tables where tablename like 'search_%' order by 1`);
    expect(rows.map((r) => r.tablename)).toEqual([
      'search_documents',
      'search_outbox',
      'search_samples',
      'search_vocabulary',
    ]);
    // Each connection wrote its id range most reviewed first: walking a range in that order, a page once left
    // is hardly ever come back to (its rows are neighbours in popularity). Under contention PostgreSQL may hand
    // a connection a page another one began (extra blocks go to the free space map), hence a little slack;
    // an unordered fill comes back to its pages at nearly every row.
    const stored = await pool.query<{ id: string; page: number }>(
      'select id, (ctid::text::point)[0] as page from search_documents order by reviews desc, id',
    );
    const { rows: bounds } = await pool.query<{ lo: string; hi: string }>(
      'select min(id) as lo, max(id) as hi from businesses',
    );
    const step = Math.ceil((Number(bounds[0].hi) - Number(bounds[0].lo) + 1) / 3);
    const rangeOf = (id: string) => Math.floor((Number(id) - Number(bounds[0].lo)) / step);
    for (const range of [0, 1, 2]) {
      const pages = stored.rows.filter((r) => rangeOf(r.id) === range).map((r) => r.page);
      const runs = pages.filter((page, i) => i === 0 || page !== pages[i - 1]);
      expect(pages.length).toBeGreaterThan(1);
      const distinct = new Set(runs).size;
      expect(runs.length - distinct).toBeLessThanOrEqual(Math.max(2, Math.ceil(distinct / 10)));
    }
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
