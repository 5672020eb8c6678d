import type { ChildProcess } from 'node:child_process';
import { linkSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import {
  type BatchUploadResult,
  bullConnection,
  IMPORT_JOBS,
  type ImportJobData,
  newUploadId,
  QUEUES,
  refreshAggregates,
} from '@directory/core';
import { createSearchEngine, drainOutbox } from '@directory/search';
import { startProcess, stopProcess } from '../http.js';
import { log, step } from '../part.js';
import { generatedCsv } from '../pipeline/files.js';
import { round } from '../stats.js';
import { describeRun, type Api } from './api.js';
import { load } from './http-load.js';
import type { PublicResult } from './report.js';

/** What the import run takes from the public bench's run. */
export interface ImportRun {
  options: { importRows: number; durationSeconds: number };
  loadLevel: number;
  tmp: string;
  dataDir: string;
  children: { add(child: ChildProcess): unknown; delete(child: ChildProcess): unknown };
}

/**
 * The worker runs; first the mix at the load level with the worker idle (the baseline), then an import is
 * queued as the upload call queues it and the same mix runs until the job completes. Afterwards the imported
 * rows are deleted (the database must keep exactly N businesses to be reused) and the counts refreshed.
 */
export async function importUnderLoad(
  run: ImportRun,
  api: Api,
  pool: pg.Pool,
  engine: ReturnType<typeof createSearchEngine>,
  env: NodeJS.ProcessEnv,
  bull: ReturnType<typeof bullConnection>,
  mixPaths: string[],
): Promise<NonNullable<PublicResult['import']>> {
  const { options, loadLevel: LOAD_LEVEL, tmp: TMP, dataDir: DATA_DIR, children } = run;
  const csv = await generatedCsv(TMP, options.importRows, log);
  const { rows } = await pool.query<{ max: string }>('select coalesce(max(id), 0) as max from businesses');
  const maxId = rows[0].max;
  const queue = new Queue(QUEUES.import, bull);
  const events = new QueueEvents(QUEUES.import, bull);
  const others = [QUEUES.sitemaps, QUEUES.search, QUEUES.maintenance].map((name) => new Queue(name, bull));
  const worker = startProcess('worker/dist/main.js', env, 'worker');
  children.add(worker);
  try {
    await events.waitUntilReady();
    const deadline = Date.now() + 180_000;
    const busy = async () => (await Promise.all(others.map((q) => q.getActiveCount()))).some((n) => n > 0);
    while ((await queue.getWorkersCount()) === 0 || (await busy())) {
      if (Date.now() > deadline || worker.exitCode !== null)
        throw new Error('The worker did not start (or finish its start-up jobs) within 3 min.');
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const window = Math.max(options.durationSeconds, 10);
    const idle = await load(api.base, mixPaths, LOAD_LEVEL, window, { metrics: api.metrics });
    log(`  idle (worker running, no job), ${window} s: ${describeRun(idle)}`);

    mkdirSync(join(DATA_DIR, 'uploads'), { recursive: true });
    const uploadId = newUploadId(csv);
    const upload = join(DATA_DIR, 'uploads', uploadId);
    linkSync(csv, upload); // the worker removes its upload once imported; the generated file stays
    const data: ImportJobData = {
      uploadId,
      fileName: 'bench-public.csv',
      fileSize: statSync(csv).size,
      batchSize: 2000,
      uploadedBy: 'bench',
    };
    let stop: () => void = () => undefined;
    const started = performance.now();
    const job = await queue.add(IMPORT_JOBS.import, data, { jobId: `bench-public-${Date.now()}`, attempts: 1 });
    const finished = job.waitUntilFinished(events, 3600_000) as Promise<BatchUploadResult>;
    let importMs = 0;
    let result: BatchUploadResult | null = null;
    let failure: string | null = null;
    void finished.then(
      (r) => {
        result = r;
        importMs = performance.now() - started;
        stop();
      },
      (error: Error) => {
        failure = error.message;
        importMs = performance.now() - started;
        stop();
      },
    );
    const during = await load(api.base, mixPaths, LOAD_LEVEL, 3600, {
      metrics: api.metrics,
      onStart: (s) => (stop = s),
    });
    await finished.catch(() => undefined);
    const done = result as BatchUploadResult | null;
    log(
      `  during the import (${round(importMs / 1000, 1)} s${failure ? `, FAILED: ${failure}` : ''}): ${describeRun(during)}` +
        (done ? `; ${done.totalRows} rows, ${done.insertedCount} new, ${done.updatedCount} changed` : ''),
    );

    // The import's commit invalidated the cached answers: the seconds after it refill the cache.
    const after = await load(api.base, mixPaths, LOAD_LEVEL, window, { metrics: api.metrics });
    log(`  the ${window} s after it (cache invalidated by the import): ${describeRun(after)}`);

    step('undo the import (delete its rows, refresh the counts, drain the search outbox)');
    await stopProcess(worker);
    children.delete(worker);
    const deleted = await pool.query('delete from businesses where id > $1', [maxId]);
    await refreshAggregates(pool);
    await drainOutbox(pool, engine);
    log(`  ${deleted.rowCount} rows deleted`);
    return {
      rows: options.importRows,
      inserted: done?.insertedCount ?? null,
      updated: done?.updatedCount ?? null,
      failure,
      importMs: round(importMs, 0),
      idle,
      during,
      after,
    };
  } finally {
    await stopProcess(worker);
    children.delete(worker);
    await events.close();
    for (const q of [queue, ...others]) await q.close();
  }
}
