/** The search queue's jobs (search/ sync); they carry no data. */
import type { Queue } from 'bullmq';

export const SEARCH_JOBS = {
  /** Applies the outbox to the engine. */
  sync: 'sync',
  /** Rebuilds the index from PostgreSQL into a fresh one and swaps it in. */
  reindex: 'reindex',
} as const;

/** Queues a full reindex under its own job id (each request its own run). */
export function enqueueReindex(queue: Queue, now = Date.now()) {
  return queue.add(SEARCH_JOBS.reindex, {}, { jobId: `${SEARCH_JOBS.reindex}-${now}` });
}
