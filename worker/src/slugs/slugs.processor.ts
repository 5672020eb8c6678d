import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import {
  QUEUES,
  requestSitemapRegeneration,
  SLUG_FIX_CANCELLED_MESSAGE,
  SLUG_JOBS,
  slugFixCancelKey,
  loadConfig,
  type SlugFixJobData,
  type SlugFixResult,
} from '@directory/core';
import { fixSlugs } from './slug-fix.js';
import { SLUGS_POOL } from './slugs.tokens.js';
import { watchJob } from '../imports/job-watch.js';

const config = loadConfig();

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
    // An admin may stop it (a Redis flag, as for imports): committed batches and the checkpoint stay.
    const controller = new AbortController();
    const stopWatching = watchJob(controller, {
      cancelKey: slugFixCancelKey(config.REDIS_PREFIX, String(job.id)),
      cancelMessage: SLUG_FIX_CANCELLED_MESSAGE,
      deadline: Number.MAX_SAFE_INTEGER,
      timeoutMessage: '',
      redis: () => this.worker.getBackend().client,
      logger: this.logger,
    });
    let result: SlugFixResult;
    try {
      result = await fixSlugs(this.pool, {
        batchSize: job.data?.batchSize,
        maxBatches: job.data?.maxBatches,
        onProgress: (progress) => job.updateProgress(progress),
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) throw new UnrecoverableError((controller.signal.reason as Error).message);
      throw error;
    } finally {
      stopWatching();
    }
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
