import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { wordFunctionsSql } from '../postgres/words.js';
import type { SearchEngine } from '../search-engine.js';
import { searchWords } from '../text.js';
import { reindex } from '../sync/reindex.js';
import { contractEngines } from '../testing/engines.js';
import { corpusBusinesses, importRealExports, type CorpusBusiness } from './corpus.js';
import { measureRelevance, type RelevanceFigures } from './figures.js';

/**
 * The relevance suite (issue 30): 1,900 queries over the real exports, each engine held to the figures
 * below. Today's figures and how they are made: search/src/quality/README.md.
 */
const THRESHOLDS = {
  exactNameFirst: 0.98,
  oneTypoTop3: 0.93,
  wordFormRecall: 0.85,
  locationPrecision: 1,
};

describe.each(contractEngines())('relevance over the real exports: %s engine', (kind, contract) => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;
  let engine: SearchEngine;
  let corpus: CorpusBusiness[];
  let figures: RelevanceFigures;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    await importRealExports(pool);
    corpus = await corpusBusinesses(pool);
    engine = contract.create(pool);
    await engine.setup();
    await reindex(pool, engine);
    figures = await measureRelevance(engine, corpus);
    const shown = Object.fromEntries(
      Object.entries(figures).map(([k, v]) => [k, typeof v === 'number' && v <= 1 ? `${(100 * v).toFixed(1)} %` : v]),
    );
    if (process.env.RELEVANCE_REPORT) console.log(kind, JSON.stringify(shown, null, 1));
  }, 600_000);

  afterAll(async () => {
    if (engine) await contract.dispose(engine);
    await engine?.close();
    await pool?.end();
    await database?.drop();
  });

  it('cuts every name into the same words in SQL (documents) and TypeScript (queries)', async () => {
    for (const sql of wordFunctionsSql()) await pool.query(sql);
    const { rows } = await pool.query<{ name: string; words: string }>(
      `select name, search_words(name) as words from businesses`,
    );
    const differ = rows.filter((row) => row.words !== searchWords(row.name).join(' '));
    expect(differ).toEqual([]);
  });

  it.each(Object.entries(THRESHOLDS))('%s reaches its threshold', (figure, threshold) => {
    expect(figures[figure as keyof typeof THRESHOLDS]).toBeGreaterThanOrEqual(threshold);
  });
});
