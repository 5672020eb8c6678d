import { ConflictException, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { type QueueName, QUEUES } from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { JobControl } from './job-control.js';
import { jobView } from './job-queues.js';
import { JobsCentre } from './jobs-centre.js';
import { ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject, arrayOf, int, object, str } from '../docs/schemas.js';
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

/**
 * The admin's own live job list (DESIGN.md "Ops"): recent jobs, one job's state, progress and result, cancel
 * and retry. Bull Board (/api/admin/queues) is the ops view of every queue.
 */
@ApiTags('admin jobs')
@Controller('admin/jobs')
@Authenticated()
export class JobsController {
  constructor(
    private readonly jobs: JobControl,
    private readonly centre: JobsCentre,
    private readonly audit: AuditService,
  ) {}

  @Get()
  @ApiCall(
    'The jobs centre: recent jobs of every admin kind (or ?queue), who started them, how many run, live workers',
    object({ jobs: arrayOf(GenericObject), running: int, workers: GenericObject, checkedAt: str }),
    400,
    503,
  )
  async list(@Query() query: JobListQuery) {
    return this.centre.answer(query.limit, query.queue);
  }

  @Get(':id')
  @ApiCall('One job: state, progress, attempts, failure, result', GenericObject, 400, 404, 503)
  async get(@Param() { id }: JobIdParams, @Query() query: JobQuery) {
    const { queue, job, state } = await this.jobs.require(id, query.queue);
    return jobView(queue, job, true, state);
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
    const { queue, job } = await this.jobs.require(id, query.queue);
    const state = await job.getState();
    return this.audit.write(
      req.admin,
      'job.cancel',
      () => this.jobs.cancel(queue, job, state),
      () => ({ queue, jobId: job.id, state }),
    );
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
    const { queue, job } = await this.jobs.require(id, query.queue);
    const state = await job.getState();
    if (state !== 'failed') {
      throw new ConflictException(`The job is ${state}; only failed jobs can be retried.`);
    }
    await this.audit.write(
      req.admin,
      'job.retry',
      () => this.jobs.retry(queue, job),
      () => ({ queue, jobId: job.id }),
    );
    return { success: true, jobId: job.id, queue, message: 'The job was queued again.' };
  }
}
