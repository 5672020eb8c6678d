import type { AppConfig } from '../config/config.js';

/** Every BullMQ queue of the system; the api enqueues, the worker processes. */
export const QUEUES = {
  /** Aggregate refresh and other housekeeping after writes. */
  maintenance: 'maintenance',
  /** Search index upkeep: outbox drains and full reindexes (search/ sync). */
  search: 'search',
  /** The admin's CSV exports (admin spec §7) and the removal of expired export files. */
  exports: 'export',
  /** The slug fix: long timestamp slugs become short place-id style ones (admin spec §7 fix-slugs). */
  slugs: 'slugs',
  /** Sitemap files under DATA_DIR/sitemaps (public /sitemap.xml and /sitemaps/*). */
  sitemaps: 'sitemaps',
  /** Spreadsheet imports: the api streams an upload to disk, the worker upserts it (admin spec §3, §4). */
  import: 'import',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const MAINTENANCE_JOBS = {
  refreshAggregates: 'refresh-aggregates',
  /** Deletes more businesses than a request should (all, or the test data) in batches; data: DeleteBusinessesJobData. */
  deleteBusinesses: 'delete-businesses',
} as const;

/** Businesses named exactly this are test data (admin spec §7 DELETE /api/admin/test-data). */
export const TEST_BUSINESS_NAME = 'Test Business';

/** What an admin delete removes: every business, or the test data. */
export type BusinessDeleteScope = 'all' | 'test-data';

export interface DeleteBusinessesJobData {
  scope: BusinessDeleteScope;
  /** Rows per statement (each its own transaction); the worker's default when absent. */
  batchSize?: number;
}

/** The admin delete's answer (admin spec §7), from the request or from the job. */
export interface DeleteBusinessesResult {
  success: true;
  deletedCount: number;
  message: string;
}

/** The businesses a delete of `scope` removes, as a condition on `businesses` and its parameters. */
export function businessDeleteFilter(scope: BusinessDeleteScope): { where: string; params: unknown[] } {
  return scope === 'all' ? { where: 'true', params: [] } : { where: 'name = ?', params: [TEST_BUSINESS_NAME] };
}

export function deleteBusinessesResult(scope: BusinessDeleteScope, deletedCount: number): DeleteBusinessesResult {
  const what = scope === 'all' ? 'businesses were' : 'test businesses were';
  return { success: true, deletedCount, message: `${deletedCount} ${what} deleted.` };
}

export const SEARCH_JOBS = {
  /** Applies the outbox to the engine. */
  sync: 'sync',
  /** Rebuilds the index from PostgreSQL into a fresh one and swaps it in. */
  reindex: 'reindex',
} as const;

export const EXPORT_JOBS = {
  /** Writes one CSV file; data: ExportRequest (core/src/export). */
  export: 'export',
  /** Removes export files older than EXPORT_RETENTION_HOURS (repeatable). */
  cleanup: 'cleanup',
} as const;

export const SLUG_JOBS = {
  /** Renames long timestamp slugs in batches from a checkpoint; data: SlugFixJobData (worker/src/slugs). */
  fix: 'fix-slugs',
} as const;

/** A slug fix's progress, as the worker reports it. */
export interface SlugFixProgress {
  phase: 'renaming' | 'done';
  rowsDone: number;
  rowsTotal: number;
  /** Slugs renamed so far. */
  renamed: number;
}

/** What a slug fix job returns: admin spec §7 fix-slugs fields, plus where it resumed and whether it finished. */
export interface SlugFixResult {
  success: true;
  /** Slugs renamed by this run (counting batches of an earlier, interrupted attempt of it). */
  successCount: number;
  /** Long timestamp slugs looked at. */
  totalProcessed: number;
  checkpointEnabled: true;
  /** False when the run stopped at maxBatches; the checkpoint is kept and the next run goes on from it. */
  complete: boolean;
  /** The business id after which this run started, when it resumed from a checkpoint. */
  resumedFrom: number | null;
  message: string;
}

/** What an export job returns. */
export interface ExportJobResult {
  /** The name the download is offered under (admin spec §7 pattern). */
  fileName: string;
  rows: number;
  bytes: number;
  durationMs: number;
  /** When the cleanup job may remove the file. */
  expiresAt: string;
}

export const SITEMAP_JOBS = {
  /** Regenerates every sitemap file and swaps them in; data: { pageSize? }. */
  generate: 'generate',
} as const;

export const IMPORT_JOBS = {
  /** Imports one uploaded file; data: ImportJobData (core/src/import/import-job.ts). */
  import: 'import',
} as const;

/** Redis connection and key prefix shared by BullMQ in the api and the worker. */
export function bullConnection(config: AppConfig) {
  const url = new URL(config.REDIS_URL);
  return {
    connection: {
      host: url.hostname,
      port: Number(url.port || 6379),
      username: url.username || undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
      // BullMQ workers must wait for Redis indefinitely rather than fail a command.
      maxRetriesPerRequest: null,
    },
    prefix: `${config.REDIS_PREFIX}:bull`,
  };
}

/**
 * Enqueues the aggregate refresh with a fixed job id while one is waiting, so a burst of writes
 * collapses into one refresh (debounce) instead of one per write.
 */
export const REFRESH_AGGREGATES_JOB_ID = 'refresh-aggregates';
