import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import { type BatchUploadResult, bullConnection, type ImportJobProgress, loadConfig, QUEUES } from '@directory/core';
import { createSuiteDatabase } from '../../../testing/database.js';
import { csvOf, eventually, holdPlaceId, importIsWaitingForLock, queueImport } from './import-testing.js';

const WORKER = join(process.cwd(), 'worker', 'dist', 'main.js');
const ROWS = 5000;
const WITHOUT_ID = 30;

/**
 * Reliability (issue 6): the real worker process, built as it ships (`node worker/dist/main.js`), is killed
 * with SIGKILL in the middle of an import and started again; BullMQ's stalled-job recovery hands the job
 * to the new process, and the database ends with exactly the file's rows, once.
 */
describe('an import survives the worker being killed (real worker processes)', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let dataDir: string;
  let queue: Queue;
  let events: QueueEvents;
  let db: pg.Client;
  const workers: ChildProcess[] = [];
  let output = '';

  const startWorker = () => {
    const child = spawn(process.execPath, [WORKER], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        // Short lock and stalled check so the recovery happens within the test (defaults: 30 s each).
        JOB_LOCK_MS: '4000',
        JOB_STALLED_CHECK_MS: '1000',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    workers.push(child);
    return child;
  };

  beforeAll(async () => {
    if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing; build first (npm run build).`);
    database = await createSuiteDatabase();
    process.env.DATABASE_URL = database.url;
    dataDir = await mkdtemp(join(tmpdir(), 'import-crash-'));
    const bull = bullConnection(loadConfig());
    queue = new Queue(QUEUES.import, bull);
    events = new QueueEvents(QUEUES.import, bull);
    await events.waitUntilReady();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    for (const child of workers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await db?.end();
    await events?.close();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await database?.drop();
  });

  it('completes the import after a SIGKILL mid-file, with every row exactly once', async () => {
    const fileRows = `place_id like 'crash-%' or name like 'crash No Id %'`;
    // The import stops at row 2,500 of 5,030 (a row held by an open transaction): mid-file, without timing.
    const held = await holdPlaceId(database.url, 'crash-2500');
    const first = startWorker();
    const job = await queueImport(queue, dataDir, { content: csvOf(ROWS, 'crash', WITHOUT_ID) }, 'crash.csv', {
      jobId: 'import-crash',
      batchSize: 100,
    });
    await eventually(() => importIsWaitingForLock(db), `the first worker reached row 2,500 (worker output: ${output})`);
    const progress = (await queue.getJob('import-crash'))!.progress as ImportJobProgress;
    expect(progress.phase).toBe('writing');
    expect(progress.rowsDone).toBeGreaterThan(0);
    expect(progress.rowsDone).toBeLessThan(ROWS);
    expect(await queue.getJobState('import-crash')).toBe('active');

    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await held.release();
    // The killed worker's transaction never commits: nothing of the file is visible.
    expect(Number((await db.query(`select count(*) from businesses where ${fileRows}`)).rows[0].count)).toBe(0);

    startWorker();
    const result: BatchUploadResult = await job.waitUntilFinished(events, 120_000);
    expect(result).toMatchObject({ totalRows: ROWS + WITHOUT_ID, insertedCount: ROWS + WITHOUT_ID, errorCount: 0 });
    const { rows } = await db.query(
      `select count(*)::int as total, count(distinct place_id)::int as ids,
              count(distinct (lower(name), lower(full_address)))::int as distinct_rows
       from businesses where ${fileRows}`,
    );
    expect(rows[0]).toEqual({ total: ROWS + WITHOUT_ID, ids: ROWS, distinct_rows: ROWS + WITHOUT_ID });
    expect(
      (await db.query(`select count(*)::int as n from upload_reports where job_id = 'import-crash'`)).rows[0].n,
    ).toBe(1);
    const finished = await queue.getJob('import-crash');
    expect(finished!.attemptsStarted).toBeGreaterThanOrEqual(2);
  });
});
