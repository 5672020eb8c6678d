import {
  BadRequestException,
  GoneException,
  Inject,
  Injectable,
  InternalServerErrorException,
  NotFoundException,
  ServiceUnavailableException,
  StreamableFile,
} from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Job } from 'bullmq';
import {
  type AppConfig,
  enqueueExport,
  EXPORT_JOBS,
  type ExportJobResult,
  type ExportRequest,
  ExportRequestError,
  exportFilePath,
  QUEUES,
} from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueues, readJob } from '../jobs/job-queues.js';

/** How long export-csv waits for its job before telling the admin to follow it instead. */
export const EXPORT_WAIT_MS = 10 * 60_000;

/** Runs a parser of the admin's export parameters, turning its complaint into a 400. */
export function parsed<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ExportRequestError) throw new BadRequestException(error.message);
    throw error;
  }
}

@Injectable()
export class ExportsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueues,
  ) {}

  private get queue() {
    return this.jobs.queue(QUEUES.exports);
  }

  /** Queues an export job; the worker writes the file. Jobs and files are kept for the retention period. */
  async start(request: ExportRequest): Promise<Job<ExportRequest>> {
    try {
      return await enqueueExport(this.queue, request, this.config.EXPORT_RETENTION_HOURS);
    } catch (error) {
      throw new ServiceUnavailableException(
        `The export could not be queued (${(error as Error).message}); try again in a moment.`,
      );
    }
  }

  /** The state of an export for the admin: progress while it runs, the result and download address after. */
  async status(jobId: string) {
    const { job, state } = await this.find(jobId);
    const result = state === 'completed' ? (job.returnvalue as ExportJobResult) : null;
    return {
      jobId: job.id,
      state,
      fileName: job.data.fileName,
      progress: job.progress,
      result,
      error: state === 'failed' ? job.failedReason : null,
      downloadUrl: result ? `/api/admin/exports/${job.id}/download` : null,
    };
  }

  /** The file of a started export once the worker has written it (export-csv calls). */
  async fileWhenDone(job: Job<ExportRequest>): Promise<StreamableFile> {
    const outcome = await this.jobs.wait<ExportJobResult>(job, EXPORT_WAIT_MS);
    if (outcome.state === 'failed') throw new InternalServerErrorException(`The export failed: ${outcome.reason}`);
    if (outcome.state === 'running') {
      throw new ServiceUnavailableException(
        `The export is taking longer than ${EXPORT_WAIT_MS / 60_000} minutes; follow it at /api/admin/exports/${job.id} and download it from there.`,
      );
    }
    return this.file(String(job.id), outcome.result.fileName);
  }

  /** The finished file of an export job. */
  async download(jobId: string): Promise<StreamableFile> {
    const { job, state } = await this.find(jobId);
    if (state !== 'completed') {
      throw new NotFoundException(`Export ${jobId} is ${state}, not finished; download it once it has completed.`);
    }
    return this.file(jobId, (job.returnvalue as ExportJobResult).fileName);
  }

  private async find(jobId: string): Promise<{ job: Job<ExportRequest>; state: string }> {
    const found = /^[A-Za-z0-9_-]{1,100}$/.test(jobId) ? await readJob<ExportRequest>(this.queue, jobId) : null;
    if (!found || found.job.name !== EXPORT_JOBS.export) {
      throw new NotFoundException(
        `No export ${jobId}: exports are kept for ${this.config.EXPORT_RETENTION_HOURS} hours; start a new one.`,
      );
    }
    return found;
  }

  private async file(jobId: string, fileName: string): Promise<StreamableFile> {
    const path = exportFilePath(this.config.DATA_DIR, jobId);
    const info = await stat(path).catch(() => null);
    if (!info) {
      throw new GoneException(
        `The file of export ${jobId} has been removed after ${this.config.EXPORT_RETENTION_HOURS} hours; start a new export.`,
      );
    }
    return new StreamableFile(createReadStream(path), {
      type: 'text/csv; charset=utf-8',
      length: info.size,
      disposition: contentDisposition(fileName),
    });
  }
}

/** attachment with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
