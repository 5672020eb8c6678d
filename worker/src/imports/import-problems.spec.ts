import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queue, QueueEvents } from 'bullmq';
import {
  type BatchUploadResult,
  IMPORT_PROBLEM_LABELS,
  IMPORT_PROBLEM_REASONS,
  importProblemsPath,
  QUEUES,
} from '@directory/core';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';
import { queueImport } from './import-testing.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

/** Reads the problems CSV back: BOM, CRLF, RFC 4180 quotes (no line breaks in these cells). */
async function problemRows(path: string): Promise<string[][]> {
  const text = await readFile(path, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  return lines.map((line) => {
    const cells: string[] = [];
    for (const match of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) {
      cells.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : match[2]);
    }
    return cells;
  });
}

describe('import problem rows: every one in a CSV with its Turkish reason, counted by kind (real worker)', () => {
  let harness: WorkerHarness;
  let dataDir: string;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    harness = await createWorkerHarness({ dataDirPrefix: 'import-problems-' });
    dataDir = harness.dataDir!;
    await harness.start();
    queue = harness.queue(QUEUES.import);
    events = await harness.events(QUEUES.import);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('writes each problem with its row number, kind, reason and the original cells; counts match', async () => {
    const csv =
      'name,place_id,full_address,category,rating,phone\n' +
      'Good One,p-1,1 Main St,Bakery,4.5,+1 555\n' + // row 2: fine
      ',p-2,2 Main St,Bakery,4,+1 556\n' + // row 3: no name
      'Springfield,p-3,Springfield,,,\n' + // row 4: a town, not a business
      'Twice,p-4,4 Main St,Bakery,4,+1 557\n' + // row 5: a later row has p-4
      'Twice again,p-4,4 Main St,Bakery,4,+1 557\n' + // row 6: kept
      'Bad Rating,p-5,"5 Main St, Floor 2",Bakery,9,=1+2\n'; // row 7: rating out of range, imported
    const jobId = 'import-11111111-2222-4333-8444-555555555555';
    const job = await queueImport(queue, dataDir, { content: csv }, 'problems.csv', { jobId });
    const result: BatchUploadResult = await job.waitUntilFinished(events, 60_000);
    expect(result.problemCounts).toEqual({ 'name-empty': 1, 'not-a-business': 1, 'duplicate-in-file': 1, rating: 1 });
    expect(result.problemsUrl).toBe(`/api/admin/imports/${jobId}/problems`);
    expect(result.problemCount).toBe(4);

    const path = importProblemsPath(dataDir, jobId);
    expect(existsSync(`${path}.part`)).toBe(false);
    const [header, ...rows] = await problemRows(path);
    expect(header).toEqual([
      'Satır',
      'Sorun',
      'Açıklama',
      'Sütun',
      'Okunan değer',
      'name',
      'place_id',
      'full_address',
      'category',
      'rating',
      'phone',
    ]);
    const byRow = new Map(rows.map((row) => [row[0], row]));
    expect(rows).toHaveLength(4);
    expect(byRow.get('3')).toEqual([
      '3',
      IMPORT_PROBLEM_LABELS['name-empty'],
      IMPORT_PROBLEM_REASONS['name-empty'],
      '',
      '',
      '',
      'p-2',
      '2 Main St',
      'Bakery',
      '4',
      "'+1 556", // as the export writes a formula start: Excel shows +1 556
    ]);
    expect(byRow.get('4')?.slice(1, 3)).toEqual(['İşletme değil', IMPORT_PROBLEM_REASONS['not-a-business']]);
    expect(byRow.get('5')?.slice(1, 3)).toEqual([
      'Dosyada tekrar eden place_id',
      IMPORT_PROBLEM_REASONS['duplicate-in-file'],
    ]);
    // A value problem names the column and what was read; the cells are as in the file (a formula neutralised).
    expect(byRow.get('7')).toEqual([
      '7',
      'Geçersiz puan',
      IMPORT_PROBLEM_REASONS.rating,
      'rating',
      '9',
      'Bad Rating',
      'p-5',
      '5 Main St, Floor 2',
      'Bakery',
      '9',
      "'=1+2",
    ]);

    // Imported again: every row is stored unchanged, which is not a problem; the file says so too.
    const again = await queueImport(queue, dataDir, { content: csv }, 'problems.csv', {
      jobId: 'import-11111111-2222-4333-8444-666666666666',
    });
    const second: BatchUploadResult = await again.waitUntilFinished(events, 60_000);
    expect(second.updatedCount + second.insertedCount).toBe(0);
    expect(second.problemCounts).toEqual(result.problemCounts);
  });

  it('counts the problems of a real export, all of them listed in its file', async () => {
    const jobId = 'import-11111111-2222-4333-8444-777777777777';
    const job = await queueImport(
      queue,
      dataDir,
      { copyFrom: join(REAL, 'rs_belgrade_pet_businesses.csv') },
      'rs_belgrade_pet_businesses.csv',
      { jobId },
    );
    const result: BatchUploadResult = await job.waitUntilFinished(events, 60_000);
    const counted = Object.values(result.problemCounts ?? {}).reduce((sum, n) => sum + n, 0);
    expect(counted).toBeGreaterThan(0);
    const [header, ...rows] = await problemRows(importProblemsPath(dataDir, jobId));
    expect(header.slice(5)).toEqual(
      'name,site,subtypes,category,phone,full_address,postal_code,latitude,longitude,rating,reviews,reviews_tags,photos_count,photo,working_hours,business_status,about,description,menu_link,location_link,place_id'.split(
        ',',
      ),
    );
    // rows may hold quoted line breaks, so count lines by their leading row number instead.
    const text = await readFile(importProblemsPath(dataDir, jobId), 'utf8');
    expect(rows.length).toBeGreaterThan(0);
    for (const [kind, n] of Object.entries(result.problemCounts ?? {})) {
      const label = IMPORT_PROBLEM_LABELS[kind as keyof typeof IMPORT_PROBLEM_LABELS];
      expect(text.split(`\r\n`).filter((line) => /^\d+,/.test(line) && line.includes(`,${label},`))).toHaveLength(n);
    }
  });

  it('keeps no problems file for an import that failed', async () => {
    const jobId = 'import-11111111-2222-4333-8444-888888888888';
    const job = await queueImport(queue, dataDir, { content: 'rating,phone\n4,1\n' }, 'no-name.csv', {
      jobId,
      attempts: 1,
    });
    await expect(job.waitUntilFinished(events, 60_000)).rejects.toThrow(/No "name" column/);
    const path = importProblemsPath(dataDir, jobId);
    expect(existsSync(path) || existsSync(`${path}.part`)).toBe(false);
  });
});
