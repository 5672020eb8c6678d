import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { mkdir } from 'node:fs/promises';
import type { Job } from 'bullmq';
import type pg from 'pg';
import {
  type AppConfig,
  EXPORT_JOBS,
  type ExportRequest,
  exportFilePath,
  exportsDir,
  QUEUES,
  removeExpiredExports,
  writeExportCsv,
} from '@directory/core';
import { EXPORTS_CONFIG, EXPORTS_POOL } from './exports.tokens.js';

export interface ExportJobResult {
  /** The name the download is offered under (admin spec §7 pattern). */
  fileName: string;
  rows: number;
  bytes: number;
  durationMs: number;
  /** When the cleanup job may remove the file. */
  expiresAt: string;
}

/** Writes the admin's CSV exports to DATA_DIR/exports and removes them once their retention has passed. */
@Processor(QUEUES.exports, { concurrency: 2 })
export class ExportsProcessor extends WorkerHost {
  private readonly logger = new Logger('Exports');

  constructor(
    @Inject(EXPORTS_POOL) private readonly pool: pg.Pool,
    @Inject(EXPORTS_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async process(job: Job): Promise<ExportJobResult | { removed: string[] }> {
    switch (job.name) {
      case EXPORT_JOBS.export:
        return this.export(job as Job<ExportRequest>);
      case EXPORT_JOBS.cleanup: {
        const removed = await removeExpiredExports(exportsDir(this.config.DATA_DIR), this.retentionMs());
        if (removed.length > 0) this.logger.log(`Removed ${removed.length} expired export file(s)`);
        return { removed };
      }
      default:
        throw new Error(`Unknown export job "${job.name}".`);
    }
  }

  private async export(job: Job<ExportRequest>): Promise<ExportJobResult> {
    const started = Date.now();
    const request = job.data;
    if (!request?.fields?.length || !request.fileName) {
      throw new Error('The export job carries no export request; start it through the admin export call.');
    }
    await mkdir(exportsDir(this.config.DATA_DIR), { recursive: true });
    const { rows, bytes } = await writeExportCsv(
      this.pool,
      request,
      exportFilePath(this.config.DATA_DIR, String(job.id)),
      (progress) => job.updateProgress(progress),
    );
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
