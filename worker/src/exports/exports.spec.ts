import { execFileSync } from 'node:child_process';
import { existsSync, openSync } from 'node:fs';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { Job, Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import {
  EXPORT_JOBS,
  exportCancelKey,
  type ExportInput,
  type ExportJobData,
  type ExportProgress,
  exportFilePath,
  loadConfig,
  parseExportRequest,
  QUEUES,
} from '@directory/core';
import { eventually } from '../imports/import-testing.js';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';
import { EXPORT_CANCELLED_MESSAGE, exportTimeoutMessage } from './exports.processor.js';

/** The moment the admin "asked" in these tests: Wednesday 17 June 2026, noon UTC (the week began Monday 15th). */
const NOW = new Date('2026-06-17T12:00:00Z');

describe('export jobs (real PostgreSQL, Redis and worker module)', () => {
  let harness: WorkerHarness;
  let dataDir: string;
  let queue: Queue;
  let events: QueueEvents;
  let db: pg.Client;

  /** Runs one export job to the end and returns the file's text and the job's result. */
  async function exportCsv(input: ExportInput) {
    const request = parseExportRequest(input, NOW);
    const job = await queue.add(EXPORT_JOBS.export, request);
    const result = await job.waitUntilFinished(events, 30_000);
    const bytes = await readFile(exportFilePath(dataDir, job.id!));
    return { job, result, bytes, text: bytes.toString('utf8') };
  }
  /** The slug column of an export of slugs only: which businesses a filter selected, sorted. */
  async function slugsOf(input: ExportInput): Promise<string[]> {
    const { text } = await exportCsv({ ...input, fields: 'slug' });
    return sortedRecords(text).slice(1);
  }
  /** Header and records of a CSV whose cells hold no line breaks, records sorted (rows come in storage order). */
  const sortedRecords = (text: string) => {
    const [header, ...records] = text.split('\r\n');
    return [header, ...records.filter(Boolean).sort()];
  };

  beforeAll(async () => {
    harness = await createWorkerHarness({ dataDirPrefix: 'directory-exports-' });
    const { database } = harness;
    dataDir = harness.dataDir!;
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    // Day boundaries (today, yesterday, this week) count in the database's time zone: make it UTC here.
    await db.query(
      `alter database ${pg.escapeIdentifier(new URL(database.url).pathname.slice(1))} set timezone = 'UTC'`,
    );
    await db.query(`
      insert into businesses (name, slug, full_address, phone, type, category, country_code, latitude, longitude,
        rating, reviews, verified, about, place_id, created_at, updated_at) values
      ('Comma, Inc', 'comma-inc', E'Bahnhofstrasse 1\\nZürich', '+41 44 123 45 67', 'Bakery', 'Bakery', 'CH',
        47.1, -73.9, 4.5, 10, true, null, 'p-a', '2026-06-17T11:00:00Z', '2026-06-17T11:30:00Z'),
      ('Quote "Best" Shop', 'quote-best-shop', null, '', 'Café & Bar', 'Café & Bar', 'US',
        null, null, null, 0, false, '=HYPERLINK("http://evil.test")', null, '2026-06-16T10:00:00Z', '2026-06-16T10:00:00Z'),
      ('@handle', 'handle', '-5 Minus Street', E'\\t123', E'\\rType', 'Plumber', 'CH',
        null, null, null, 0, false, null, null, '2026-06-07T12:00:00Z', '2026-06-07T12:00:00Z'),
      ('Old One', 'old-one', null, null, null, 'Plumber', 'US',
        null, null, null, 0, false, null, null, '2025-03-15T12:00:00Z', '2025-03-15T12:00:00Z'),
      ('Late Yesterday', 'late-yesterday', null, null, null, 'Bakery', 'US',
        null, null, null, 0, false, null, null, '2026-06-16T13:00:00Z', '2026-06-16T13:00:00Z')`);
    await harness.start();
    queue = harness.queue(QUEUES.exports);
    events = await harness.events(QUEUES.exports);
  });

  afterAll(async () => {
    await db?.end();
    await harness?.close();
  });

  it('writes UTF-8 with a BOM, RFC 4180 quoting, CRLF records and neutralised formula cells (storage order)', async () => {
    const { text, bytes, result } = await exportCsv({});
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe(
      '\uFEFFname,full_address,phone,type\r\n' +
        '"Comma, Inc","Bahnhofstrasse 1\nZürich",\'+41 44 123 45 67,Bakery\r\n' +
        '"Quote ""Best"" Shop",,,Café & Bar\r\n' +
        "'@handle,'-5 Minus Street,'\t123,\"'\rType\"\r\n" +
        'Old One,,,\r\n' +
        'Late Yesterday,,,\r\n',
    );
    expect(result).toEqual({
      fileName: 'businesses_all_0kategoriler_all_20260617-120000.csv',
      rows: 5,
      bytes: bytes.length,
      durationMs: expect.any(Number),
      expiresAt: expect.any(String),
    });
  });

  it('writes the fields in the order asked for, numbers and booleans as they are', async () => {
    const { text } = await exportCsv({
      fields: 'verified,longitude,name,about,rating,reviews,created_at,id',
      countryCode: 'CH',
    });
    const ids = (await db.query(`select id from businesses where country_code = 'CH' order by id`)).rows.map(
      (r) => r.id,
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(sortedRecords(text)).toEqual([
      '\uFEFFverified,longitude,name,about,rating,reviews,created_at,id',
      `false,,'@handle,,,0,2026-06-07T12:00:00.000Z,${ids[1]}`,
      `true,-73.9,"Comma, Inc",,4.5,10,2026-06-17T11:00:00.000Z,${ids[0]}`,
    ]);
    const about = await exportCsv({ fields: 'about', categories: 'Café & Bar' });
    expect(about.text).toBe('\uFEFFabout\r\n"\'=HYPERLINK(""http://evil.test"")"\r\n');
  });

  it('exports every one of the 27 fields', async () => {
    const { text } = await exportCsv({
      fields:
        'id,name,slug,category,type,full_address,street,city,postal_code,country,country_code,phone,latitude,longitude,' +
        'rating,reviews,reviews_link,photo,logo,located_in,working_hours,verified,about,place_id,created_at,updated_at,url',
      countryCode: 'CH',
      categories: 'Bakery',
    });
    const [header, row] = text.split('\r\n');
    expect(header.replace('\uFEFF', '').split(',')).toHaveLength(27);
    expect(row).toContain(
      ',comma-inc,Bakery,Bakery,"Bahnhofstrasse 1\nZürich",,,,,CH,\'+41 44 123 45 67,47.1,-73.9,4.5,10,',
    );
    expect(row).toMatch(/,true,,p-a,2026-06-17T11:00:00\.000Z,2026-06-17T11:30:00\.000Z,$/);
  });

  it('filters by country, categories and upload date', async () => {
    expect(await slugsOf({ countryCode: 'ch' })).toEqual(['comma-inc', 'handle']);
    expect(await slugsOf({ categories: 'Café & Bar,Plumber' })).toEqual(['handle', 'old-one', 'quote-best-shop']);
    expect(await slugsOf({ categories: ['Bakery'], countryCode: 'US' })).toEqual(['late-yesterday']);
    expect(await slugsOf({ dateRange: 'all' })).toHaveLength(5);
    expect(await slugsOf({ dateRange: 'today' })).toEqual(['comma-inc']);
    expect(await slugsOf({ dateRange: 'yesterday' })).toEqual(['late-yesterday', 'quote-best-shop']);
    expect(await slugsOf({ dateRange: 'last24hours' })).toEqual(['comma-inc', 'late-yesterday']);
    expect(await slugsOf({ dateRange: 'last7days' })).toEqual(['comma-inc', 'late-yesterday', 'quote-best-shop']);
    expect(await slugsOf({ dateRange: 'thisweek' })).toEqual(['comma-inc', 'late-yesterday', 'quote-best-shop']);
    expect(await slugsOf({ dateRange: 'thismonth' })).toEqual([
      'comma-inc',
      'handle',
      'late-yesterday',
      'quote-best-shop',
    ]);
    expect(await slugsOf({ dateRange: 'custom', startDate: '2025-03-01', endDate: '2025-03-15' })).toEqual(['old-one']);
    expect(await slugsOf({ dateRange: 'custom', startDate: '2025-03-16', endDate: '2026-06-06' })).toEqual([]);
    expect(await slugsOf({ countryCode: 'DE' })).toEqual([]);
  });

  it('reports progress with rows done, rows total and phase', async () => {
    const { job } = await exportCsv({ countryCode: 'US' });
    const finished = await Job.fromId(queue, job.id!);
    expect(finished?.progress).toEqual({ phase: 'done', rowsDone: 3, rowsTotal: 3, at: expect.any(Number) });
  });

  it('removes export files older than the retention period on the cleanup job', async () => {
    const dir = join(dataDir, 'exports');
    await mkdir(dir, { recursive: true });
    const old = new Date(Date.now() - 25 * 3600_000);
    for (const name of ['old.csv', 'crashed.csv.partial']) {
      await writeFile(join(dir, name), 'x');
      await utimes(join(dir, name), old, old);
    }
    await writeFile(join(dir, 'fresh.csv'), 'x');
    await writeFile(join(dir, 'notes.txt'), 'x');
    await utimes(join(dir, 'notes.txt'), old, old);
    const job = await queue.add(EXPORT_JOBS.cleanup, {});
    const result = await job.waitUntilFinished(events, 30_000);
    expect(result.removed.sort()).toEqual(['crashed.csv.partial', 'old.csv']);
    const left = await readdir(dir);
    expect(left).toEqual(expect.arrayContaining(['fresh.csv', 'notes.txt']));
    expect(left).not.toContain('old.csv');
  });

  describe('stopping a running export', () => {
    beforeAll(async () => {
      // Enough rows that their CSV (about 1 MB) cannot all sit in the pipes and buffers between COPY and file.
      await db.query(`
        insert into businesses (name, slug, full_address, phone, type, country_code)
        select 'Bulk ' || n, 'bulk-' || n, n || ' Long Street, Somewhere', '+1 555 ' || n, 'Bulk type', 'ZZ'
        from generate_series(1, 20000) n`);
      await mkdir(join(dataDir, 'exports'), { recursive: true });
    });
    afterAll(async () => {
      await db.query(`delete from businesses where country_code = 'ZZ'`);
    });

    it('stops mid-COPY when an admin cancels it: the COPY is interrupted and the partial file removed', async () => {
      const jobId = 'export-cancelled';
      const partial = `${exportFilePath(dataDir, jobId)}.partial`;
      // The export writes into a pipe the test reads: it takes the first bytes and stops reading, so the
      // COPY is held half-way (no timing involved) until the worker has seen the cancel request; then it reads
      // everything, so the worker's write in flight ends and its file closes. The pipe is opened read-write
      // (never blocks, never sees end-of-file) and read as a socket: no libuv thread waits on the test's side.
      execFileSync('mkfifo', [partial]);
      const reader = new Socket({ fd: openSync(partial, 'r+'), readable: true, writable: false });
      let received = 0;
      reader.once('data', (chunk) => {
        received += chunk.length;
        reader.pause();
      });
      const request: ExportJobData = parseExportRequest({ countryCode: 'ZZ' }, NOW);
      const job = await queue.add(EXPORT_JOBS.export, request, { jobId, attempts: 3 });
      await eventually(
        async () => received > 0 && ((await Job.fromId(queue, jobId))?.progress as ExportProgress).phase === 'writing',
        'the export is writing its file',
      );
      const redis = await queue.getBackend().client;
      const flag = exportCancelKey(loadConfig().REDIS_PREFIX, jobId);
      await redis.set(flag, '1');
      await eventually(async () => (await redis.get(flag)) === null, 'the worker saw the cancel request');
      reader.resume();
      try {
        await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow(EXPORT_CANCELLED_MESSAGE);
      } finally {
        reader.destroy();
      }
      expect(existsSync(partial)).toBe(false);
      expect(existsSync(exportFilePath(dataDir, jobId))).toBe(false);
      // Its connection, left mid-COPY, is closed rather than returned to the pool.
      await eventually(
        async () =>
          (
            await db.query(
              `select 1 from pg_stat_activity where datname = current_database() and query like 'copy (select %'`,
            )
          ).rowCount === 0,
        'the export connection is closed',
        10_000,
      );
      // A cancel is final: not retried.
      expect((await Job.fromId(queue, jobId))!.attemptsMade).toBe(1);
    });

    it('stops an export that runs past its time limit, interrupting the statement it waits in', async () => {
      // An open transaction holding businesses exclusively makes the export wait in its first statement.
      const blocker = new pg.Client({ connectionString: harness.database.url });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('lock table businesses in access exclusive mode');
      try {
        const request: ExportJobData = { ...parseExportRequest({ countryCode: 'ZZ' }, NOW), timeoutMs: 500 };
        const job = await queue.add(EXPORT_JOBS.export, request, { jobId: 'export-timeout', attempts: 3 });
        await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow(exportTimeoutMessage(500));
        expect(exportTimeoutMessage(500)).toMatch(/^The export took longer than 0.5 seconds and was stopped/);
        expect((await Job.fromId(queue, 'export-timeout'))!.attemptsMade).toBe(1);
        expect(await readdir(join(dataDir, 'exports'))).not.toContain('export-timeout.csv.partial');
      } finally {
        await blocker.query('rollback');
        await blocker.end();
      }
    });
  });

  it('fails an unknown job with a sentence', async () => {
    const job = await queue.add('no-such-job', {}, { attempts: 1 });
    await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow('Unknown export job "no-such-job".');
  });
});
