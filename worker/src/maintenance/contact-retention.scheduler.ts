import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { MAINTENANCE_JOBS, QUEUES } from '@directory/core';
import { JobSchedulers } from '../schedulers/job-schedulers.js';

/** Daily at 04:00 UTC (after the sitemaps): contact messages older than the retention setting are deleted. */
export const CONTACT_RETENTION_PATTERN = '0 4 * * *';

@Injectable()
export class ContactRetentionScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
    private readonly schedulers: JobSchedulers,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.schedulers.register({
      queue: this.queue,
      id: 'contact-retention-daily',
      repeat: { pattern: CONTACT_RETENTION_PATTERN, tz: 'UTC' },
      template: { name: MAINTENANCE_JOBS.contactRetention, opts: { removeOnComplete: 20, removeOnFail: 50 } },
    });
  }
}
