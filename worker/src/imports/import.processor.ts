import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import type pg from 'pg';
import {
  type BatchUploadResult,
  batchResultFromStored,
  batchUploadResult,
  existingUploadPath,
  failedUploadReport,
  IMPORT_JOBS,
  IMPORT_TIMEOUT_MS,
  importCancelKey,
  importFile,
  ImportFileError,
  type ImportJobData,
  type ImportJobProgress,
  loadConfig,
  requestAggregatesRefresh,
  QUEUES,
  requestSitemapRegeneration,
  storedUploadReport,
  type StoredUploadReport,
  UploadIdError,
  uploadPath,
  uploadsDir as uploadsFolder,
  cancelOnAbort,
  IMPORT_JOB_ID_PATTERN,
  importProblemsDir,
  importProblemsPath,
  ProblemFile,
} from '@directory/core';
import { IMPORT_POOL } from './import-pool.js';
import { type JobWatch, watchJob } from './job-watch.js';

/** Read when the module loads: the @Processor options (lock and stalled check) need it then. */
const config = loadConfig();
/** Uploads left behind (failed or cancelled imports kept for a retry) are removed after this long. */
export const UPLOAD_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** The problems CSV of an import is kept as long as BullMQ keeps a failed job (30 days). */
export const PROBLEMS_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Progress goes to Redis (and on to the admin's browser) at most this often, plus at every phase change. */
export const PROGRESS_EVERY_MS = 250;

/**
 * Imports one uploaded spreadsheet per job (admin spec §3, §4), one job at a time: the whole file is one
 * transaction, so a bad file, a cancel, a timeout or a crash leaves the database as it was, and the retry
 * (BullMQ's back-off, or the stalled-job recovery after a crash) starts clean. The upload report is stored
 * in that same transaction: a job that committed is never imported twice.
 */
@Processor(QUEUES.import, {
  concurrency: 1,
  lockDuration: config.JOB_LOCK_MS,
  stalledInterval: config.JOB_STALLED_CHECK_MS,
  // A file that kills the worker twice is failed rather than retried for ever.
  maxStalledCount: 2,
})
export class ImportProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Import');
  private readonly running = new Set<AbortController>();

  constructor(
    @Inject(IMPORT_POOL) private readonly pool: pg.Pool,
    @InjectQueue(QUEUES.maintenance) private readonly maintenance: Queue,
    @InjectQueue(QUEUES.sitemaps) private readonly sitemaps: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await removeOldUploads().catch((error: Error) =>
      this.logger.warn(`Could not remove old uploads: ${error.message}`),
    );
    await removeOldFiles(importProblemsDir(config.DATA_DIR), PROBLEMS_RETENTION_MS).catch((error: Error) =>
      this.logger.warn(`Could not remove old import problem files: ${error.message}`),
    );
    await removeOldTempFiles().catch((error: Error) =>
      this.logger.warn(`Could not remove old temporary import files: ${error.message}`),
    );
  }

  /** A stopping worker gives its import back: rolled back now, run again by the next worker. */
  beforeApplicationShutdown(): void {
    for (const controller of this.running) {
      controller.abort(new Error('The worker stopped during the import; it runs again when a worker is available.'));
    }
  }

  async process(job: Job<ImportJobData>): Promise<BatchUploadResult> {
    if (job.name !== IMPORT_JOBS.import) throw new UnrecoverableError(`Unknown import job "${job.name}".`);
    const data = job.data;
    const jobId = String(job.id);
    const started = Date.now();

    const committed = await this.committedResult(jobId);
    if (committed) return committed;
    const { path, tempDir } = await uploadToRead(data);

    const controller = new AbortController();
    const client = await this.pool.connect();
    const stopWatching = this.watch(jobId, controller, client);
    this.running.add(controller);
    let lastProgress = 0;
    let lastPhase = '';
    const progress = async (value: ImportJobProgress) => {
      const now = Date.now();
      if (value.phase === lastPhase && now - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = now;
      lastPhase = value.phase;
      // `at`: when the worker sent it (the benchmark measures how long it takes to reach the browser).
      await job.updateProgress({ ...value, at: now });
    };
    let reportId = 0;
    let broken = false;
    // Jobs the api queued are named import-<uuid>; only those have a downloadable problems file.
    let problems: ProblemFile | undefined;
    try {
      if (IMPORT_JOB_ID_PATTERN.test(jobId))
        problems = await ProblemFile.create(importProblemsPath(config.DATA_DIR, jobId));
      await progress({ rowsDone: 0, phase: 'reading' });
      const report = await importFile(path, client, {
        batchSize: data.batchSize,
        read: { tempDir },
        signal: controller.signal,
        onProgress: progress,
        problems,
        mapping: data.mapping,
        beforeCommit: async (report) => {
          await problems?.finish();
          const stored = storedUploadReport(report, { ...data, jobId, processingTimeSeconds: seconds(started) });
          const { rows } = await client.query<{ id: string }>(
            'insert into upload_reports (file_name, job_id, report) values ($1, $2, $3) returning id',
            [data.fileName, jobId, stored],
          );
          reportId = Number(rows[0].id);
        },
      });
      const result = {
        ...batchUploadResult(report, { ...data, jobId, processingTimeSeconds: seconds(started) }),
        reportId,
      };
      this.logger.log(result.message);
      if (result.successCount > 0) await this.afterWrite();
      return result;
    } catch (error) {
      await problems?.discard().catch(() => undefined);
      if (controller.signal.aborted) {
        broken = true;
        const reason = (controller.signal.reason as Error).message;
        // A stopping worker's import is retried; a cancel or a timeout is final until an admin retries it.
        if (reason.startsWith('The worker stopped')) throw new Error(reason, { cause: error });
        throw new UnrecoverableError(reason);
      }
      if (error instanceof ImportFileError) {
        await this.storeFailure(data, jobId, started, error.message);
        // A bad file stays bad: it is not retried, and not kept.
        await rm(path, { force: true });
        throw new UnrecoverableError(error.message);
      }
      broken = true;
      throw error;
    } finally {
      stopWatching();
      this.running.delete(controller);
      // A connection that was (or may yet be) interrupted mid-statement is not reused.
      client.release(broken || controller.signal.aborted);
    }
  }

  /** The upload is removed once BullMQ recorded the job as completed (a retry before that still needs it). */
  @OnWorkerEvent('completed')
  async onCompleted(job: Job<ImportJobData>): Promise<void> {
    if (job.name !== IMPORT_JOBS.import) return;
    try {
      await rm(uploadPath(config.DATA_DIR, job.data.uploadId), { force: true });
    } catch {
      // A job without an upload id had nothing of its own to remove.
    }
  }

  /** The result of an earlier attempt of this job that committed (the worker died before the job was marked done). */
  private async committedResult(jobId: string): Promise<BatchUploadResult | null> {
    const { rows } = await this.pool.query<{ id: string; report: StoredUploadReport }>(
      `select id, report from upload_reports where job_id = $1 and report ? 'results' order by id desc limit 1`,
      [jobId],
    );
    return rows.length ? batchResultFromStored(rows[0].report, Number(rows[0].id)) : null;
  }

  private async storeFailure(data: ImportJobData, jobId: string, started: number, error: string): Promise<void> {
    const report = failedUploadReport({ ...data, jobId, processingTimeSeconds: seconds(started), error });
    await this.pool
      .query('insert into upload_reports (file_name, job_id, report) values ($1, $2, $3)', [
        data.fileName,
        jobId,
        report,
      ])
      .catch((e: Error) => this.logger.warn(`Could not store the failed upload report: ${e.message}`));
  }

  private watch(jobId: string, controller: AbortController, client: pg.PoolClient): () => void {
    return watchImport(this.pool, client, controller, jobId, () => this.worker.getBackend().client, this.logger);
  }

  /**
   * After rows were written: the public counts and the sitemaps follow (debounced: imports within a minute
   * share one regeneration, core's requestSitemapRegeneration); the search index syncs by itself.
   */
  private async afterWrite(): Promise<void> {
    try {
      await requestAggregatesRefresh(this.maintenance);
      await requestSitemapRegeneration(this.sitemaps);
    } catch (error) {
      this.logger.warn(`Could not request the refresh after an import: ${(error as Error).message}`);
    }
  }
}

/**
 * The upload a job names and the folder its read keeps temporary files in (made). The job names an upload by
 * id; anything else fails here, unrecoverably, before a file is read or removed.
 */
export async function uploadToRead(data: { uploadId: string; fileName: string }) {
  let path: string;
  try {
    path = await existingUploadPath(config.DATA_DIR, data.uploadId, String(data.fileName));
  } catch (error) {
    if (error instanceof UploadIdError) throw new UnrecoverableError(error.message);
    throw error;
  }
  const tempDir = importTempDir();
  await mkdir(tempDir, { recursive: true });
  return { path, tempDir };
}

/**
 * Aborts an import (or a preview) when an admin asked to cancel it (a Redis flag set by the api) or when it ran
 * past its deadline, and interrupts the statement in flight so that the abort does not wait for it.
 */
export function watchImport(
  pool: pg.Pool,
  client: pg.PoolClient,
  controller: AbortController,
  jobId: string,
  redis: JobWatch['redis'],
  logger: Logger,
): () => void {
  cancelOnAbort(pool, client, controller.signal);
  return watchJob(controller, {
    cancelKey: importCancelKey(config.REDIS_PREFIX, jobId),
    cancelMessage: 'The import was cancelled by an administrator; nothing from the file was written.',
    deadline: Date.now() + IMPORT_TIMEOUT_MS,
    timeoutMessage: `The import took longer than ${IMPORT_TIMEOUT_MS / 3_600_000} hours and was stopped; nothing from the file was written. Split the file and upload the parts.`,
    redis,
    logger,
  });
}

const seconds = (since: number) => Math.round((Date.now() - since) / 10) / 100;

/** The folder the api streams uploads into (DATA_DIR/uploads). */
export const uploadsDir = () => uploadsFolder(config.DATA_DIR);

/**
 * Where imports keep their temporary files (the shared strings of a workbook, each import in a folder of its
 * own, removed when its read ends): under DATA_DIR, next to the uploads, so that a worker that died mid-import
 * can sweep what it left at its next start.
 */
export const importTempDir = () => resolve(config.DATA_DIR, 'tmp', 'imports');

/** Temporary folders older than any import can run were left by a worker that died; the others are in use. */
async function removeOldTempFiles(): Promise<void> {
  const dir = importTempDir();
  const names = await readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - IMPORT_TIMEOUT_MS;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(path, { recursive: true, force: true });
  }
}

async function removeOldUploads(): Promise<void> {
  await removeOldFiles(uploadsDir(), UPLOAD_RETENTION_MS);
}

async function removeOldFiles(dir: string, retentionMs: number): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  const cutoff = Date.now() - retentionMs;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && info.mtimeMs < cutoff) await rm(path, { force: true });
  }
}
