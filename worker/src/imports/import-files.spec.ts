import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job, Queue, QueueEvents } from 'bullmq';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { type BatchUploadResult, IMPORT_JOBS, importCancelKey, loadConfig, QUEUES } from '@directory/core';
import { forgedBombOf, openFiles } from '../../../testing/zip.js';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';
import { eventually, holdPlaceId, importIsWaitingForLock, queueImport, uploadOf } from './import-testing.js';

const UUID = '123e4567-e89b-42d3-a456-426614174000';

/** A workbook of `n` businesses with place ids `${prefix}-1` … (text cells, so it has shared strings). */
async function workbookOf(n: number, prefix: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Businesses');
  sheet.addRow(['name', 'place_id', 'full_address', 'city', 'country_code']);
  for (let i = 1; i <= n; i++)
    sheet.addRow([`${prefix} Business ${i}`, `${prefix}-${i}`, `${i} Main St`, 'Springfield', 'US']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('import jobs name their upload by id; reads leave no file behind (real worker)', () => {
  let harness: WorkerHarness;
  let dataDir: string;
  let queue: Queue;
  let events: QueueEvents;
  let db: pg.Client;
  /** A file outside the uploads folder that no job may read or remove. */
  let outside: string;
  /** A file inside the uploads folder whose name is not an upload id. */
  let stray: string;

  /** The worker's folder for temporary import files (import.processor.ts's importTempDir, for this DATA_DIR). */
  const importTempDir = () => join(dataDir, 'tmp', 'imports');

  /** The worker holds no file of DATA_DIR open and its temporary folder for imports is empty. */
  const leavesNothingBehind = () =>
    eventually(async () => {
      const held = (await openFiles()).filter((path) => path.startsWith(dataDir));
      const temp = await readdir(importTempDir()).catch(() => []);
      return held.length === 0 && temp.length === 0;
    }, 'the worker closed its files and removed its temporary ones');

  beforeAll(async () => {
    harness = await createWorkerHarness({ dataDirPrefix: 'import-files-' });
    dataDir = harness.dataDir!;
    await harness.start();
    queue = harness.queue(QUEUES.import);
    events = await harness.events(QUEUES.import);
    db = new pg.Client({ connectionString: harness.database.url });
    await db.connect();
    outside = join(dataDir, 'outside.csv');
    await writeFile(outside, 'name,place_id\nOutside,outside-1\n');
    await mkdir(join(dataDir, 'uploads'), { recursive: true });
    stray = join(dataDir, 'uploads', 'notes.csv');
    await writeFile(stray, 'name,place_id\nStray,stray-1\n');
  });

  afterAll(async () => {
    await db?.end();
    await harness?.close();
  });

  it.each([
    ['a relative path out of the folder', '../outside.csv', 'not an upload id'],
    ['a path up to /etc/passwd', '../../../../../../../../etc/passwd', 'not an upload id'],
    ['an absolute path', 'ABSOLUTE', 'not an upload id'],
    ['a file of the folder that is not an upload', 'notes.csv', 'not an upload id'],
    ['an id with a separator', `${UUID}.csv/../../outside.csv`, 'not an upload id'],
    ['an upload id with no file', `${UUID}.csv`, 'is no longer on the server'],
    ['no upload id but a path (the old contract)', null, 'not an upload id'],
  ])('fails a job naming %s, unretried, and reads or removes nothing', async (_what, named, reason) => {
    const jobId = `import-bad-${Math.random().toString(36).slice(2)}`;
    const data =
      named === null
        ? { path: outside, fileName: 'old.csv', fileSize: 1, batchSize: 100, uploadedBy: 'test' }
        : {
            uploadId: named === 'ABSOLUTE' ? outside : named,
            fileName: 'bad.csv',
            fileSize: 1,
            batchSize: 100,
            uploadedBy: 'test',
          };
    const job = await queue.add(IMPORT_JOBS.import, data, {
      jobId,
      attempts: 3,
      backoff: { type: 'fixed', delay: 10 },
    });
    await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow(reason);
    const failed = (await queue.getJob(jobId)) as Job;
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toMatch(/^The .* again\.$/);
    expect(existsSync(outside)).toBe(true);
    expect(existsSync(stray)).toBe(true);
    const { rows } = await db.query(
      `select count(*)::int as n from businesses where place_id in ('outside-1', 'stray-1')`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('imports a workbook, then refuses a forged zip bomb, leaving no temporary or open file', async () => {
    const ok = await queueImport(queue, dataDir, { content: await workbookOf(50, 'book') }, 'book.xlsx', {
      jobId: 'import-book',
    });
    const result: BatchUploadResult = await ok.waitUntilFinished(events, 60_000);
    expect(result).toMatchObject({ totalRows: 50, insertedCount: 50 });
    await eventually(async () => !existsSync(uploadOf(dataDir, ok)), 'the upload was removed after the import');
    await leavesNothingBehind();

    const bomb = await queueImport(queue, dataDir, { content: forgedBombOf(64 * 1024 * 1024) }, 'bomb.xlsx', {
      jobId: 'import-bomb',
    });
    await expect(bomb.waitUntilFinished(events, 60_000)).rejects.toThrow(
      'The workbook is refused: its part "xl/sharedStrings.xml" expands beyond the 100 bytes its zip directory declares, which only a forged file does (a zip bomb).',
    );
    expect(((await queue.getJob('import-bomb')) as Job).attemptsMade).toBe(1);
    expect(existsSync(uploadOf(dataDir, bomb))).toBe(false);
    await leavesNothingBehind();
  });

  it('removes the temporary files of a cancelled workbook import and closes the upload', async () => {
    const held = await holdPlaceId(harness.database.url, 'xcancel-1500');
    try {
      const job = await queueImport(queue, dataDir, { content: await workbookOf(3000, 'xcancel') }, 'cancel.xlsx', {
        jobId: 'import-xlsx-cancel',
        batchSize: 100,
      });
      await eventually(() => importIsWaitingForLock(db), 'the import reached the held row');
      // Mid-read, the shared strings sit in the import's temporary folder and the upload is open.
      expect(await readdir(importTempDir())).toHaveLength(1);
      expect(await openFiles()).toContain(uploadOf(dataDir, job));

      const redis = await queue.getBackend().client;
      await redis.set(importCancelKey(loadConfig().REDIS_PREFIX, 'import-xlsx-cancel'), '1');
      await expect(job.waitUntilFinished(events, 60_000)).rejects.toThrow(
        'The import was cancelled by an administrator; nothing from the file was written.',
      );
      // Kept for a retry, but neither open nor copied anywhere.
      expect(existsSync(uploadOf(dataDir, job))).toBe(true);
      await leavesNothingBehind();
    } finally {
      await held.release();
    }
  });
});
