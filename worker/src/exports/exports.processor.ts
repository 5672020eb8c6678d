import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { mkdir } from 'node:fs/promises';
import { type Job, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import {
  type AppConfig,
  EXPORT_JOBS,
  EXPORT_TIMEOUT_MS,
  exportCancelKey,
  type ExportJobData,
  type ExportProgress,
  exportFilePath,
  exportsDir,
  QUEUES,
  removeExpiredExports,
  writeExportCsv,
  type ExportJobResult,
} from '@directory/core';
import { watchJob } from '../imports/job-watch.js';
import { EXPORTS_POOL } from './exports.tokens.js';
import { WORKER_CONFIG } from '../config/worker-config.module.js';

export const EXPORT_CANCELLED_MESSAGE = 'The export was cancelled by an administrator; its partial file was removed.';
export const exportTimeoutMessage = (ms = EXPORT_TIMEOUT_MS) =>
  `The export took longer than ${ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${ms / 1000} seconds`} and was stopped; its partial file was removed. Narrow the selection (country, categories, dates) and start it again.`;

/**
 * Writes the admin's CSV exports to DATA_DIR/exports and removes them once their retention has passed. A
 * running export stops when an admin cancels it (a Redis flag, checked every 250 ms as for imports) or after
 * EXPORT_TIMEOUT_MS: the COPY in flight is interrupted, the partial file removed, and the job fails without
 * a retry.
 */
@Processor(QUEUES.exports, { concurrency: 2 })
export class ExportsProcessor extends WorkerHost {
  private readonly logger = new Logger('Exports');

  constructor(
    @Inject(EXPORTS_POOL) private readonly pool: pg.Pool,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async process(job: Job): Promise<ExportJobResult | { removed: string[] }> {
    switch (job.name) {
      case EXPORT_JOBS.export:
        return this.export(job as Job<ExportJobData>);
      case EXPORT_JOBS.cleanup: {
        const removed = await removeExpiredExports(exportsDir(this.config.DATA_DIR), this.retentionMs());
        if (removed.length > 0) this.logger.log(`Removed ${removed.length} expired export file(s)`);
        return { removed };
      }
      default:
        throw new Error(`Unknown export job "${job.name}".`);
    }
  }

  private async export(job: Job<ExportJobData>): Promise<ExportJobResult> {
    const started = Date.now();
    const request = job.data;
    if (!request?.fields?.length || !request.fileName) {
      throw new Error('The export job carries no export request; start it through the admin export call.');
    }
    await mkdir(exportsDir(this.config.DATA_DIR), { recursive: true });
    const controller = new AbortController();
    const timeoutMs = request.timeoutMs ?? EXPORT_TIMEOUT_MS;
    const stopWatching = watchJob(controller, {
      cancelKey: exportCancelKey(this.config.REDIS_PREFIX, String(job.id)),
      cancelMessage: EXPORT_CANCELLED_MESSAGE,
      deadline: started + timeoutMs,
      timeoutMessage: exportTimeoutMessage(timeoutMs),
      redis: () => this.worker.getBackend().client,
      logger: this.logger,
    });
    let result: { rows: number; bytes: number };
    try {
      result = await writeExportCsv(
        this.pool,
        request,
        exportFilePath(this.config.DATA_DIR, String(job.id)),
        // `at`: when the worker sent it (the benchmark measures how long it takes to reach the browser).
        (progress: ExportProgress) => job.updateProgress({ ...progress, at: Date.now() }),
        250,
        controller.signal,
      );
    } catch (error) {
      // A cancel or a timeout is final (not retried).
      if (controller.signal.aborted) throw new UnrecoverableError((controller.signal.reason as Error).message);
      throw error;
    } finally {
      stopWatching();
    }
    const { rows, bytes } = result;
    const durationMs = Date.now() - started;
    this.logger.log(`Exported ${rows} businesses to ${request.fileName} in ${durationMs} ms`);
    return {
      fileName: request.fileName,
      rows,
      bytes,
      durationMs,
      expiresAt: new Date(Date.now() + this.retentionMs()).toISOString(),
    };
  }

  private retentionMs(): number {
    return this.config.EXPORT_RETENTION_HOURS * 3_600_000;
  }
}
