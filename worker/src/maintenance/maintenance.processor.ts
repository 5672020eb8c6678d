import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import pg from 'pg';
import {
  type AppConfig,
  businessDeleteFilter,
  type Canonicalization,
  canonicalizeDirectory,
  deleteBusinessesCancelKey,
  deleteCancelledMessage,
  type DeleteBusinessesJobData,
  type DeleteBusinessesProgress,
  type DeleteBusinessesResult,
  deleteBusinessesResult,
  deleteExpiredContactMessages,
  MAINTENANCE_JOBS,
  QUEUES,
  refreshAggregates,
  requestSynonymsReindex,
  withTransaction,
} from '@directory/core';
import { CatalogueCache } from '../cache/catalogue-cache.js';
import { WORKER_CONFIG } from '../config/worker-config.module.js';
import { watchJob } from '../imports/job-watch.js';

/** Rows one delete statement removes: short transactions and locks, progress between them. */
export const DELETE_BATCH_SIZE = 5_000;

/**
 * Housekeeping after writes: the public counts are recomputed here, never in a request; and the admin's
 * deletes too large for a request (all businesses, or much test data), in batches.
 */
@Processor(QUEUES.maintenance, { concurrency: 1 })
export class MaintenanceProcessor extends WorkerHost {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly cache: CatalogueCache,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
    @InjectQueue(QUEUES.search) private readonly searchQueue: Queue,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === MAINTENANCE_JOBS.refreshAggregates) return this.refresh();
    if (job.name === MAINTENANCE_JOBS.deleteBusinesses) return this.deleteBusinesses(job);
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
   * Deletes in batches, each statement its own transaction (one delete of a million rows would hold its
   * locks and the search outbox's million ids in one transaction, and report nothing until the end). A
   * retried attempt goes on with what is left and counts what the earlier one deleted. An admin's cancel
   * stops it between batches: the committed batches stay deleted, the progress and the failure reason say
   * exactly how many, and the public counts are refreshed for them.
   */
  private async deleteBusinesses(job: Job<DeleteBusinessesJobData>): Promise<DeleteBusinessesResult> {
    const { scope, batchSize = DELETE_BATCH_SIZE } = job.data;
    const { where, params } = businessDeleteFilter(scope);
    const em = this.orm.em.fork();
    const earlier = (job.progress as Partial<DeleteBusinessesProgress> | undefined)?.rowsDone ?? 0;
    const [{ remaining }] = await em.execute<{ remaining: number }[]>(
      `select count(*)::int as remaining from businesses where ${where}`,
      params,
    );
    const rowsTotal = earlier + remaining;
    let rowsDone = earlier;
    const report = (phase: DeleteBusinessesProgress['phase']) =>
      job.updateProgress({ rowsDone, rowsTotal, phase, at: Date.now() } satisfies DeleteBusinessesProgress);
    const controller = new AbortController();
    const stopWatching = watchJob(controller, {
      cancelKey: deleteBusinessesCancelKey(this.config.REDIS_PREFIX, String(job.id)),
      cancelMessage: 'cancelled',
      deadline: Number.MAX_SAFE_INTEGER,
      timeoutMessage: '',
      redis: () => this.worker.getBackend().client,
      logger: this.logger,
    });
    try {
      await report('deleting');
      for (;;) {
        const [{ count }] = await em.execute<{ count: number }[]>(
          `with gone as (delete from businesses where id in (select id from businesses where ${where} limit ?) returning 1)
           select count(*)::int as count from gone`,
          [...params, batchSize],
        );
        rowsDone += count;
        if (count < batchSize) break;
        if (controller.signal.aborted) {
          await report('cancelled');
          if (rowsDone > earlier) await this.refresh();
          this.logger.log(`Delete cancelled after ${rowsDone} of ${rowsTotal} businesses (${JSON.stringify(scope)}).`);
          throw new UnrecoverableError(deleteCancelledMessage(rowsDone, rowsTotal));
        }
        await report('deleting');
      }
    } finally {
      stopWatching();
    }
    await report('refreshing');
    await this.refresh();
    await report('done');
    this.logger.log(`Deleted ${rowsDone} businesses (${JSON.stringify(scope)}).`);
    return deleteBusinessesResult(scope, rowsDone);
  }
}
