import type pg from 'pg';
import type { SearchEngine } from './search-engine.js';
import { MeilisearchSearchEngine, type MeilisearchEngineOptions } from './meilisearch/meilisearch-engine.js';
import { PostgresSearchEngine, type PostgresEngineOptions } from './postgres/postgres-engine.js';

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
