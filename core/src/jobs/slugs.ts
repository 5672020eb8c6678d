/** The slugs queue's job: the admin's slug fix (admin spec §7 fix-slugs). */
import type { Queue } from 'bullmq';

export const SLUG_JOBS = {
  /** Renames long timestamp slugs in batches from a checkpoint; data: SlugFixJobData. */
  fix: 'fix-slugs',
} as const;

export interface SlugFixJobData {
  batchSize?: number;
  /** Stop after this many batches, keeping the checkpoint (operations and tests). */
  maxBatches?: number;
}

/** While a slug fix is waiting or running, another request joins it (BullMQ deduplication id). */
export const FIX_SLUGS_DEDUPLICATION_ID = 'fix-slugs';

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

/** Redis key (under REDIS_PREFIX) that asks the worker to stop a running slug fix after its current batch. */
export const slugFixCancelKey = (redisPrefix: string, jobId: string) => `${redisPrefix}:slug-fix-cancel:${jobId}`;

/** Why a cancelled slug fix stopped: what is done stays done, and the next run goes on from its checkpoint. */
export const SLUG_FIX_CANCELLED_MESSAGE =
  'The slug fix was cancelled by an administrator; the addresses shortened so far stay shortened (their old addresses redirect) and the next run carries on from there.';

/** Queues a slug fix, or joins the one waiting or running. */
export function enqueueSlugFix(queue: Queue, data: SlugFixJobData) {
  return queue.add(SLUG_JOBS.fix, data, {
    deduplication: { id: FIX_SLUGS_DEDUPLICATION_ID },
    attempts: 3,
    backoff: { type: 'exponential', delay: 2000 },
    removeOnComplete: { age: 24 * 3600 },
    removeOnFail: { age: 7 * 24 * 3600 },
  });
}
