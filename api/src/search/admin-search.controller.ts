import { Controller, Get, HttpCode, Inject, Post, Req, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject, JobAnswer, object, str } from '../docs/schemas.js';
import { enqueueReindex, QUEUES } from '@directory/core';
import { outboxBacklog, type OpenedSearch } from '@directory/search';
import { AuditService } from '../audit/audit.service.js';
import { SEARCH } from './search-engine.module.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { JobQueues } from '../jobs/job-queues.js';

/** Ops view of the index: which engine, how many documents, how far behind PostgreSQL it is. */
@ApiTags('admin search')
@Controller('admin/search')
@Authenticated()
export class AdminSearchController {
  constructor(
    @Inject(SEARCH) private readonly search: OpenedSearch,
    private readonly audit: AuditService,
    private readonly jobs: JobQueues,
  ) {}

  private get queue() {
    return this.jobs.queue(QUEUES.search);
  }

  @Get('status')
  @ApiCall(
    'Which engine, how many documents, the outbox backlog and its age',
    object({ engine: str, documents: { type: 'integer' }, backlog: GenericObject }),
  )
  async status() {
    const [documents, backlog] = await Promise.all([this.search.engine.count(), outboxBacklog(this.search.pool)]);
    return { engine: this.search.engine.kind, documents, backlog };
  }

  /** Rebuilds the index in the worker (a fresh index swapped in; searches keep answering meanwhile). */
  @Post('reindex')
  @HttpCode(202)
  @ApiCall(
    'Queues a full rebuild of the search index',
    { status: 202, schema: JobAnswer, description: 'Queued' },
    403,
    503,
  )
  async reindex(@Req() req: AdminRequest) {
    const job = await this.audit.write(
      req.admin,
      'search.reindex',
      () =>
        enqueueReindex(this.queue).catch((error) => {
          throw new ServiceUnavailableException(
            `The reindex could not be queued because the job queue is unreachable (${(error as Error).message}). Try again shortly.`,
          );
        }),
      (queued) => ({ jobId: queued.id }),
    );
    return { jobId: job.id, message: 'Reindex queued.' };
  }
}
