import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { drainOutbox } from '../sync/outbox.js';
import { reindex } from '../sync/reindex.js';
import { insertFixtures } from '../testing/fixtures.js';
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

describe('PostgreSQL engine: bounded counting and rebuild', () => {
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

  it('counts exactly up to its bound, then estimates and scales the facets', async () => {
    const engine = new PostgresSearchEngine(pool, { exactCountUpTo: 5 });
    await engine.setup();
    await drainOutbox(pool, engine);
    const small = await engine.search({ country: 'DE' });
    expect(small).toMatchObject({ total: 2, exhaustive: true });
    const large = await engine.search({ category: 'convenience-store', limit: 3 });
    expect(large.exhaustive).toBe(false);
    expect(large.total).toBeGreaterThanOrEqual(6);
    expect(large.hits).toHaveLength(3);
    const [facet] = large.facets.category;
    expect(facet).toMatchObject({ value: 'convenience-store' });
    expect(facet.count).toBe(large.total);
  });

  it('ranks by candidate windows exactly as it ranks all matches', async () => {
    // exactCountUpTo 3: every query below has more matches, so relevance takes the windowed plan.
    const windowed = new PostgresSearchEngine(pool, { exactCountUpTo: 3 });
    const complete = new PostgresSearchEngine(pool, { exactCountUpTo: 10_000 });
    for (const q of ['bakery', 'pizza', 'corner store', 'store', 'new york', 'starbuks zurich', 'zurich']) {
      for (const page of [1, 2, 3]) {
        const a = await windowed.search({ q, limit: 4, page });
        const b = await complete.search({ q, limit: 4, page });
        expect([q, page, a.hits.map((h) => h.id)]).toEqual([q, page, b.hits.map((h) => h.id)]);
      }
    }
  });

  it('rebuilds into a fresh table, swaps it in, and keeps answering', async () => {
    const engine = new PostgresSearchEngine(pool, { rebuildParallelism: 3 });
    const before = await engine.count();
    const result = await reindex(pool, engine);
    expect(result.documents).toBe(before);
    expect(await engine.needsReindex()).toBe(false);
    expect((await engine.search({ q: 'Starbuks' })).hits[0].name).toBe('Starbucks');
    const { rows } = await pool.query(`select tablename from pg_tables where tablename like 'search_%' order by 1`);
    expect(rows.map((r) => r.tablename)).toEqual(['search_documents', 'search_outbox', 'search_vocabulary']);
  });
});
