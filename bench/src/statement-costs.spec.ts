import pg from 'pg';
import { PostgresSearchEngine, drainOutbox, type SearchQuery } from '@directory/search';
import { createSuiteDatabase } from '../../testing/database.js';
import { insertFixtures } from '../../search/src/testing/fixtures.js';
import { EVERY_MATCH_KINDS, KIND, measureStatementCosts, statementKind, timeShareOf } from './statement-costs.js';

/** The bench's kinds are read from the engine's own statements: one the engine sends in a new shape is 'other'. */
describe("the bench's statements by kind", () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await insertFixtures(pool);
    const engine = new PostgresSearchEngine(pool);
    await engine.setup();
    await drainOutbox(pool, engine);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const queries: SearchQuery[] = [
    { q: 'corner store', limit: 5 },
    { q: 'corner', location: 'Springfield', limit: 5 },
    { q: 'cornr', limit: 5 },
    { q: 'cor', limit: 5 },
    { category: 'convenience-store', limit: 5 },
    { category: 'convenience-store', openNow: true, limit: 5 },
    { country: 'US', city: 'springfield', minRating: 4, sort: 'rating', limit: 5 },
    { lat: 39.7817, lng: -89.6501, radiusKm: 5, sort: 'distance', limit: 5 },
    { q: 'store', openNow: true, limit: 5 },
  ];

  it.each([
    ['with the bounds of the bench', {}],
    // Beyond one exact match every total is an estimate, counted again: the count paths of a large directory.
    ['with every total beyond 1 estimated', { exactCountUpTo: 1, preciseMatches: 2, minSampleMatches: 1 }],
  ])('puts every statement of the searches %s in a kind', async (_, options) => {
    const costs = await measureStatementCosts(
      pool,
      queries.map((query) => ({ query })),
      options,
    );
    expect(costs.kinds.map((k) => k.kind)).not.toContain(KIND.other);
    expect(costs.kinds.map((k) => k.kind)).toEqual(expect.arrayContaining([KIND.page, KIND.radius, KIND.sampleLevels]));
    expect(costs.searches).toBe(queries.length);
    expect(costs.openNow.searches).toBe(2);
    expect(costs.openNow.timeShare).toBeGreaterThan(0);
    expect(timeShareOf(costs, EVERY_MATCH_KINDS)).toBeGreaterThan(0);
    expect(costs.kinds.reduce((sum, k) => sum + k.ms, 0)).toBeCloseTo(costs.statementMs, 0);
  });

  it('reads a statement prepared by name as the statement it prepares', () => {
    expect(statementKind('prepare once_ab12 as with s0 as materialized (select 1)')).toBe(KIND.sampleLevels);
    expect(
      statementKind('select word from (select word from search_vocabulary order by word <-> $1 limit 50) nearest'),
    ).toBe(KIND.planning);
    expect(statementKind('select 1')).toBe(KIND.other);
  });
});
