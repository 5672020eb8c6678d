import { BullModule } from '@nestjs/bullmq';
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { QUEUES } from '@directory/core';
import { SlugsProcessor } from './slugs.processor.js';
import { SLUGS_POOL } from './slugs.tokens.js';
import { workerPoolProvider } from '../database/worker-pool.js';

/** The admin's slug fix (admin spec §7 fix-slugs) as a resumable job. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.slugs }, { name: QUEUES.sitemaps })],
  providers: [workerPoolProvider(SLUGS_POOL, 'slugs', 1), SlugsProcessor],
})
export class SlugsModule implements OnApplicationShutdown {
  constructor(@Inject(SLUGS_POOL) private readonly pool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
