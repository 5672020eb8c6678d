import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { EXPORT_JOBS, QUEUES } from '@directory/core';
import { JobSchedulers } from '../schedulers/job-schedulers.js';

/** How often expired export files are looked for. */
export const EXPORT_CLEANUP_EVERY_MS = 3_600_000;

@Injectable()
export class ExportsScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QUEUES.exports) private readonly queue: Queue,
    private readonly schedulers: JobSchedulers,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.schedulers.register({
      queue: this.queue,
      id: 'export-cleanup',
      repeat: { every: EXPORT_CLEANUP_EVERY_MS },
      template: { name: EXPORT_JOBS.cleanup, opts: { removeOnComplete: true, removeOnFail: 20 } },
    });
  }
}
