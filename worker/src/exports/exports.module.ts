import { BullModule } from '@nestjs/bullmq';
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { QUEUES } from '@directory/core';
import { ExportsProcessor } from './exports.processor.js';
import { ExportsScheduler } from './exports.scheduler.js';
import { EXPORTS_POOL } from './exports.tokens.js';
import { JobSchedulersModule } from '../schedulers/job-schedulers.js';
import { workerPoolProvider } from '../database/worker-pool.js';

/** CSV exports as jobs: streamed from PostgreSQL with COPY into DATA_DIR/exports, removed after retention. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.exports }), JobSchedulersModule],
  providers: [
    // One connection per running export (concurrency 2): a long COPY must not take others' connections;
    // plus one to interrupt an export's statement when it is cancelled or runs past its time limit.
    workerPoolProvider(EXPORTS_POOL, 'exports', 3),
    ExportsProcessor,
    ExportsScheduler,
  ],
})
export class ExportsModule implements OnApplicationShutdown {
  constructor(@Inject(EXPORTS_POOL) private readonly pool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
