import { BadRequestException, Injectable, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import type { Job } from 'bullmq';
import {
  type ApproveBusinessesJobData,
  BULK_APPROVAL_MAX,
  type BulkApprovalAnswer,
  type BulkApprovalCallAnswer,
  type BusinessDeleteScope,
  type DeleteBusinessesJobData,
  type DeleteBusinessesProgress,
  type DeleteBusinessesResult,
  deleteBusinessesResult,
  enqueueApproveBusinesses,
  enqueueDeleteBusinesses,
  QUEUES,
} from '@directory/core';
import { JobQueues, unavailableWhenRedisIsAway } from '../jobs/job-queues.js';
import { AggregatesRefresher } from '../queue/aggregates-refresher.js';
import { AdminBusinessesRepository } from './admin-businesses.repository.js';
import type { AdminBusinessQuery, BulkApprovalDto, BulkRejectDto, UpdateBusinessDto } from './admin-businesses.dto.js';

export { TEST_BUSINESS_NAME } from '@directory/core';

/** A delete of more businesses than this runs as a worker job (in batches, with progress), not in the request. */
export const DELETE_IN_REQUEST_MAX = 10_000;
/** How long a delete call waits for its job before answering 202 (under the legacy client's 5-minute timeout). */
export const DELETE_WAIT_MS = 280_000;

/** How long a bulk approval call waits for its job before answering 202 (the jobs centre follows it then). */
export const APPROVAL_WAIT_MS = 5_000;

/** A removal done in the request, or the worker's job doing it. */
export type RemovalStart = { done: DeleteBusinessesResult } | { job: Job<DeleteBusinessesJobData> };
/** A bulk approval done in the request, or the worker's job doing it. */
export type ApprovalStart = { done: BulkApprovalAnswer } | { job: Job<ApproveBusinessesJobData> };

/** A delete job an admin cancelled: its committed batches stay deleted (deletedCount of totalCount). */
export interface DeleteCancelled {
  success: false;
  cancelled: true;
  deletedCount: number;
  totalCount: number;
  message: string;
}

export type DeleteAnswer =
  | { status: 200; body: DeleteBusinessesResult | DeleteCancelled }
  | { status: 202; body: { success: true; jobId: string; state: string; statusUrl: string; message: string } };

@Injectable()
export class AdminBusinessesService {
  constructor(
    private readonly businesses: AdminBusinessesRepository,
    private readonly aggregates: AggregatesRefresher,
    private readonly jobs: JobQueues,
  ) {}

  /** DELETE_IN_REQUEST_MAX and DELETE_WAIT_MS, settable by tests. */
  deleteInRequestMax = DELETE_IN_REQUEST_MAX;
  deleteWaitMs = DELETE_WAIT_MS;
  /** Rows per batch of a delete job (the worker's default when undefined), settable by tests. */
  deleteJobBatchSize: number | undefined = undefined;
  /** BULK_APPROVAL_MAX, APPROVAL_WAIT_MS and the approval job's rows per batch, settable by tests. */
  bulkApprovalMax = BULK_APPROVAL_MAX;
  approvalWaitMs = APPROVAL_WAIT_MS;
  approvalJobBatchSize: number | undefined = undefined;

  list(query: AdminBusinessQuery) {
    return this.businesses.list(query);
  }

  stats() {
    return this.businesses.stats();
  }

  categoryNames(withWaiting = false) {
    return this.businesses.categoryNames(withWaiting);
  }

  countryCodes(withWaiting = false) {
    return this.businesses.countryCodes(withWaiting);
  }

  async get(id: number) {
    const business = await this.businesses.get(id);
    if (!business) throw new NotFoundException(`No business has the id ${id}.`);
    return business;
  }

  async toggleApproval(id: number) {
    const row = await this.businesses.toggleApproval(id);
    if (!row) throw new NotFoundException(`No business has the id ${id}.`);
    await this.aggregates.requestRefresh();
    return { success: true, id, name: row.name, isApproved: row.isApproved };
  }

  /**
   * Approves or hides the selected businesses (the ids, or every one matching the filters) in the caller's
   * transaction; the public counts then refresh as for one. More than BULK_APPROVAL_MAX matching the filters
   * are the worker's job (in batches, with progress and cancel).
   */
  async startApproval(body: BulkApprovalDto): Promise<ApprovalStart> {
    if ((body.ids === undefined) === (body.matching === undefined))
      throw new BadRequestException(
        'Send either ids (the selected businesses) or matching (every business matching the filters), not both.',
      );
    const selection = body.ids ? { ids: body.ids } : { matching: body.matching! };
    const result = await this.businesses.setApproval(selection, body.isApproved, this.bulkApprovalMax);
    if (result) {
      if (result.changed > 0) await this.aggregates.requestRefresh();
      return { done: { success: true, isApproved: body.isApproved, ...result } };
    }
    const data: ApproveBusinessesJobData = {
      matching: { ...body.matching! },
      isApproved: body.isApproved,
      ...(this.approvalJobBatchSize ? { batchSize: this.approvalJobBatchSize } : {}),
    };
    return {
      job: await unavailableWhenRedisIsAway(() => enqueueApproveBusinesses(this.jobs.queue(QUEUES.maintenance), data)),
    };
  }

  /** The answer of a bulk approval: its result, or the worker's once done (202 if it outlasts APPROVAL_WAIT_MS). */
  async approvalAnswer(start: ApprovalStart): Promise<{ status: 200 | 202; body: BulkApprovalCallAnswer }> {
    if ('done' in start) return { status: 200, body: start.done };
    const { job } = start;
    const outcome = await this.jobs.wait<BulkApprovalAnswer>(job, this.approvalWaitMs);
    if (outcome.state === 'completed') return { status: 200, body: outcome.result };
    const elsewhere = { jobId: String(job.id), statusUrl: `/api/admin/jobs/${job.id}?queue=maintenance` };
    if (outcome.state === 'failed') {
      if (!/cancelled by an administrator/.test(outcome.reason))
        throw new InternalServerErrorException(`The bulk approval failed: ${outcome.reason}`);
      return { status: 200, body: { success: false, state: 'cancelled', message: outcome.reason, ...elsewhere } };
    }
    return {
      status: 202,
      body: {
        success: true,
        state: outcome.jobState,
        message: `More than ${this.bulkApprovalMax.toLocaleString('en-US')} businesses match; the worker changes them in batches. Follow it at the status URL or in the jobs centre.`,
        ...elsewhere,
      },
    };
  }

  /**
   * A bulk reject (issue 34 moderation): the selected businesses, or every one matching the filters, that wait
   * for approval are deleted (rejected businesses are not kept: nothing else would ever show them). Ids and
   * small selections go in the caller's transaction; more than DELETE_IN_REQUEST_MAX are the worker's job.
   */
  async startReject(body: BulkRejectDto): Promise<RemovalStart> {
    if ((body.ids === undefined) === (body.matching === undefined))
      throw new BadRequestException(
        'Send either ids (the selected businesses) or matching (every business matching the filters), not both.',
      );
    if (body.matching) return this.startRemoval({ rejected: { ...body.matching } });
    const count = await this.businesses.removeWaiting(body.ids!);
    if (count > 0) await this.aggregates.requestRefresh();
    return { done: deleteBusinessesResult({ rejected: {} }, count) };
  }

  async update(id: number, changes: UpdateBusinessDto) {
    const business = await this.businesses.update(id, changes);
    if (!business) throw new NotFoundException(`No business has the id ${id}.`);
    await this.aggregates.requestRefresh();
    return { success: true, business };
  }

  async remove(id: number) {
    const name = await this.businesses.remove(id);
    if (name === null) throw new NotFoundException(`No business has the id ${id}.`);
    await this.aggregates.requestRefresh();
    return { success: true, message: `"${name}" was deleted.`, name };
  }

  /**
   * Few businesses: deleted here, in one statement (in the caller's transaction). More than
   * DELETE_IN_REQUEST_MAX (counted no further): queued for the worker, which deletes them in batches.
   */
  async startRemoval(scope: BusinessDeleteScope): Promise<RemovalStart> {
    if ((await this.businesses.countInScope(scope, this.deleteInRequestMax + 1)) <= this.deleteInRequestMax) {
      const count = await this.businesses.removeScope(scope);
      await this.aggregates.requestRefresh();
      return { done: deleteBusinessesResult(scope, count) };
    }
    const data: DeleteBusinessesJobData = {
      scope,
      ...(this.deleteJobBatchSize ? { batchSize: this.deleteJobBatchSize } : {}),
    };
    const job = await unavailableWhenRedisIsAway(() =>
      enqueueDeleteBusinesses(this.jobs.queue(QUEUES.maintenance), data),
    );
    return { job };
  }

  /** The answer of a removal: its result, or the worker's once it finished (202 if it outlasts DELETE_WAIT_MS). */
  async removalAnswer(start: RemovalStart): Promise<DeleteAnswer> {
    if ('done' in start) return { status: 200, body: start.done };
    const { job } = start;
    const outcome = await this.jobs.wait<DeleteBusinessesResult>(job, this.deleteWaitMs);
    if (outcome.state === 'completed') return { status: 200, body: outcome.result };
    if (outcome.state === 'failed') {
      const progress = (await this.jobs.queue(QUEUES.maintenance).getJob(String(job.id)))?.progress as
        Partial<DeleteBusinessesProgress> | undefined;
      if (progress?.phase === 'cancelled')
        return {
          status: 200,
          body: {
            success: false,
            cancelled: true,
            deletedCount: progress.rowsDone ?? 0,
            totalCount: progress.rowsTotal ?? 0,
            message: outcome.reason,
          },
        };
      throw new InternalServerErrorException(`The delete failed: ${outcome.reason}`);
    }
    return {
      status: 202,
      body: {
        success: true,
        jobId: String(job.id),
        state: outcome.jobState,
        statusUrl: `/api/admin/jobs/${job.id}`,
        message: `More than ${this.deleteInRequestMax} businesses are being deleted by the worker; follow it at the status URL.`,
      },
    };
  }
}
