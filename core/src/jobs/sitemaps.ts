/** The sitemaps queue's job: regenerating the sitemap files under DATA_DIR/sitemaps. */
import type { Queue } from 'bullmq';

export const SITEMAP_JOBS = {
  /** Regenerates every sitemap file and swaps them in; data: SitemapJobData. */
  generate: 'generate',
} as const;

/** Writes within this window after a first request share one regeneration (imports, slug fixes). */
export const SITEMAPS_DEBOUNCE_MS = 60_000;
/** BullMQ deduplication id of the pending regeneration. */
export const SITEMAPS_DEDUPLICATION_ID = 'sitemaps-regenerate';

/** A generation running longer than this is stopped (the previous sitemaps stay online) and not retried. */
export const SITEMAPS_TIMEOUT_MS = 10 * 60 * 1000;

export interface SitemapJobData {
  /** Businesses per file; 9,000 unless a test or an operator says otherwise. */
  pageSize?: number;
  /** Stops the generation after this long instead of SITEMAPS_TIMEOUT_MS (tests, operators). */
  timeoutMs?: number;
}

/** A generation's progress, as the worker reports it. */
export interface SitemapProgress {
  phase: 'main' | 'categories' | 'countries' | 'cities' | 'businesses' | 'swapping' | 'done';
  rowsDone: number;
  rowsTotal?: number;
}

/**
 * Asks the worker to regenerate the sitemaps, debounced: while a regeneration is pending, further requests
 * join it; one asked for while a regeneration runs gets one more run after it (BullMQ deduplication with
 * keepLastIfActive), so no write is left out and a burst of imports costs one or two runs.
 * `delayMs: 0` (the admin's "regenerate now") also brings a pending one forward.
 */
export async function requestSitemapRegeneration(
  queue: Queue,
  { delayMs = SITEMAPS_DEBOUNCE_MS, data = {} }: { delayMs?: number; data?: SitemapJobData } = {},
) {
  return queue.add(SITEMAP_JOBS.generate, data, {
    delay: delayMs,
    deduplication: { id: SITEMAPS_DEDUPLICATION_ID, keepLastIfActive: true, reschedule: delayMs === 0 },
    attempts: 3,
    backoff: { type: 'exponential', delay: 5000 },
    removeOnComplete: 20,
    removeOnFail: 50,
  });
}
