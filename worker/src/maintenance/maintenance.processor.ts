import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Job } from 'bullmq';
import { MAINTENANCE_JOBS, QUEUES, refreshAggregates } from '@directory/core';
import { CatalogueCache } from '../cache/catalogue-cache.js';

/** Housekeeping after writes: the public counts are recomputed here, never in a request. */
@Processor(QUEUES.maintenance, { concurrency: 1 })
export class MaintenanceProcessor extends WorkerHost {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly cache: CatalogueCache,
  ) {
    super();
  }

  async process(job: Job): Promise<{ refreshedAt: string; durationMs: number }> {
    if (job.name !== MAINTENANCE_JOBS.refreshAggregates) throw new Error(`Unknown maintenance job "${job.name}".`);
    const started = Date.now();
    await refreshAggregates(this.orm.em.fork());
    const durationMs = Date.now() - started;
    await this.cache.changed('public counts refreshed');
    this.logger.log(`Aggregates refreshed in ${durationMs} ms`);
    return { refreshedAt: new Date().toISOString(), durationMs };
  }
}
