import {
  Body,
  Controller,
  Get,
  HttpCode,
  InternalServerErrorException,
  NotFoundException,
  Param,
  Post,
  Req,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Job } from 'bullmq';
import { IsInt, Max, Min } from 'class-validator';
import { Omittable } from '../http/omittable.js';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject } from '../docs/schemas.js';
import { enqueueSlugFix, QUEUES, SLUG_JOBS, type SlugFixProgress, type SlugFixResult } from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { JobQueues, readJob } from '../jobs/job-queues.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { JsonBody } from '../http/request-body.js';

/** How long fix-slugs waits for its job before answering with the progress so far. */
export const FIX_SLUGS_WAIT_MS = 20_000;
/** BullMQ deduplication id: a second click while a fix runs joins it instead of starting another. */

const BATCH_RULE = 'batchSize must be a whole number from 1 to 10000.';

/** POST /api/admin/fix-slugs body (optional). */
class FixSlugsBody {
  @Omittable()
  @Max(10_000, { message: BATCH_RULE })
  @Min(1, { message: BATCH_RULE })
  @IsInt({ message: BATCH_RULE })
  batchSize?: number;
}

@ApiTags('admin slugs')
@Controller()
@Authenticated()
export class SlugsController {
  constructor(
    private readonly waiter: JobQueues,
    private readonly audit: AuditService,
  ) {}

  private get queue() {
    return this.waiter.queue(QUEUES.slugs);
  }

  /**
   * Admin spec §7 fix-slugs: {success, successCount, totalProcessed, checkpointEnabled, message}. The fix runs
   * as a worker job; this call waits for it up to 20 s, then answers with the progress so far and the job id
   * (GET /api/admin/fix-slugs/{jobId} follows it). Body (optional): {batchSize}.
   */
  @Post('admin/fix-slugs')
  @JsonBody('16kb')
  @HttpCode(200)
  @ApiCall(
    'Renames long timestamp slugs (waits up to 20 s, then answers the progress so far)',
    GenericObject,
    400,
    403,
    500,
    503,
  )
  async fix(@Body() body: FixSlugsBody, @Req() req: AdminRequest) {
    const batchSize = body?.batchSize;
    const job: Job = await this.audit.write(
      req.admin,
      'slugs.fix',
      () =>
        enqueueSlugFix(this.queue, batchSize === undefined ? {} : { batchSize }).catch((error) => {
          throw new ServiceUnavailableException(
            `The slug fix could not be queued (${(error as Error).message}); try again in a moment.`,
          );
        }),
      (queued) => ({ jobId: queued.id }),
    );
    return this.answer(job, await this.waiter.wait<SlugFixResult>(job, FIX_SLUGS_WAIT_MS));
  }

  @Get('admin/fix-slugs/:jobId')
  @ApiCall('Follows a slug fix job', GenericObject, 404, 500)
  async status(@Param('jobId') jobId: string) {
    const found = /^[A-Za-z0-9_-]{1,100}$/.test(jobId) ? await readJob(this.queue, jobId) : null;
    if (!found || found.job.name !== SLUG_JOBS.fix) throw new NotFoundException(`No slug fix job ${jobId}.`);
    const { job, state } = found;
    if (state === 'completed') return this.answer(job, { state, result: job.returnvalue as SlugFixResult });
    if (state === 'failed') return this.answer(job, { state, reason: job.failedReason });
    return this.answer(job, { state: 'running' });
  }

  private async answer(
    job: Job,
    outcome: { state: 'completed'; result: SlugFixResult } | { state: 'failed'; reason: string } | { state: 'running' },
  ) {
    if (outcome.state === 'completed') return { ...outcome.result, jobId: job.id, state: 'completed' };
    if (outcome.state === 'failed') throw new InternalServerErrorException(`The slug fix failed: ${outcome.reason}`);
    const fresh = await this.queue.getJob(job.id!);
    const progress = (fresh?.progress ?? {}) as SlugFixProgress;
    const done = progress.rowsDone ?? 0;
    return {
      success: true,
      successCount: progress.renamed ?? 0,
      totalProcessed: done,
      checkpointEnabled: true,
      message: `The slug fix is still running (${done}${progress.rowsTotal ? ` of ${progress.rowsTotal}` : ''} addresses looked at); it goes on in the background and resumes from its checkpoint if interrupted.`,
      jobId: job.id,
      state: (await fresh?.getState()) ?? 'unknown',
    };
  }
}
