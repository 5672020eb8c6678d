import pg from 'pg';
import {
  corpusBusinesses,
  createSearchEngine,
  importRealExports,
  measureRelevance,
  REAL_EXPORTS,
  reindex,
  type RelevanceFigures,
  searchPoolConfig,
} from '@directory/search';
import { databaseUrl, runNode, withClient } from './database.js';
import { round } from './stats.js';

/** The relevance suite's figures (search/src/quality) on the engine as built, and what measuring them took. */
export type RelevanceBench = Omit<RelevanceFigures, 'misses'> & {
  businesses: number;
  seconds: number;
  /** The first few queries of each figure that fell short. */
  misses: Record<string, string[]>;
};

/** The thresholds (issue 30): a speed change that costs relevance is not a speed-up. */
export const RELEVANCE_TARGETS = {
  exactNameFirst: { label: 'exact name at rank 1', atLeast: 0.98 },
  oneTypoTop3: { label: 'one typo (word of 5+ letters) in the top 3', atLeast: 0.95 },
  wordFormRecall: { label: 'plural ↔ singular recall', atLeast: 0.95 },
  placeAliasRecall: { label: 'place aliases recall', atLeast: 0.95 },
  locationPrecision: { label: 'location filter precision', atLeast: 1 },
} as const;

const DATABASE = 'directory_bench_relevance';
let measured: Promise<RelevanceBench | { skipped: string }> | null = null;

/**
 * The relevance suite's queries over the real exports (../shared/data/real), in a database of their own made
 * afresh, with the PostgreSQL engine as built: measured once a run (the corpus does not change with the scale).
 */
export function benchRelevance(baseUrl: string, log: (line: string) => void) {
  measured ??= measure(baseUrl, log).catch((error: Error) => ({ skipped: error.message }));
  return measured;
}

async function measure(baseUrl: string, log: (line: string) => void): Promise<RelevanceBench> {
  const started = performance.now();
  const url = databaseUrl(baseUrl, DATABASE);
  await withClient(databaseUrl(baseUrl, 'postgres'), async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  });
  await runNode('core/dist/database/migrate-cli.js', [], { DATABASE_URL: url });
  const pool = new pg.Pool(searchPoolConfig(url, 4));
  pool.on('error', () => undefined);
  try {
    log(`  importing the real exports of ${REAL_EXPORTS}`);
    await importRealExports(pool);
    const corpus = await corpusBusinesses(pool);
    const engine = createSearchEngine(pool, {});
    await engine.setup();
    await reindex(pool, engine);
    const figures = await measureRelevance(engine, corpus);
    await engine.close();
    const misses = Object.fromEntries(Object.entries(figures.misses).map(([k, v]) => [k, v.slice(0, 5)]));
    return { ...figures, misses, businesses: corpus.length, seconds: round((performance.now() - started) / 1000, 1) };
  } finally {
    await pool.end();
    await withClient(databaseUrl(baseUrl, 'postgres'), (client) =>
      client.query(`drop database if exists ${DATABASE} with (force)`),
    );
  }
}
