import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { type BatchUploadResult, enqueueImport, type ImportJobData, QUEUES } from '@directory/core';
import { JobQueues, unavailableWhenRedisIsAway } from '../jobs/job-queues.js';

/**
 * How long an upload call waits for its import before answering 202 with the job id instead (the legacy
 * client gives up after 5 minutes).
 */
export const UPLOAD_WAIT_MS = 280_000;

export type UploadAnswer =
  | { status: 200; body: BatchUploadResult }
  | { status: 202; body: { success: true; jobId: string; state: string; statusUrl: string; message: string } };

@Injectable()
export class UploadsService {
  constructor(private readonly jobs: JobQueues) {}

  /** Queues the import of a file the interceptor wrote to disk. */
  async enqueue(data: ImportJobData): Promise<Job<ImportJobData>> {
    return unavailableWhenRedisIsAway(() =>
      enqueueImport(this.jobs.queue(QUEUES.import), data, `import-${randomUUID()}`),
    );
  }

  /** The import's batch result once it finished (waiting at most UPLOAD_WAIT_MS), or 202 with the job id. */
  async answer(job: Job<ImportJobData>, wait: boolean): Promise<UploadAnswer> {
    const jobId = String(job.id);
    const pending = (state: string, message: string): UploadAnswer => ({
      status: 202,
      body: { success: true, jobId, state, statusUrl: `/api/admin/jobs/${jobId}`, message },
    });
    if (!wait) {
      return pending('waiting', 'The import is queued; follow it at the status URL or over socket.io (/admin-jobs).');
    }
    const outcome = await this.jobs.wait<BatchUploadResult>(job, UPLOAD_WAIT_MS);
    if (outcome.state === 'completed') return { status: 200, body: outcome.result };
    if (outcome.state === 'failed') {
      throw new HttpException(
        { success: false, jobId, fileName: job.data.fileName, message: outcome.reason },
        HttpStatus.UNPROCESSABLE_ENTITY,
      );
    }
    return pending(
      outcome.jobState,
      'The import is still running; follow it at the status URL or over socket.io (/admin-jobs).',
    );
  }
}
