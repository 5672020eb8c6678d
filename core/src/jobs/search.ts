/** The search queue's jobs (search/ sync); they carry no data. */
import type { Queue } from 'bullmq';

export const SEARCH_JOBS = {
  /** Applies the outbox to the engine. */
  sync: 'sync',
  /** Rebuilds the index from PostgreSQL into a fresh one and swaps it in. */
  reindex: 'reindex',
} as const;

/**
 * Changes in one window share one drain. The job for a window starts when the window ends, so it sees every
 * commit notified within it; the next window gets its own job (no wake-up is lost to a running drain).
 */
export const SYNC_WINDOW_MS = 100;

/** Asks for a drain of the outbox at the end of the current window (one job per window, its id naming it). */
export function requestSearchSync(queue: Queue, now = Date.now()) {
  const window = Math.floor(now / SYNC_WINDOW_MS);
  return queue.add(
    SEARCH_JOBS.sync,
    {},
    {
      jobId: `${SEARCH_JOBS.sync}-${window}`,
      delay: (window + 1) * SYNC_WINDOW_MS - now,
      removeOnComplete: true,
      removeOnFail: 50,
    },
  );
}

/** Queues a full reindex under its own job id (each request its own run). */
export function enqueueReindex(queue: Queue, now = Date.now()) {
  return queue.add(SEARCH_JOBS.reindex, {}, { jobId: `${SEARCH_JOBS.reindex}-${now}` });
}

/** Synonym edits within one window share one rebuild. */
export const SYNONYMS_WINDOW_MS = 10_000;

/**
 * Queues the rebuild that applies edited synonyms (the documents carry the phrases their rules give them): one job
 * per window, started a whole window after it ends, so it reads the rules after the edit's transaction committed.
 */
export function requestSynonymsReindex(queue: Queue, now = Date.now()) {
  const window = Math.floor(now / SYNONYMS_WINDOW_MS);
  return queue.add(
    SEARCH_JOBS.reindex,
    {},
    {
      jobId: `${SEARCH_JOBS.reindex}-synonyms-${window}`,
      delay: (window + 2) * SYNONYMS_WINDOW_MS - now,
      removeOnComplete: 50,
      removeOnFail: 50,
    },
  );
}
