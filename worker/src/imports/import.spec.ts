import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Job, Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import {
  type BatchUploadResult,
  importCancelKey,
  loadConfig,
  type ImportJobProgress,
  QUEUES,
  SITEMAP_JOBS,
  SITEMAPS_DEDUPLICATION_ID,
  SKIP_REASONS,
} from '@directory/core';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';
import { csvOf, eventually, holdPlaceId, importIsWaitingForLock, queueImport, uploadOf } from './import-testing.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

describe('import jobs (real PostgreSQL, Redis and worker module)', () => {
  let harness: WorkerHarness;
  let database: WorkerHarness['database'];
  let dataDir: string;
  let queue: Queue;
  let sitemaps: Queue;
  let events: QueueEvents;
  let db: pg.Client;
  /** The sitemap regenerations waiting (not the daily schedule's run). */
  const pendingSitemaps = async () => (await sitemaps.getDelayed()).filter((job) => !job.repeatJobKey);
  const count = async (where = 'true') =>
    Number((await db.query(`select count(*)::int as n from businesses where ${where}`)).rows[0].n);
  const progressOf = new Map<string, ImportJobProgress[]>();

  beforeAll(async () => {
    harness = await createWorkerHarness({ dataDirPrefix: 'import-jobs-' });
    ({ database } = harness);
    dataDir = harness.dataDir!;
    await harness.start();
    queue = harness.queue(QUEUES.import);
    sitemaps = harness.queue(QUEUES.sitemaps);
    events = await harness.events(QUEUES.import);
    events.on('progress', ({ jobId, data }) => {
      progressOf.set(jobId, [...(progressOf.get(jobId) ?? []), data as ImportJobProgress]);
    });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await harness?.close();
  });

  it('imports a real file: rows, progress, stored report, public counts refreshed, upload removed', async () => {
    const job = await queueImport(queue, dataDir, { copyFrom: join(REAL, 'us_al_churches.csv') }, 'churches.csv', {
      jobId: 'import-churches',
      batchSize: 100,
    });
    const result: BatchUploadResult = await job.waitUntilFinished(events, 60_000);
    expect(result).toMatchObject({
      success: true,
      jobId: 'import-churches',
      fileName: 'churches.csv',
      totalRows: 328,
      successCount: 237,
      insertedCount: 237,
      updatedCount: 0,
      skippedCount: 91,
      errorCount: 0,
      columnExtraction: { totalColumns: 23 },
      duplicateAnalysis: {
        totalRecords: 328,
        recordsWithPlaceId: 328,
        excelDuplicateCount: 91,
        databaseDuplicateCount: 0,
        newPlaceIdCount: 237,
        newPlaceIdRate: 100,
      },
    });
    // A repeat within a batch loses to the later row; a repeat in a later batch finds its twin already stored.
    expect(result.skippedBusinesses).toHaveLength(91);
    expect(
      result.skippedBusinesses.every((s) =>
        ([SKIP_REASONS.laterDuplicate, SKIP_REASONS.unchanged] as string[]).includes(s.reason),
      ),
    ).toBe(true);
    expect(await count()).toBe(237);

    const phases = (progressOf.get('import-churches') ?? []).map((p) => p.phase);
    expect(phases[0]).toBe('reading');
    expect(phases).toContain('writing');
    expect(phases.at(-1)).toBe('done');

    const { rows } = await db.query(
      `select id, file_name, report from upload_reports where job_id = 'import-churches'`,
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].id)).toBe(result.reportId);
    expect(rows[0].report).toMatchObject({
      success: true,
      summary: { fileName: 'churches.csv', totalRecords: 328 },
      results: { updated: 237, inserted: 237, skipped: 91, errors: 0 },
      duplicateAnalysis: { excelDuplicateCount: 91, uniquePlaceIds: 237, totalDuplicateRecords: 91 },
    });

    await eventually(async () => !existsSync(uploadOf(dataDir, job)), 'the upload was removed after the import');
    await eventually(
      async () => (await db.query('select count(*)::int as n from category_stats')).rows[0].n > 0,
      'the aggregate refresh requested by the import ran',
    );
    // The sitemaps follow through core's debounced request (one pending regeneration for every import).
    const pending = await pendingSitemaps();
    expect(pending.map((job) => [job.name, job.opts.deduplication?.id])).toEqual([
      [SITEMAP_JOBS.generate, SITEMAPS_DEDUPLICATION_ID],
    ]);
  });

  it('re-importing the same file changes nothing and reports every row as skipped', async () => {
    const before = await count();
    const job = await queueImport(queue, dataDir, { copyFrom: join(REAL, 'us_al_churches.csv') }, 'again.csv', {
      jobId: 'import-churches-again',
    });
    const result: BatchUploadResult = await job.waitUntilFinished(events, 60_000);
    expect(result).toMatchObject({ totalRows: 328, successCount: 0, insertedCount: 0, skippedCount: 328 });
    expect(result.duplicateAnalysis).toMatchObject({ databaseDuplicateCount: 237, newPlaceIdCount: 0 });
    expect(result.skippedBusinesses.filter((s) => s.reason === SKIP_REASONS.unchanged)).toHaveLength(237);
    expect(await count()).toBe(before);
  });

  it('fails a bad file at once with its reason, stores a failed report and removes the file', async () => {
    const before = await count();
    const job = await queueImport(queue, dataDir, { content: 'foo,bar\n1,2\n' }, 'wrong.csv', {
      jobId: 'import-wrong-columns',
      attempts: 3,
    });
    await expect(job.waitUntilFinished(events, 60_000)).rejects.toThrow(
      'No "name" column was found; the header row has: foo, bar.',
    );
    const failed = (await queue.getJob('import-wrong-columns')) as Job;
    expect(failed.attemptsMade).toBe(1);
    expect(existsSync(uploadOf(dataDir, job))).toBe(false);
    const { rows } = await db.query(`select report from upload_reports where job_id = 'import-wrong-columns'`);
    expect(rows[0].report).toMatchObject({
      success: false,
      error: 'No "name" column was found; the header row has: foo, bar.',
    });
    expect(await count()).toBe(before);
  });

  it('cancels a running import (nothing of it stays) and runs it again on retry', async () => {
    const before = await count();
    const held = await holdPlaceId(database.url, 'cancel-1500');
    const job = await queueImport(queue, dataDir, { content: csvOf(3000, 'cancel', 20) }, 'cancel.csv', {
      jobId: 'import-cancel',
      batchSize: 100,
    });
    await eventually(() => importIsWaitingForLock(db), 'the import reached the held row');
    await eventually(
      async () => (progressOf.get('import-cancel') ?? []).some((p) => p.phase === 'writing' && p.rowsDone > 0),
      'the progress of the first batches arrived',
    );

    const redis = await queue.getBackend().client;
    await redis.set(importCancelKey(loadConfig().REDIS_PREFIX, 'import-cancel'), '1');
    await expect(job.waitUntilFinished(events, 60_000)).rejects.toThrow(
      'The import was cancelled by an administrator; nothing from the file was written.',
    );
    await held.release();
    expect(await count()).toBe(before);
    expect((await queue.getJob('import-cancel'))?.attemptsMade).toBe(1);
    expect(existsSync(uploadOf(dataDir, job))).toBe(true);

    const sitemapsBefore = (await pendingSitemaps()).map((job) => job.id);
    await (await queue.getJob('import-cancel'))!.retry('failed');
    const result: BatchUploadResult = await job.waitUntilFinished(events, 60_000);
    expect(result).toMatchObject({ totalRows: 3020, insertedCount: 3020 });
    expect(await count(`place_id like 'cancel-%' or name like 'cancel No Id%'`)).toBe(3020);
    // A second import within the debounce window joins the pending regeneration.
    expect((await pendingSitemaps()).map((job) => job.id)).toEqual(sitemapsBefore);
  });

  it('answers with the stored result when an earlier attempt committed but died before the job was marked done', async () => {
    const first = await queueImport(queue, dataDir, { content: csvOf(5, 'once') }, 'once.csv', {
      jobId: 'import-once',
    });
    const result: BatchUploadResult = await first.waitUntilFinished(events, 60_000);
    // The same job id queued again stands for the retry BullMQ would make after such a crash.
    await first.remove();
    const again = await queueImport(queue, dataDir, { content: csvOf(5, 'once') }, 'once.csv', {
      jobId: 'import-once',
    });
    const replayed: BatchUploadResult = await again.waitUntilFinished(events, 60_000);
    expect(replayed).toMatchObject({
      insertedCount: 5,
      totalRows: 5,
      reportId: result.reportId,
      duplicateAnalysis: result.duplicateAnalysis,
      columnExtraction: result.columnExtraction,
    });
    expect(
      (await db.query(`select count(*)::int as n from upload_reports where job_id = 'import-once'`)).rows[0].n,
    ).toBe(1);
  });

  it('fails an unknown job with a sentence', async () => {
    const job = await queue.add('no-such-job', {}, { attempts: 1 });
    await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow('Unknown import job "no-such-job".');
  });
});
