import { Injectable, Logger } from '@nestjs/common';
import { QUEUES, requestAggregatesRefresh } from '@directory/core';
import { JobQueues } from '../jobs/job-queues.js';

@Injectable()
export class AggregatesRefresher {
  private readonly logger = new Logger(AggregatesRefresher.name);

  constructor(private readonly jobs: JobQueues) {}

  /** Asks the worker to recompute the public counts shortly; if Redis is away they catch up on the next refresh. */
  async requestRefresh(): Promise<void> {
    try {
      await requestAggregatesRefresh(this.jobs.queue(QUEUES.maintenance));
    } catch (error) {
      this.logger.warn(`Could not enqueue the aggregate refresh: ${(error as Error).message}`);
    }
  }
}
