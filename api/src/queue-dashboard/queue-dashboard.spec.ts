import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import request from 'supertest';
import { IMPORT_JOBS, type ImportJobData, QUEUES } from '@directory/core';
import { eventually } from '../../../testing/eventually.js';
import { JobQueues } from '../jobs/job-queues.js';
import { startTestApp, type TestApp, signIn } from '../testing/test-app.js';
import { startWorker } from '../testing/worker.js';
import { boardCallAllowed } from './board-allow-list.js';
import { QUEUE_DASHBOARD_PATH } from './queue-dashboard.module.js';

const REFUSED =
  'The queue dashboard is for watching jobs and retrying, promoting, cleaning, pausing or removing them; ' +
  'adding jobs, editing their data and other changes are turned off. Import files through the admin upload.';

describe('the queue dashboard watches and retries jobs but does not write them (real api, worker, Redis)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let dataDir: string;
  let cookie: string[];
  let queue: Queue;
  let failed: Job;
  const http = () => t.app.getHttpServer();
  const board = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string) =>
    request(http())[method](`${QUEUE_DASHBOARD_PATH}${path}`).set('Cookie', cookie);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'queue-dashboard-'));
    process.env.DATA_DIR = dataDir;
    t = await startTestApp();
    worker = await startWorker();
    cookie = await signIn(t.app);
    queue = t.app.get(JobQueues).queue(QUEUES.import);
    // A job that fails for good: it names no upload.
    const data: ImportJobData = {
      uploadId: 'nope',
      fileName: 'x.csv',
      fileSize: 1,
      batchSize: 100,
      uploadedBy: 'test',
    };
    failed = await queue.add(IMPORT_JOBS.import, data, { jobId: 'board-failed', attempts: 1 });
    await eventually(async () => expect(await failed.getState()).toBe('failed'));
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows the queues and the failed job to an admin, and nothing to anyone else', async () => {
    const queues = await board('get', '/api/queues').expect(200);
    expect(queues.body.queues.map((q: { name: string }) => q.name)).toContain(QUEUES.import);
    const job = await board('get', `/api/queues/${QUEUES.import}/board-failed`).expect(200);
    expect(job.body.job.failedReason).toMatch(/^The import job names the upload "nope", which is not an upload id/);
    await request(http()).get(`${QUEUE_DASHBOARD_PATH}/api/queues`).expect(401);
  });

  it('refuses adding a job and editing job data with a sentence, and writes nothing', async () => {
    const before = await queue.getJobCounts();
    const added = await board('post', `/api/queues/${QUEUES.import}/add`)
      .send({ name: IMPORT_JOBS.import, data: { uploadId: '../../etc/passwd' }, options: {} })
      .expect(403);
    expect(added.body.message).toBe(REFUSED);
    expect(await queue.getJobCounts()).toEqual(before);

    const edited = await board('patch', `/api/queues/${QUEUES.import}/board-failed/update-data`)
      .send({ data: { uploadId: '../../etc/passwd' } })
      .expect(403);
    expect(edited.body.message).toBe(REFUSED);
    expect((await queue.getJob('board-failed'))!.data.uploadId).toBe('nope');
  });

  it('refuses the write calls it does not list (empty, obliterate, schedulers, unknown routes)', async () => {
    for (const path of [
      `/api/queues/${QUEUES.import}/empty`,
      `/api/queues/${QUEUES.import}/obliterate`,
      `/api/queues/${QUEUES.import}/concurrency`,
      `/api/queues/${QUEUES.import}/job-schedulers/daily/run`,
    ]) {
      expect((await board('put', path).send({}).expect(403)).body.message).toBe(REFUSED);
    }
    // No route of this board version: nothing answers them (a later version's route would be behind the list).
    await board('put', '/api/queues/some-route-of-a-later-version').send({}).expect(404);
    await board('delete', `/api/queues/${QUEUES.import}/board-failed`).expect(404);
    await board('post', `/api/queues/${QUEUES.import}/board-failed/retry`).expect(404);
    expect(await (await queue.getJob('board-failed'))!.getState()).toBe('failed');
  });

  it('retries a failed job, with the session and same-site checks still in front', async () => {
    await request(http()).put(`${QUEUE_DASHBOARD_PATH}/api/queues/${QUEUES.import}/board-failed/retry`).expect(401);
    await board('put', `/api/queues/${QUEUES.import}/board-failed/retry`)
      .set('Origin', 'https://evil.example')
      .expect(403);
    const startedBefore = (await queue.getJob('board-failed'))!.attemptsStarted;
    await board('put', `/api/queues/${QUEUES.import}/board-failed/retry`).expect(204);
    // Audited like every admin write.
    const [entry] = await t.orm.em
      .fork()
      .execute(`select admin_username, action, details from audit_log order by id desc limit 1`);
    expect(entry).toEqual({
      admin_username: 'admin',
      action: 'queues.dashboard-write',
      details: { method: 'PUT', call: `/api/queues/${QUEUES.import}/board-failed/retry` },
    });
    // The worker ran it again (and failed it again: it still names no upload).
    await eventually(async () => {
      const job = (await queue.getJob('board-failed'))!;
      expect(job.attemptsStarted).toBeGreaterThan(startedBefore);
      expect(await job.getState()).toBe('failed');
    });
  });

  it('lets every read through and only the listed writes', () => {
    expect(boardCallAllowed('GET', '/api/queues/import/anything')).toBe(true);
    expect(boardCallAllowed('PUT', '/api/queues/import/retry/failed')).toBe(true);
    expect(boardCallAllowed('PUT', '/api/queues/import/clean/completed')).toBe(true);
    expect(boardCallAllowed('PUT', '/api/queues/import/job-1/clean')).toBe(true);
    expect(boardCallAllowed('PUT', '/api/queues/import/job-1/promote')).toBe(true);
    expect(boardCallAllowed('PUT', '/api/queues/import/pause')).toBe(true);
    expect(boardCallAllowed('PUT', '/api/queues/resume')).toBe(true);
    expect(boardCallAllowed('PATCH', '/api/queues/import/job-1/priority')).toBe(false);
    expect(boardCallAllowed('PATCH', '/api/queues/import/job-1/delay')).toBe(false);
    expect(boardCallAllowed('PUT', '/api/queues/import/job-1/retry/extra')).toBe(false);
    expect(boardCallAllowed('POST', '/api/metrics/history/purge')).toBe(false);
  });
});
