import { BullModule } from '@nestjs/bullmq';
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { QUEUES } from '@directory/core';
import { SitemapsProcessor } from './sitemaps.processor.js';
import { SitemapsScheduler } from './sitemaps.scheduler.js';
import { SITEMAPS_POOL } from './sitemaps.tokens.js';
import { JobSchedulersModule } from '../schedulers/job-schedulers.js';
import { workerPoolProvider } from '../database/worker-pool.js';

/** Sitemap files under DATA_DIR/sitemaps: regenerated on request (debounced), daily, and at first start. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.sitemaps }), JobSchedulersModule],
  providers: [
    // The generation's snapshot transaction plus the lock connection, plus one to interrupt the generation's
    // statement in flight when it runs past its time limit.
    workerPoolProvider(SITEMAPS_POOL, 'sitemaps', 3),
    SitemapsProcessor,
    SitemapsScheduler,
  ],
})
export class SitemapsModule implements OnApplicationShutdown {
  constructor(@Inject(SITEMAPS_POOL) private readonly pool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
