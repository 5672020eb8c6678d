export * from './search-engine.js';
export { fold, normalizeQuery, haversineKm, MAX_LIMIT, placeAfterConnector } from './text.js';
export {
  createSearchEngine,
  openSearch,
  searchPoolConfig,
  type OpenedSearch,
  type SearchEngineConfig,
} from './create-engine.js';
export { PostgresSearchEngine, type PostgresEngineOptions } from './postgres/postgres-engine.js';
export {
  MeilisearchSearchEngine,
  meilisearchSettings,
  type MeilisearchEngineOptions,
} from './meilisearch/meilisearch-engine.js';
export { drainOutbox, outboxBacklog, listenForChanges, type DrainOptions, type DrainResult } from './sync/outbox.js';
export { reindex, prepareIndex, type ReindexResult } from './sync/reindex.js';
export { measureLag } from './sync/lag.js';
export { loadDocuments, allDocuments, SOURCE_SQL } from './sync/source.js';
// The relevance suite's corpus and figures, for the bench to report beside the latency.
export { corpusBusinesses, importRealExports, REAL_EXPORTS, type CorpusBusiness } from './quality/corpus.js';
export { measureRelevance, type RelevanceFigures } from './quality/figures.js';
