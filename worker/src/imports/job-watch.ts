import type { Logger } from '@nestjs/common';

/** How often a running import or export looks for a cancel request and its deadline. */
export const WATCH_EVERY_MS = 250;

/** The few Redis commands the watch needs (BullMQ's own connection answers them). */
interface FlagStore {
  get(key: string): Promise<string | null>;
  del(key: string): Promise<unknown>;
}

export interface JobWatch {
  /** Redis key an admin's cancel request sets (the api's POST /api/admin/jobs/{id}/cancel); removed once seen. */
  cancelKey: string;
  cancelMessage: string;
  /** Epoch milliseconds after which the job is stopped. */
  deadline: number;
  timeoutMessage: string;
  redis: () => Promise<FlagStore>;
  logger: Logger;
}

/**
 * Aborts `controller` when an admin asked to cancel the job (a Redis flag) or when it runs past its
 * deadline, checking every 250 ms; the job's own code stops at its next check of the signal and whatever
 * listens to the signal interrupts the database statement in flight. Returns the function that stops
 * watching. Shared by the import and export processors.
 */
export function watchJob(controller: AbortController, watch: JobWatch): () => void {
  let checking = false;
  const timer = setInterval(async () => {
    if (checking || controller.signal.aborted) return;
    checking = true;
    try {
      if (Date.now() > watch.deadline) {
        controller.abort(new Error(watch.timeoutMessage));
        return;
      }
      const redis = await watch.redis();
      if ((await redis.get(watch.cancelKey)) !== null) {
        await redis.del(watch.cancelKey);
        controller.abort(new Error(watch.cancelMessage));
      }
    } catch (error) {
      watch.logger.warn(`Could not check for a cancel request: ${(error as Error).message}`);
    } finally {
      checking = false;
    }
  }, WATCH_EVERY_MS);
  return () => clearInterval(timer);
}
