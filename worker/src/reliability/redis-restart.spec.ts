import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import request from 'supertest';
import { bullConnection, loadConfig, QUEUES } from '@directory/core';
import { JobQueues } from '../../../api/src/jobs/job-queues.js';
import { DIRECTORY_FIXTURE } from '../../../api/src/testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../../../api/src/testing/test-app.js';
import { eventually } from '../imports/import-testing.js';

const WORKER = join(process.cwd(), 'worker', 'dist', 'main.js');

/** Reads the public visitors make, each of which must keep answering while Redis is away. */
const PUBLIC_READS = [
  '/api/businesses/joe-plumbing-new-york-mno345',
  '/api/businesses?page=1',
  '/api/homepage-data',
  '/api/featured-businesses',
  '/api/categories',
  '/api/countries',
  '/api/cities',
  '/api/search?q=plumbing',
  '/api/admin/site-settings',
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Reliability (issue 6): Redis stops (SIGKILL, no persistence: it comes back empty) and starts again on the
 * same port. Meanwhile the api keeps answering public reads from PostgreSQL and refuses to queue work with a
 * sentence; afterwards the api's queues and QueueEvents and the worker (the built process, as it ships)
 * reconnect by themselves, jobs queued then run to the end and the worker's repeatable jobs are scheduled
 * again (they lived only in the Redis that was lost). The machine's own Redis cannot be stopped,
 * so the suite runs on a throwaway redis-server of its own.
 */
describe('Redis stopped and started again (throwaway redis-server, real api and worker process)', () => {
  let port: number;
  let redis: ChildProcess | null = null;
  let worker: ChildProcess;
  let workerOutput = '';
  let t: TestApp;
  let dataDir: string;
  let cookie: string[];
  const redisUrlBefore = process.env.REDIS_URL;
  const http = () => request(t.app.getHttpServer());
  const completed = new Set<string>();
  /** The worker's repeatable jobs (worker/src/schedulers): each queue and its scheduler's id. */
  const SCHEDULERS = [
    [QUEUES.exports, 'export-cleanup'],
    [QUEUES.sitemaps, 'sitemaps-daily'],
    [QUEUES.search, 'search-sync-safety-net'],
    [QUEUES.maintenance, 'contact-retention-daily'],
  ] as const;
  let queues: Map<string, Queue>;
  const schedulersPresent = async () => {
    const found = await Promise.all(SCHEDULERS.map(([queue, id]) => queues.get(queue)!.getJobScheduler(id)));
    return found.every((scheduler) => scheduler !== undefined);
  };

  const startRedis = async () => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    redis = child;
    await eventually(
      async () =>
        new Promise<boolean>((resolve) => {
          const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] });
          let out = '';
          probe.stdout.on('data', (chunk) => (out += chunk));
          probe.on('exit', () => resolve(out.includes('PONG')));
        }),
      `redis-server answers on port ${port}`,
    );
  };
  const killRedis = async () => {
    const child = redis!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    redis = null;
  };
  /** Starts an export through the api (retrying while the api's connection comes back) and waits for it. */
  const exportRuns = async (what: string) => {
    let jobId = '';
    await eventually(async () => {
      const res = await http()
        .post('/api/admin/exports')
        .set('Cookie', cookie)
        .send({ fields: ['name'] });
      jobId = res.status === 202 ? (res.body.jobId as string) : '';
      return jobId !== '';
    }, `the api queues an export ${what}`);
    await eventually(
      async () => {
        const res = await http().get(`/api/admin/exports/${jobId}`).set('Cookie', cookie);
        return res.status === 200 && res.body.state === 'completed';
      },
      `the worker runs the export queued ${what} (worker output: ${workerOutput.slice(-2000)})`,
    );
    // The api's QueueEvents relayed the completion (what uploads, export-csv and the socket relay wait on).
    await eventually(async () => completed.has(jobId), `the api hears the export queued ${what} complete`);
    return jobId;
  };

  beforeAll(async () => {
    if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing; build first (npm run build).`);
    port = await freePort();
    await startRedis();
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    dataDir = await mkdtemp(join(tmpdir(), 'redis-restart-'));
    process.env.DATA_DIR = dataDir;
    t = await startTestApp();
    const connection = bullConnection(loadConfig());
    queues = new Map(SCHEDULERS.map(([name]) => [name, new Queue(name, connection)]));
    // Their connection errors while Redis is stopped on purpose are expected.
    for (const queue of queues.values()) queue.on('error', () => undefined);
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    t.app.get(JobQueues).onEvent((event) => {
      if (event.type === 'completed') completed.add(event.jobId);
    });
    worker = spawn(process.execPath, [WORKER], {
      env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk) => (workerOutput += chunk));
    worker.stderr!.on('data', (chunk) => (workerOutput += chunk));
    const login = await http().post('/api/admin/login').send({ username: 'admin', password: 'admin-demo-password' });
    cookie = login.headers['set-cookie'] as unknown as string[];
  });

  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGKILL');
      await exited;
    }
    await Promise.all([...(queues?.values() ?? [])].map((queue) => queue.close()));
    await t?.close();
    if (redis) await killRedis();
    process.env.REDIS_URL = redisUrlBefore;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves public reads while Redis is down, and runs jobs queued once it is back', async () => {
    await exportRuns('before Redis stops');
    // The worker's consumers may start before its start-up has registered every scheduler.
    await eventually(schedulersPresent, "the worker's job schedulers exist");
    for (const path of PUBLIC_READS) await http().get(path).expect(200);

    await killRedis();
    for (const path of PUBLIC_READS) {
      const res = await http().get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    // Work cannot be queued meanwhile: the admin is told so at once (no request hangs on the queue).
    const refused = await http()
      .post('/api/admin/exports')
      .set('Cookie', cookie)
      .send({ fields: ['name'] });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/^The export could not be queued \(.+\); try again in a moment\.$/);
    expect(worker.exitCode).toBeNull();

    await startRedis();
    await exportRuns('after Redis started again');
    // The call that waits for its job (through the api's QueueEvents) answers with the file again.
    const csv = await http().get('/api/admin/export-csv?fields=name&countryCode=CH').set('Cookie', cookie).expect(200);
    expect(csv.text).toContain('Café Zürich');
    for (const path of PUBLIC_READS) await http().get(path).expect(200);
    // Redis came back empty: the worker registered its repeatable jobs again, without a restart.
    await eventually(schedulersPresent, "the worker's job schedulers exist again");
    expect(worker.exitCode).toBeNull();
  });
});
