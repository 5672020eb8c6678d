import type { Queue } from 'bullmq';
import { MAINTENANCE_JOBS } from './queues.js';

/**
 * Writes within one window share one refresh of the public counts, run one window after its end: at least that
 * long after each write, so a write still in its transaction (an audited admin write) has committed by then.
 */
export const AGGREGATES_REFRESH_WINDOW_MS = 2000;

/**
 * Asks the worker to recompute the public counts shortly: one job per time window (its id names the window),
 * so a burst of writes costs one refresh, and a write during a running refresh gets its own.
 */
export async function requestAggregatesRefresh(queue: Queue, now = Date.now()): Promise<void> {
  const window = Math.floor(now / AGGREGATES_REFRESH_WINDOW_MS);
  await queue.add(
    MAINTENANCE_JOBS.refreshAggregates,
    {},
    {
      jobId: `${MAINTENANCE_JOBS.refreshAggregates}-${window}`,
      delay: (window + 2) * AGGREGATES_REFRESH_WINDOW_MS - now,
      removeOnComplete: 100,
      removeOnFail: 100,
    },
  );
}
