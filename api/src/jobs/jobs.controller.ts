import { rm } from 'node:fs/promises';
import {
  ConflictException,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import type { Job } from 'bullmq';
import {
  type AppConfig,
  exportCancelKey,
  importCancelKey,
  type ImportJobData,
  isUploadId,
  type QueueName,
  QUEUES,
  uploadPath,
} from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ADMIN_JOB_QUEUES, JobQueues, jobView, unavailableWhenRedisIsAway } from './job-queues.js';
import { ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject, arrayOf, object } from '../docs/schemas.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';

const QUEUE_NAMES = Object.values(QUEUES);

class JobListQuery {
  @IsOptional()
  @IsIn(QUEUE_NAMES, { message: `queue must be one of ${QUEUE_NAMES.join(', ')}` })
  queue?: QueueName;

  @IsOptional()
  @Type(() => Number)
  @Max(100, { message: 'limit must be a whole number from 1 to 100' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100' })
  @IsInt({ message: 'limit must be a whole number from 1 to 100' })
  limit = 20;
}

class JobQuery {
  @IsOptional()
  @IsIn(QUEUE_NAMES, { message: `queue must be one of ${QUEUE_NAMES.join(', ')}` })
  queue?: QueueName;
}

const JOB_ID_RULE = 'id must be a job id: letters, digits, "-", "_", "." or ":", at most 200 characters';

/**
 * /admin/jobs/{id}: what BullMQ job ids look like (numbers it counts, the ids the system gives, a
 * scheduler's "repeat:…:…"); anything else is a 400 naming the parameter rather than a look-up in every queue.
 */
export class JobIdParams {
  @Matches(/^[\w.:-]{1,200}$/, { message: JOB_ID_RULE })
  @IsString({ message: JOB_ID_RULE })
  id!: string;
}

/** Seconds a cancel request waits for the worker to see it. */
const CANCEL_FLAG_TTL_S = 24 * 60 * 60;

/** The running jobs an admin can stop: the worker looks for this Redis flag every 250 ms. */
const CANCEL_FLAGS: Partial<Record<QueueName, { key: (prefix: string, jobId: string) => string; message: string }>> = {
  [QUEUES.import]: {
    key: importCancelKey,
    message: 'The import is being cancelled; nothing from its file is kept.',
  },
  [QUEUES.exports]: {
    key: exportCancelKey,
    message: 'The export is being cancelled; its partial file is removed.',
  },
};

/**
 * The admin's own live job list (DESIGN.md "Ops"): recent jobs, one job's state, progress and result, cancel
 * and retry. Bull Board (/api/admin/queues) is the ops view of every queue.
 */
@ApiTags('admin jobs')
@Controller('admin/jobs')
@Authenticated()
export class JobsController {
  constructor(
    private readonly jobs: JobQueues,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiCall(
    'Recent jobs of the import, export, slug and sitemap queues (or ?queue)',
    object({ jobs: arrayOf(GenericObject) }),
    400,
    503,
  )
  async list(@Query() query: JobListQuery) {
    const names = query.queue ? [query.queue] : ADMIN_JOB_QUEUES;
    const found = await Promise.all(
      names.map(async (name) => {
        const jobs = await unavailableWhenRedisIsAway(() =>
          this.jobs
            .queue(name)
            .getJobs(
              ['active', 'waiting', 'prioritized', 'delayed', 'waiting-children', 'completed', 'failed'],
              0,
              query.limit - 1,
              false,
            ),
        );
        return jobs.filter(Boolean).map((job) => ({ name, job }));
      }),
    );
    const recent = found
      .flat()
      .sort((a, b) => b.job.timestamp - a.job.timestamp)
      .slice(0, query.limit);
    return { jobs: await Promise.all(recent.map(({ name, job }) => jobView(name, job, false))) };
  }

  @Get(':id')
  @ApiCall('One job: state, progress, attempts, failure, result', GenericObject, 400, 404, 503)
  async get(@Param() { id }: JobIdParams, @Query() query: JobQuery) {
    const { queue, job } = await this.require(id, query.queue);
    return jobView(queue, job, true);
  }

  /**
   * A waiting job is removed; a running import or export is asked to stop (the worker rolls the import's
   * transaction back, so nothing of the file stays; an export's COPY is interrupted and its partial file
   * removed) and fails with the reason "cancelled", from where it can be retried.
   */
  @Post(':id/cancel')
  @ApiCall(
    'Cancels a waiting job, or asks a running import to stop',
    { status: 202, schema: GenericObject, description: 'Cancelled or being cancelled' },
    400,
    403,
    404,
    409,
    503,
  )
  @HttpCode(202)
  async cancel(@Param() { id }: JobIdParams, @Query() query: JobQuery, @Req() req: AdminRequest) {
    const { queue, job } = await this.require(id, query.queue);
    const state = await job.getState();
    return this.audit.write(
      req.admin,
      'job.cancel',
      () => this.cancelJob(queue, job, state),
      () => ({ queue, jobId: job.id, state }),
    );
  }

  private async cancelJob(queue: QueueName, job: Job, state: string) {
    let message: string;
    if (['waiting', 'delayed', 'prioritized', 'paused', 'waiting-children'].includes(state)) {
      await unavailableWhenRedisIsAway(() => job.remove());
      // Only an upload id is turned into a path (inside the uploads folder); a job without one removes nothing.
      const uploadId = (job.data as Partial<ImportJobData>).uploadId;
      if (queue === QUEUES.import && isUploadId(uploadId))
        await rm(uploadPath(this.config.DATA_DIR, uploadId), { force: true });
      message = 'The job was cancelled before it started.';
    } else if (state === 'active' && CANCEL_FLAGS[queue]) {
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

  @Post(':id/retry')
  @ApiCall(
    'Queues a failed job again',
    { status: 202, schema: GenericObject, description: 'Queued again' },
    400,
    403,
    404,
    409,
    503,
  )
  @HttpCode(202)
  async retry(@Param() { id }: JobIdParams, @Query() query: JobQuery, @Req() req: AdminRequest) {
    const { queue, job } = await this.require(id, query.queue);
    const state = await job.getState();
    if (state !== 'failed') {
      throw new ConflictException(`The job is ${state}; only failed jobs can be retried.`);
    }
    await this.audit.write(
      req.admin,
      'job.retry',
      async () => {
        const flag = CANCEL_FLAGS[queue];
        if (flag) {
          const client = await this.jobs.queue(queue).getBackend().client;
          await unavailableWhenRedisIsAway(() => client.del(flag.key(this.config.REDIS_PREFIX, String(job.id))));
        }
        await unavailableWhenRedisIsAway(() => job.retry('failed'));
      },
      () => ({ queue, jobId: job.id }),
    );
    return { success: true, jobId: job.id, queue, message: 'The job was queued again.' };
  }

  private async require(id: string, queue?: QueueName): Promise<{ queue: QueueName; job: Job }> {
    const found = await this.jobs.find(id, queue);
    if (!found)
      throw new NotFoundException(`No job has the id "${id}"; it may have finished long ago and been removed.`);
    return found;
  }
}
