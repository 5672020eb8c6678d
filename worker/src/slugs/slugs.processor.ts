import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import type pg from 'pg';
import {
  QUEUES,
  requestSitemapRegeneration,
  SLUG_JOBS,
  type SlugFixJobData,
  type SlugFixResult,
} from '@directory/core';
import { fixSlugs } from './slug-fix.js';
import { SLUGS_POOL } from './slugs.tokens.js';

@Processor(QUEUES.slugs, { concurrency: 1 })
export class SlugsProcessor extends WorkerHost {
  private readonly logger = new Logger('SlugFix');

  constructor(
    @Inject(SLUGS_POOL) private readonly pool: pg.Pool,
    @InjectQueue(QUEUES.sitemaps) private readonly sitemaps: Queue,
  ) {
    super();
  }

  async process(job: Job<SlugFixJobData>): Promise<SlugFixResult> {
    if (job.name !== SLUG_JOBS.fix) throw new Error(`Unknown slug job "${job.name}".`);
    const result = await fixSlugs(this.pool, {
      batchSize: job.data?.batchSize,
      maxBatches: job.data?.maxBatches,
      onProgress: (progress) => job.updateProgress(progress),
    });
    this.logger.log(result.message);
    if (result.successCount > 0) {
      // The sitemaps list the new addresses; the search index follows by itself (outbox triggers).
      await requestSitemapRegeneration(this.sitemaps).catch((error: Error) =>
        this.logger.warn(`Could not ask for a sitemap regeneration: ${error.message}`),
      );
    }
    return result;
  }
}
