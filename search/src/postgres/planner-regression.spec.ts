/**
 * Planner regression suite of the embedded engine: how its statements meet PostgreSQL's planner and storage —
 * prepared statements and their plan-cache counters (plans made once per connection), the SQL text of the
 * statements (rows tested instead of an index search), the sessions' settings and the heap page order a rebuild
 * writes. The answers are the engine contract's and postgres-engine.spec.ts's to check: a failure here means a
 * performance regression (more planning, worse plans, more pages read), not a wrong answer. Why each of these
 * matters, with measurements: bench/engine-notes.md.
 */
import pg from 'pg';
import { WEEKDAYS } from '@directory/core';
import { createSuiteDatabase } from '../../../testing/database.js';
import { openSearch } from '../create-engine.js';
import { drainOutbox } from '../sync/outbox.js';
import { reindex } from '../sync/reindex.js';
import type { SearchQuery } from '../search-engine.js';
import { recordingPool } from '../testing/recording-pool.js';
import { insertFixtures } from '../testing/fixtures.js';
import { PostgresSearchEngine } from './postgres-engine.js';

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

describe('PostgreSQL engine: plans, statements and storage', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await insertFixtures(pool);
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

  it('tests on the rows a lexeme many documents hold when the others find few, with the same answers', async () => {
    const place = { city: 'Hobart', country: 'Australia', countryCode: 'AU', lat: -42.88, lng: 147.33, rating: 4 };
    // "wombat" in 200 documents, "koala" and "kiosk" in 20 of them (deleted at the end: the later tests read the
    // database as the earlier ones left it).
    const wombats = await insertFixtures(
      pool,
      Array.from({ length: 200 }, (_, i) => ({
        ...place,
        key: `wombat-${i}`,
        name: `Wombat Cafe ${i + 1}`,
        category: i < 20 ? 'Koala kiosk' : 'Cafe',
        address: `${i + 1} Elizabeth St, Hobart TAS 7000, Australia`,
        reviews: i,
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

  it("reads an open-now search's matches among the documents through the open hours, in the words' index search", async () => {
    const week = (hours: string) => JSON.stringify(Object.fromEntries(WEEKDAYS.map((day) => [day, hours])));
    const place = {
      city: 'Hobart',
      country: 'Australia',
      countryCode: 'AU',
      timeZone: 'Australia/Hobart',
      lat: -42.88,
      lng: 147.33,
      rating: 4,
    };
    // 40 wallaby shops, 10 open in the morning, 30 at night (deleted at the end).
    const shops = await insertFixtures(
      pool,
      Array.from({ length: 40 }, (_, i) => ({
        ...place,
        key: `wallaby-${i}`,
        name: `Wallaby Supplies ${i + 1}`,
        category: 'Wallaby shop',
        address: `${i + 1} Salamanca Pl, Hobart TAS 7000, Australia`,
        hours: week(i < 10 ? '8AM-11AM' : '8PM-11PM'),
        reviews: i,
      })),
    );
    const indexing = new PostgresSearchEngine(pool);
    await indexing.setup();
    await drainOutbox(pool, indexing);
    const statements: pg.QueryConfig[] = [];
    const engine = new PostgresSearchEngine(recordingPool(pool, statements));
    // 9:30 in Hobart (UTC+11 in December).
    const now = new Date('2026-12-02T22:30:00Z');
    for (const query of [{ category: 'wallaby-shop' }, { q: 'wallaby' }]) {
      statements.length = 0;
      expect((await engine.search({ ...query, openNow: true, now })).total).toBe(10);
      const counted = statements.filter((s) => /from search_documents d where .*open_hours @>/s.test(s.text));
      expect(counted.length).toBeGreaterThan(0);
      // The open hours and the words or category are one search of one index, so no closed shop's row is read.
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('set local enable_seqscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off, timing off) ${counted[0].text}`,
          counted[0].values,
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/Index Cond: \(\(tsv @@ .*\) AND \(open_hours @> '\{\d+\}'::smallint\[\]\)\)/);
        expect(plan).toMatch(/Bitmap Index Scan .*\(actual rows=10 /);
      } finally {
        await client.query('rollback');
        client.release();
      }
    }
    await pool.query('delete from businesses where id = any($1::bigint[])', [[...shops.values()]]);
    await drainOutbox(pool, indexing);
  });

  it("counts a total again in the documents' samples in the words' index search, and a radius from its index alone", async () => {
    const indexing = new PostgresSearchEngine(pool);
    await indexing.setup();
    await drainOutbox(pool, indexing);
    await pool.query('vacuum analyze search_documents');
    const statements: pg.QueryConfig[] = [];
    // Small bounds, so these few matches are estimated and counted again as millions would be.
    const engine = new PostgresSearchEngine(recordingPool(pool, statements), {
      exactCountUpTo: 5,
      minSampleMatches: 1,
      preciseMatches: 5,
    });
    const explained = async (statement: pg.QueryConfig, settings: string[], before: string[] = []) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (const setting of settings) await client.query(`set local ${setting} = off`);
        for (const text of before) await client.query(text);
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off, timing off) ${statement.text}`,
          statement.values,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await client.query('rollback');
        client.release();
      }
    };
    // The 23 Springfield stores: a sample of them is one GIN search of the words and the documents' sample. (On a few
    // dozen rows the planner reads them all through any b-tree: shown with the b-trees dropped, then restored.)
    await engine.search({ q: 'corner store', sort: 'name' });
    const sliced = statements.find((s) => /from search_documents d\s+where .*sample_moduli @> '\{\d\}'/s.test(s.text));
    expect(sliced).toBeDefined();
    const { rows: btrees } = await pool.query<{ name: string }>(
      `select indexrelid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am a on a.oid = c.relam where i.indrelid = 'search_documents'::regclass and a.amname = 'btree'
       and not i.indisprimary`,
    );
    const drops = btrees.map(({ name }) => `drop index ${name}`);
    expect(await explained(sliced!, ['enable_seqscan'], drops)).toMatch(
      /Index Cond: \(\(tsv @@ .*\) AND \(sample_moduli @> '\{\d\}'::smallint\[\]\)\)/,
    );
    // Within a radius, counted from the GiST index's coordinates: no row read on an all-visible page.
    statements.length = 0;
    // The six nearest stores within 0.556 km say 14 within 1 km: counted within 1/√5, no sample is fine enough.
    const near = { lat: 39.7817, lng: -89.6501, radiusKm: 1, sort: 'distance' as const };
    const counted = await engine.search(near);
    const exact = await new PostgresSearchEngine(pool).search(near);
    expect(counted).toMatchObject({ total: exact.total, exhaustive: false });
    const radius = statements.find((s) => /^select count\(\*\) \* 1 as count from search_documents d/.test(s.text));
    expect(radius).toBeDefined();
    const counting = await explained(radius!, ['enable_seqscan', 'enable_bitmapscan']);
    expect(counting).toMatch(/Index Only Scan using \S+_geo on search_documents/);
    expect(counting).toMatch(/Heap Fetches: 0/);
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
      windows: /^with walk_0/,
      'one pass': /^with m as materialized \(\s+select d\.id/,
      // Counted again with the facets: every match, no limit (the first kind found names a statement).
      'count again': /^with m as materialized \(select d\.category_slug(?![\s\S]* limit \d+\))/,
      count: /^with m as materialized \(select d\.category_slug/,
      // Counted again in one of the documents' samples.
      'count in a sample': /^select count\(\*\) \* \d+ as count from search_documents d/,
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
        (await preparedPlans(one, '%best_of_all%', '%(select $%::tsquery)%'))
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
      '%(select $%::tsquery)%',
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
      'search_facet_counts',
      'search_outbox',
      'search_samples',
      'search_synonyms',
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
});
