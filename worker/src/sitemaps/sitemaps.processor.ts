import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { type Job, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import {
  type AppConfig,
  generateSitemaps,
  QUEUES,
  SITEMAP_JOBS,
  type SitemapJobData,
  type SitemapManifest,
  sitemapBaseUrl,
  SITEMAPS_TIMEOUT_MS,
} from '@directory/core';
import { SITEMAPS_POOL } from './sitemaps.tokens.js';
import { WORKER_CONFIG } from '../config/worker-config.module.js';

/** Session-level advisory lock: generations never overlap, whichever worker process runs them. */
const LOCK_SQL = `hashtext('directory:sitemaps')`;

/** DATA_DIR/sitemaps, absolute. */
export function sitemapsRoot(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return resolve(config.DATA_DIR, 'sitemaps');
}

@Processor(QUEUES.sitemaps, { concurrency: 1 })
export class SitemapsProcessor extends WorkerHost {
  private readonly logger = new Logger('Sitemaps');

  constructor(
    @Inject(SITEMAPS_POOL) private readonly pool: pg.Pool,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async process(job: Job<SitemapJobData>): Promise<SitemapManifest> {
    if (job.name !== SITEMAP_JOBS.generate) throw new Error(`Unknown sitemap job "${job.name}".`);
    // The generation stops after SITEMAPS_TIMEOUT_MS (the previous sitemaps stay online); not retried.
    const timeoutMs = job.data?.timeoutMs ?? SITEMAPS_TIMEOUT_MS;
    const signal = AbortSignal.timeout(timeoutMs);
    const lock = await this.pool.connect();
    try {
      // Another worker's generation finishes first; this one then writes what changed since.
      await lock.query(`select pg_advisory_lock(${LOCK_SQL})`);
      const manifest = await generateSitemaps(this.pool, {
        root: sitemapsRoot(this.config),
        baseUrl: sitemapBaseUrl(this.config),
        pageSize: job.data?.pageSize,
        onProgress: (progress) => job.updateProgress(progress),
        signal,
      }).catch((error: unknown) => {
        if (!signal.aborted) throw error;
        throw new UnrecoverableError(
          `The sitemap generation took longer than ${timeoutMs / 1000} seconds and was stopped; the previous sitemaps stay online.`,
        );
      });
      this.logger.log(
        `Sitemaps: ${manifest.businessCount} businesses in ${manifest.files.length} files, ${manifest.durationMs} ms`,
      );
      return manifest;
    } finally {
      await lock.query(`select pg_advisory_unlock(${LOCK_SQL})`).catch(() => undefined);
      lock.release();
    }
  }
}
