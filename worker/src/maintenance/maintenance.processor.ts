import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import pg from 'pg';
import {
  adminFilterConditions,
  type AppConfig,
  type ApproveBusinessesJobData,
  approvalCancelledMessage,
  approvalFilter,
  businessBatchesCancelKey,
  businessDeleteFilter,
  type BulkApprovalAnswer,
  type Canonicalization,
  canonicalizeDirectory,
  deleteCancelledMessage,
  type DeleteBusinessesJobData,
  type DeleteBusinessesProgress,
  type DeleteBusinessesResult,
  deleteBusinessesResult,
  deleteExpiredContactMessages,
  MAINTENANCE_JOBS,
  QUEUES,
  refreshAggregates,
  requestSitemapRegeneration,
  requestSynonymsReindex,
  withTransaction,
} from '@directory/core';
import { CatalogueCache } from '../cache/catalogue-cache.js';
import { WORKER_CONFIG } from '../config/worker-config.module.js';
import { watchJob } from '../imports/job-watch.js';

/** Rows one delete or approval statement changes: short transactions and locks, progress between them. */
export const DELETE_BATCH_SIZE = 5_000;

/**
 * Housekeeping after writes: the public counts are recomputed here, never in a request; and the admin's
 * deletes and approvals too large for a request (all businesses, much test data, a large review queue), in batches.
 */
