import type { AppConfig } from '../config/config.js';
import { redisAddress } from '../observability/redis.js';

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
  /** Import previews (an upload read as the import would, rolled back), beside a running import. */
  importPreview: 'import-preview',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Redis connection and key prefix shared by BullMQ in the api and the worker. */
export function bullConnection(config: AppConfig) {
  return {
    connection: {
      ...redisAddress(config.REDIS_URL),
      // BullMQ workers must wait for Redis indefinitely rather than fail a command.
      maxRetriesPerRequest: null,
    },
    prefix: `${config.REDIS_PREFIX}:bull`,
  };
}
