import type { AppConfig } from '../config/config.js';

/** Every BullMQ queue of the system; the api enqueues, the worker processes. */
export const QUEUES = {
  /** Aggregate refresh and other housekeeping after writes. */
  maintenance: 'maintenance',
  /** Search index upkeep: outbox drains and full reindexes (search/ sync). */
  search: 'search',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const MAINTENANCE_JOBS = {
  refreshAggregates: 'refresh-aggregates',
} as const;

export const SEARCH_JOBS = {
  /** Applies the outbox to the engine. */
  sync: 'sync',
  /** Rebuilds the index from PostgreSQL into a fresh one and swaps it in. */
  reindex: 'reindex',
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