@Processor(QUEUES.maintenance, { concurrency: 1 })
export class MaintenanceProcessor extends WorkerHost {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly cache: CatalogueCache,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.search) private readonly searchQueue: Queue,
    @InjectQueue(QUEUES.sitemaps) private readonly sitemapsQueue: Queue,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === MAINTENANCE_JOBS.refreshAggregates) return this.refresh();
    if (job.name === MAINTENANCE_JOBS.deleteBusinesses) return this.deleteBusinesses(job);
    if (job.name === MAINTENANCE_JOBS.approveBusinesses) return this.approveBusinesses(job);
    if (job.name === MAINTENANCE_JOBS.contactRetention) return this.deleteExpiredContactMessages();
    if (job.name === MAINTENANCE_JOBS.applyCategoryMerges) return this.applyCategoryMerges();
    throw new Error(`Unknown maintenance job "${job.name}".`);
  }

  private async refresh(): Promise<{ refreshedAt: string; durationMs: number }> {
    const started = Date.now();
    await refreshAggregates(this.orm.em.fork());
    const durationMs = Date.now() - started;
    await this.cache.changed('public counts refreshed');
    this.logger.log(`Aggregates refreshed in ${durationMs} ms`);
    // Every write that changes the directory asks for this refresh (an admin's edit, approval or delete too):
    // the sitemaps follow, debounced, so a deleted or hidden business leaves them within minutes, not a day.
    try {
      await requestSitemapRegeneration(this.sitemapsQueue);
    } catch (error) {
      this.logger.warn(`Could not request the sitemaps after a refresh: ${(error as Error).message}`);
    }
    return { refreshedAt: new Date().toISOString(), durationMs };
  }

  /** The admin edited the category merges: every business under its canonical category, then the counts. */
  private async applyCategoryMerges(): Promise<Canonicalization> {
    const client = new pg.Client({ connectionString: this.config.DATABASE_URL, application_name: 'worker-canonical' });
    await client.connect();
    try {
      const result = await withTransaction(client, 'begin', () => canonicalizeDirectory(client));
      await this.refresh();
      // Every business of a merge's category answers to the merged spelling: a rebuild gives them the word.
      await requestSynonymsReindex(this.searchQueue);
      this.logger.log(`Category merges applied: ${result.businessesUpdated} businesses rewritten.`);
      return result;
    } finally {
      await client.end();
    }
  }

  /** The contact inbox's retention (personal data): messages older than the setting's months go. */
  private async deleteExpiredContactMessages() {
    const result = await deleteExpiredContactMessages(this.orm.em.fork());
    this.logger.log(`Deleted ${result.deletedCount} contact messages older than ${result.months} months.`);
    return result;
  }

  /**
   * Deletes in batches (see inBatches). A retried attempt goes on with what is left and counts what the earlier
   * one deleted.
   */
  private async deleteBusinesses(job: Job<DeleteBusinessesJobData>): Promise<DeleteBusinessesResult> {
    const { scope, batchSize = DELETE_BATCH_SIZE } = job.data;
    const { where, params } = businessDeleteFilter(scope);
    const rowsDone = await this.inBatches(job, {
      phase: 'deleting',
      remaining: { sql: `select count(*)::int as count from businesses where ${where}`, params },
      batch: {
        sql: `with gone as (delete from businesses where id in (select id from businesses where ${where} limit ?) returning 1)
              select count(*)::int as count from gone`,
        params: [...params, batchSize],
      },
      batchSize,
      cancelled: deleteCancelledMessage,
    });
    this.logger.log(`Deleted ${rowsDone} businesses (${JSON.stringify(scope)}).`);
    return deleteBusinessesResult(scope, rowsDone);
  }

  /** Approves or hides every business matching the admin's filters, in batches (see inBatches). */
  private async approveBusinesses(job: Job<ApproveBusinessesJobData>): Promise<BulkApprovalAnswer> {
    const { matching, isApproved, batchSize = DELETE_BATCH_SIZE } = job.data;
    const { conditions, params: matchingParams } = adminFilterConditions(matching);
    const { where, params } = approvalFilter(matching, isApproved);
    const changed = await this.inBatches(job, {
      phase: isApproved ? 'approving' : 'hiding',
      remaining: { sql: `select count(*)::int as count from businesses where ${where}`, params },
      batch: {
        sql: `with changed as (
                update businesses set is_approved = ?, updated_at = now()
                 where id in (select id from businesses where ${where} limit ?) returning 1)
              select count(*)::int as count from changed`,
        params: [isApproved, ...params, batchSize],
      },
      batchSize,
      cancelled: (done, total) => approvalCancelledMessage(done, total, isApproved),
      reported: { isApproved },
    });
    const [{ count: selected }] = await this.orm.em
      .fork()
      .execute<{ count: number }[]>(
        `select count(*)::int as count from businesses${conditions.length ? ` where ${conditions.join(' and ')}` : ''}`,
        matchingParams,
      );
    this.logger.log(
      `${isApproved ? 'Approved' : 'Hid'} ${changed} of ${selected} businesses (${JSON.stringify(matching)}).`,
    );
    return { success: true, isApproved, selected, changed };
  }

  /**
   * Runs `batch` (one statement, its own transaction, answering the rows it changed) until a batch changes
   * fewer than `batchSize`, reporting rows done of the total between batches; then refreshes the public counts.
   * One statement over a million rows would hold its locks and the search outbox's million ids in one
   * transaction and report nothing until the end. A retried attempt counts what the earlier one did. An
   * admin's cancel stops it between batches: the committed batches stay, the progress and the failure reason
   * (`cancelled`) say exactly how many, and the public counts are refreshed for them. Answers the rows done.
   */
  private async inBatches(
    job: Job,
    work: {
      phase: DeleteBusinessesProgress['phase'];
      remaining: { sql: string; params: unknown[] };
      batch: { sql: string; params: unknown[] };
      batchSize: number;
      cancelled: (done: number, total: number) => string;
      /** Facts of the job every progress report carries. */
      reported?: Partial<DeleteBusinessesProgress>;
    },
  ): Promise<number> {
    const em = this.orm.em.fork();
    const earlier = (job.progress as Partial<DeleteBusinessesProgress> | undefined)?.rowsDone ?? 0;
    const [{ count: remaining }] = await em.execute<{ count: number }[]>(work.remaining.sql, work.remaining.params);
    const rowsTotal = earlier + remaining;
    let rowsDone = earlier;
    const report = (phase: DeleteBusinessesProgress['phase']) =>
      job.updateProgress({
        ...work.reported,
        rowsDone,
        rowsTotal,
        phase,
        at: Date.now(),
      } satisfies DeleteBusinessesProgress);
    const controller = new AbortController();
    const stopWatching = watchJob(controller, {
      cancelKey: businessBatchesCancelKey(this.config.REDIS_PREFIX, String(job.id)),
      cancelMessage: 'cancelled',
      deadline: Number.MAX_SAFE_INTEGER,
      timeoutMessage: '',
      redis: () => this.worker.getBackend().client,
      logger: this.logger,
    });
    try {
      await report(work.phase);
      for (;;) {
        const [{ count }] = await em.execute<{ count: number }[]>(work.batch.sql, work.batch.params);
        rowsDone += count;
        if (count < work.batchSize) break;
        if (controller.signal.aborted) {
          await report('cancelled');
          if (rowsDone > earlier) await this.refresh();
          this.logger.log(`${job.name} cancelled after ${rowsDone} of ${rowsTotal} businesses.`);
          throw new UnrecoverableError(work.cancelled(rowsDone, rowsTotal));
        }
        await report(work.phase);
      }
    } finally {
      stopWatching();
    }
    await report('refreshing');
    await this.refresh();
    await report('done');
    return rowsDone;
  }
}
