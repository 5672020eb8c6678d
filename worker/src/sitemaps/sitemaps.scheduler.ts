import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { type AppConfig, readSitemapManifest, requestSitemapRegeneration, QUEUES, SITEMAP_JOBS } from '@directory/core';
import { JobSchedulers } from '../schedulers/job-schedulers.js';
import { sitemapsRoot } from './sitemaps.processor.js';
import { WORKER_CONFIG } from '../config/worker-config.module.js';

/** Daily at 03:00 UTC, when directories are quiet. */
export const SITEMAPS_DAILY_PATTERN = '0 3 * * *';

@Injectable()
export class SitemapsScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('Sitemaps');

  constructor(
    @InjectQueue(QUEUES.sitemaps) private readonly queue: Queue,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    private readonly schedulers: JobSchedulers,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.schedulers.register({
      queue: this.queue,
      id: 'sitemaps-daily',
      repeat: { pattern: SITEMAPS_DAILY_PATTERN, tz: 'UTC' },
      template: { name: SITEMAP_JOBS.generate, opts: { removeOnComplete: 20, removeOnFail: 50 } },
    });
    // A directory without sitemaps (first start, new DATA_DIR) gets them now rather than at 03:00.
    if (!(await readSitemapManifest(sitemapsRoot(this.config)))) {
      this.logger.log('No sitemaps yet: generating them.');
      await requestSitemapRegeneration(this.queue, { delayMs: 0 });
    }
  }
}
