import pg from 'pg';
import type { SearchEngine } from './search-engine.js';
import { MeilisearchSearchEngine, type MeilisearchEngineOptions } from './meilisearch/meilisearch-engine.js';
import { PostgresSearchEngine, type PostgresEngineOptions } from './postgres/postgres-engine.js';
import { survivesLostConnections } from '@directory/core';

export interface SearchEngineConfig {
  MEILI_URL?: string;
  MEILI_KEY?: string;
  /** Index uid for Meilisearch (default "businesses"). */
  MEILI_INDEX?: string;
}

/**
 * MEILI_URL set → Meilisearch; otherwise the embedded PostgreSQL engine on the same pool. The pool is
 * used by both (the sync reads businesses from it) and stays the caller's to close.
 */
export function createSearchEngine(
  pool: pg.Pool,
  config: SearchEngineConfig,
  options: { postgres?: PostgresEngineOptions; meilisearch?: Partial<MeilisearchEngineOptions> } = {},
): SearchEngine {
  if (config.MEILI_URL) {
    return new MeilisearchSearchEngine({
      ...options.meilisearch,
      host: config.MEILI_URL,
      apiKey: config.MEILI_KEY,
      indexUid: config.MEILI_INDEX ?? options.meilisearch?.indexUid,
    });
  }
  return new PostgresSearchEngine(pool, options.postgres);
}

export interface OpenedSearch {
  /** Pool the engine and the sync read through (search_documents and businesses live in the same database). */
  pool: pg.Pool;
  engine: SearchEngine;
  close(): Promise<void>;
}

/**
 * The pool settings the embedded engine's queries are tuned for. Bitmap heap scans prefetch each page they
 * will read (`effective_io_concurrency`, 1 on Linux): a buffer lookup and a `posix_fadvise` call per page,
 * 5 % of a search's database time at 1.2M, to announce reads the OS answers from its page cache anyway (the
 * index's hot pages are memory-resident), so the engine's sessions turn it off. They do not compile to machine
 * code (`jit`): every statement stops at a page or a bound, yet one the planner costs high (the estimate of a
 * large total, EXPLAIN of a whole filter) had a connection load LLVM (60 ms at 1.2M, once per connection) and
 * compile its expressions (0.9 against 0.3 ms). A count again (Counter.precise) keeps its bitmap exact in 32 MB of
 * `work_mem`: with the default 4 MB one of 100,000 rows turned lossy, and every row of a lossy page was tested again.
 */
export function searchPoolConfig(connectionString: string, max = 10): pg.PoolConfig {
  return {
    connectionString,
    max,
    maxUses: CONNECTION_USES,
    options: '-c effective_io_concurrency=0 -c jit=off -c work_mem=32MB',
  };
}

/**
 * Statements a search connection runs before the pool replaces it: each keeps the prepared statements it
 * was sent (about 220 kB each, a text per shape of query), so a connection of a long-running api must not
 * collect every shape it ever met. At 1.2M and 16 clients a connection lives about eight minutes; a new one
 * starts with cold caches (5,000 uses: −2 % searches a second, p95 +8 %).
 */
const CONNECTION_USES = 50_000;

/** The engine the configuration names, on a pool of its own, for the api and the worker. */
export function openSearch(
  config: SearchEngineConfig & { DATABASE_URL: string },
  poolSize = 10,
  warn: (message: string) => void = () => undefined,
): OpenedSearch {
  const pool = survivesLostConnections(new pg.Pool(searchPoolConfig(config.DATABASE_URL, poolSize)), 'search', warn);
  const engine = createSearchEngine(pool, config);
  return {
    pool,
    engine,
    close: async () => {
      await engine.close();
      await pool.end();
    },
  };
}
