import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { MAINTENANCE_JOBS, QUEUES } from '@directory/core';

/** Debounce window: writes within it share one refresh of the public counts. */
const WINDOW_MS = 2000;

@Injectable()
export class AggregatesRefresher {
  private readonly logger = new Logger(AggregatesRefresher.name);

  constructor(@InjectQueue(QUEUES.maintenance) private readonly queue: Queue) {}

  /**
   * Asks the worker to recompute the public counts shortly. One job per time window (its id names the
   * window), so a burst of edits costs one refresh, and a write during a running refresh gets its own.
   * The write itself is already committed: if Redis is away the counts catch up on the next refresh.
   */
  async requestRefresh(): Promise<void> {
    const window = Math.floor(Date.now() / WINDOW_MS);
    try {
      await this.queue.add(
        MAINTENANCE_JOBS.refreshAggregates,
        {},
        {
          jobId: `${MAINTENANCE_JOBS.refreshAggregates}-${window}`,
          delay: WINDOW_MS,
          removeOnComplete: 100,
          removeOnFail: 100,
        },
      );
    } catch (error) {
      this.logger.warn(`Could not enqueue the aggregate refresh: ${(error as Error).message}`);
    }
  }
}
