import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QUEUES, requestAggregatesRefresh } from '@directory/core';

@Injectable()
export class AggregatesRefresher {
  private readonly logger = new Logger(AggregatesRefresher.name);

  constructor(@InjectQueue(QUEUES.maintenance) private readonly queue: Queue) {}

  /** Asks the worker to recompute the public counts shortly; if Redis is away they catch up on the next refresh. */
  async requestRefresh(): Promise<void> {
    try {
      await requestAggregatesRefresh(this.queue);
    } catch (error) {
      this.logger.warn(`Could not enqueue the aggregate refresh: ${(error as Error).message}`);
    }
  }
}
