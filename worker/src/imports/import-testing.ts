import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Queue } from 'bullmq';
import { IMPORT_JOBS, type ImportJobData, newUploadId, uploadPath } from '@directory/core';

/* Helpers of the import suites (worker and api): real files, real queue, real PostgreSQL locks. */

/** A CSV of `n` businesses with place ids `${prefix}-1` …, plus `withoutId` rows without one. */
export function csvOf(n: number, prefix: string, withoutId = 0): string {
  let text = 'name,place_id,full_address,city,country_code,rating\n';
  for (let i = 1; i <= n; i++)
    text += `${prefix} Business ${i},${prefix}-${i},${i} Main St,Springfield,US,4.${i % 10}\n`;
  for (let i = 1; i <= withoutId; i++) text += `${prefix} No Id ${i},,${i} Side St,Springfield,US,3\n`;
  return text;
}

/** Puts a file where the api would have streamed it (under a new upload id) and queues its import as the api does. */
export async function queueImport(
  queue: Queue,
  dataDir: string,
  source: { copyFrom: string } | { content: string | Buffer },
  fileName: string,
  options: { jobId: string; batchSize?: number; attempts?: number },
) {
  const dir = join(dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const uploadId = newUploadId(fileName);
  const path = join(dir, uploadId);
  if ('copyFrom' in source) await copyFile(source.copyFrom, path);
  else await writeFile(path, source.content);
  const data: ImportJobData = {
    uploadId,
    fileName,
    fileSize: 1,
    batchSize: options.batchSize ?? 500,
    uploadedBy: 'test',
  };
  return queue.add(IMPORT_JOBS.import, data, {
    jobId: options.jobId,
    attempts: options.attempts ?? 3,
    backoff: { type: 'fixed', delay: 100 },
  });
}

/** Where the upload of an import job is (the test's DATA_DIR). */
export const uploadOf = (dataDir: string, job: { data: ImportJobData }) => uploadPath(dataDir, job.data.uploadId);

/**
 * Holds an uncommitted business with this place id: an import writing the same place id waits for it,
 * which stops the import in the middle of its file without any timing (rolled back by `release`).
 */
export async function holdPlaceId(databaseUrl: string, placeId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(`insert into businesses (name, slug, place_id) values ('Held', $1, $2)`, [
    `held-${placeId}`,
    placeId,
  ]);
  return {
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Polls until `check` holds (the worker runs in its own time); fails with `what` after a generous limit. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** True while some session of this database waits for a lock (the import blocked by holdPlaceId). */
export async function importIsWaitingForLock(db: pg.ClientBase): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
       and query ilike '%insert into businesses%'`,
  );
  return rows.length > 0;
}
