import { rm } from 'node:fs/promises';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Job } from 'bullmq';
import {
  type AppConfig,
  businessBatchesCancelKey,
  exportCancelKey,
  importCancelKey,
  type ImportJobData,
  isUploadId,
  MAINTENANCE_JOBS,
  type QueueName,
  QUEUES,
  slugFixCancelKey,
  uploadPath,
} from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueues, unavailableWhenRedisIsAway } from './job-queues.js';

/** Seconds a cancel request waits for the worker to see it. */
const CANCEL_FLAG_TTL_S = 24 * 60 * 60;

/**
 * The running jobs an admin can stop: the worker looks for this Redis flag every 250 ms. `jobs`: only these
 * jobs of the queue (the others run to their end).
 */
const CANCEL_FLAGS: Partial<
  Record<QueueName, { key: (prefix: string, jobId: string) => string; message: string; jobs?: readonly string[] }>
> = {
  [QUEUES.import]: {
    key: importCancelKey,
    message: 'The import is being cancelled; nothing from its file is kept.',
  },
  [QUEUES.exports]: {
    key: exportCancelKey,
    message: 'The export is being cancelled; its partial file is removed.',
  },
  [QUEUES.slugs]: {
    key: slugFixCancelKey,
    message: 'The slug fix stops after its current batch; what it shortened stays, and the next run carries on.',
  },
  [QUEUES.maintenance]: {
    key: businessBatchesCancelKey,
    message:
      'The delete stops after its current batch; what it deleted stays deleted, the rest is kept, and the job says how many.',
    jobs: [MAINTENANCE_JOBS.deleteBusinesses, MAINTENANCE_JOBS.approveBusinesses],
  },
};

/** The admin's control of jobs in Redis (and of a cancelled import's upload on disk): list, find, cancel, retry. */
@Injectable()
export class JobControl {
  constructor(
    private readonly jobs: JobQueues,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The job with this id (in `queue`, or in the first queue that has it); 404 when there is none. */
  async require(id: string, queue?: QueueName): Promise<{ queue: QueueName; job: Job; state: string }> {
    const found = await this.jobs.find(id, queue);
    if (!found)
      throw new NotFoundException(`No job has the id "${id}"; it may have finished long ago and been removed.`);
    return found;
  }

  /**
   * A waiting job is removed (a waiting import's upload with it); a running import or export is asked to stop
   * through its Redis flag; anything else is a 409.
   */
  async cancel(queue: QueueName, job: Job, state: string) {
    let message: string;
    if (['waiting', 'delayed', 'prioritized', 'paused', 'waiting-children'].includes(state)) {
      await unavailableWhenRedisIsAway(() => job.remove());
      // Only an upload id is turned into a path (inside the uploads folder); a job without one removes nothing.
      const uploadId = (job.data as Partial<ImportJobData>).uploadId;
      if (queue === QUEUES.import && isUploadId(uploadId))
        await rm(uploadPath(this.config.DATA_DIR, uploadId), { force: true });
      message = 'The job was cancelled before it started.';
    } else if (state === 'active' && CANCEL_FLAGS[queue] && (CANCEL_FLAGS[queue].jobs?.includes(job.name) ?? true)) {
      const flag = CANCEL_FLAGS[queue];
      const client = await this.jobs.queue(queue).getBackend().client;
      await unavailableWhenRedisIsAway(() =>
        client.set(flag.key(this.config.REDIS_PREFIX, String(job.id)), String(Date.now()), {
          EX: CANCEL_FLAG_TTL_S,
        }),
      );
      message = flag.message;
    } else if (state === 'active') {
      throw new ConflictException(`A running ${queue} job cannot be cancelled; wait for it to finish.`);
    } else {
      throw new ConflictException(`The job is already ${state}; only waiting or running jobs can be cancelled.`);
    }
    return { success: true, jobId: job.id, queue, message };
  }

  /** Queues a failed job again, its cancel flag (if any) cleared first. */
  async retry(queue: QueueName, job: Job) {
    const flag = CANCEL_FLAGS[queue];
    if (flag) {
      const client = await this.jobs.queue(queue).getBackend().client;
      await unavailableWhenRedisIsAway(() => client.del(flag.key(this.config.REDIS_PREFIX, String(job.id))));
    }
    await unavailableWhenRedisIsAway(() => job.retry('failed'));
  }
}
