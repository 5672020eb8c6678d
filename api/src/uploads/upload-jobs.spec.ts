import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Socket } from 'socket.io-client';
import request from 'supertest';
import { QUEUES, UPLOAD_ID_PATTERN } from '@directory/core';
import { csvOf, eventually, holdPlaceId } from '../../../worker/src/imports/import-testing.js';
import { SOCKET_SIGN_IN_MESSAGE } from '../jobs/jobs.gateway.js';
import type { TestApp } from '../testing/test-app.js';
import { REAL, useUploadApp } from './upload-testing.js';

/** Upload jobs: live progress, cancel and retry, and the queue dashboard (real api, worker, PostgreSQL, Redis). */
describe('upload jobs: live progress, cancel and retry, and the queue dashboard (real api, worker, PostgreSQL, Redis)', () => {
  const { app, http, uploads, count, batch, scratchFile, connect, jobs } = useUploadApp();
  let t: TestApp, cookie: string[], databaseUrl: string;
  beforeAll(() => {
    t = app.t;
    cookie = app.cookie;
    databaseUrl = app.databaseUrl;
  });

  it('relays a job’s progress to a signed-in socket.io client, and refuses anonymous sockets', async () => {
    const anonymous = connect();
    const refusal = await new Promise<Error>((resolve) => anonymous.on('connect_error', resolve));
    expect(refusal.message).toBe(SOCKET_SIGN_IN_MESSAGE);
    anonymous.close();

    // A socket whose session ended since it connected is answered with the sign-in sentence and dropped.
    const second = (
      await request(http()).post('/api/admin/login').send({ username: 'admin', password: 'admin-demo-password' })
    ).headers['set-cookie'] as unknown as string[];
    const stale = connect({ Cookie: second.join('; ') });
    await new Promise<void>((resolve) => stale.on('connect', () => resolve()));
    await request(http()).post('/api/admin/logout').set('Cookie', second).expect(200);
    expect(await stale.emitWithAck('subscribe', { jobId: 'any' })).toEqual({
      ok: false,
      message: SOCKET_SIGN_IN_MESSAGE,
    });
    stale.close();

    const queue = jobs().queue(QUEUES.import);
    await queue.pause();
    let socket: Socket | undefined;
    try {
      const queued = await batch(join(REAL, 'ch_zurich_restaurants.csv'), { batchSize: '100' }, '?wait=false').expect(
        202,
      );
      const jobId: string = queued.body.jobId;
      expect(queued.body.statusUrl).toBe(`/api/admin/jobs/${jobId}`);
      socket = connect({ Cookie: cookie.join('; ') });
      const received: { event: string; payload: Record<string, unknown> }[] = [];
      socket.onAny((event, payload) => received.push({ event, payload }));
      const finished = new Promise<Record<string, unknown>>((resolve) => socket!.on('completed', resolve));
      const ack = await socket.emitWithAck('subscribe', { jobId });
      expect(ack).toMatchObject({
        ok: true,
        job: { id: jobId, queue: 'import', fileName: 'ch_zurich_restaurants.csv' },
      });
      await queue.resume();
      const completed = await finished;
      expect(completed).toMatchObject({ queue: 'import', jobId, result: { totalRows: 797 } });
      const progress = received.filter((r) => r.event === 'progress').map((r) => r.payload.progress) as {
        phase: string;
        rowsDone: number;
      }[];
      expect(progress[0]).toEqual({ rowsDone: 0, phase: 'reading', at: expect.any(Number) });
      expect(progress.some((p) => p.phase === 'writing' && p.rowsDone > 0)).toBe(true);
      // Bytes read of the file's total: the percentage the jobs centre shows.
      const size = statSync(join(REAL, 'ch_zurich_restaurants.csv')).size;
      expect(progress.at(-1)).toEqual({
        rowsDone: 797,
        rowsTotal: 797,
        phase: 'done',
        bytesRead: size,
        bytesTotal: size,
        at: expect.any(Number),
      });
      expect(received.some((r) => r.event === 'active' && r.payload.jobId === jobId)).toBe(true);
      expect(await socket.emitWithAck('subscribe', { jobId: 'no-such-job' })).toEqual({
        ok: false,
        message: 'No job has the id "no-such-job".',
      });
    } finally {
      socket?.close();
      await queue.resume();
    }
  });

  it('cancels a waiting job and a running import, retries the failed one; nothing is written twice', async () => {
    const queue = jobs().queue(QUEUES.import);
    await queue.pause();
    const waiting = await batch(await scratchFile('later.csv', csvOf(10, 'later')), {}, '?wait=false').expect(202);
    const waitingId: string = (await queue.getJob(waiting.body.jobId))!.data.uploadId;
    expect(waitingId).toMatch(UPLOAD_ID_PATTERN);
    const waitingPath = join(uploads(), waitingId);
    expect(existsSync(waitingPath)).toBe(true);
    const cancelled = await request(http())
      .post(`/api/admin/jobs/${waiting.body.jobId}/cancel`)
      .set('Cookie', cookie)
      .expect(202);
    expect(cancelled.body.message).toBe('The job was cancelled before it started.');
    await request(http()).get(`/api/admin/jobs/${waiting.body.jobId}`).set('Cookie', cookie).expect(404);
    expect(existsSync(waitingPath)).toBe(false);
    await queue.resume();

    const before = await count();
    const db = t.orm.em.getConnection();
    const held = await holdPlaceId(databaseUrl, 'apicancel-1500');
    let released = false;
    try {
      const running = await batch(
        await scratchFile('long.csv', csvOf(3000, 'apicancel')),
        { batchSize: '100' },
        '?wait=false',
      ).expect(202);
      const jobId: string = running.body.jobId;
      await eventually(
        async () =>
          (
            await db.execute(`select count(*)::int as n from pg_stat_activity where datname = current_database()
          and wait_event_type = 'Lock' and query ilike '%insert into businesses%'`)
          )[0].n > 0,
        'the import reached the held row',
      );
      const cancel = await request(http()).post(`/api/admin/jobs/${jobId}/cancel`).set('Cookie', cookie).expect(202);
      expect(cancel.body.message).toBe('The import is being cancelled; nothing from its file is kept.');
      await eventually(
        async () =>
          (await request(http()).get(`/api/admin/jobs/${jobId}`).set('Cookie', cookie)).body.state === 'failed',
        'the cancelled import failed',
      );
      const failed = await request(http()).get(`/api/admin/jobs/${jobId}`).set('Cookie', cookie).expect(200);
      expect(failed.body.failedReason).toBe(
        'The import was cancelled by an administrator; nothing from the file was written.',
      );
      await held.release();
      released = true;
      expect(await count()).toBe(before);

      await request(http()).post(`/api/admin/jobs/${jobId}/retry`).set('Cookie', cookie).expect(202);
      await eventually(
        async () =>
          (await request(http()).get(`/api/admin/jobs/${jobId}`).set('Cookie', cookie)).body.state === 'completed',
        'the retried import completed',
      );
      expect(await count(`place_id like 'apicancel-%'`)).toBe(3000);
      const again = await request(http()).post(`/api/admin/jobs/${jobId}/retry`).set('Cookie', cookie).expect(409);
      expect(again.body.message).toBe('The job is completed; only failed jobs can be retried.');

      const list = await request(http()).get('/api/admin/jobs?queue=import&limit=5').set('Cookie', cookie).expect(200);
      expect(list.body.jobs[0]).toMatchObject({ id: jobId, queue: 'import', state: 'completed', fileName: 'long.csv' });
      // The list carries a result's plain fields (counts, the sentence), not its row lists.
      expect(list.body.jobs[0].result).toMatchObject({ totalRows: 3000, insertedCount: 3000 });
      expect(list.body.jobs[0].result.errors).toBeUndefined();
    } finally {
      if (!released) await held.release();
    }
  });

  it('serves Bull Board behind the admin session, with every queue', async () => {
    await request(http()).get('/api/admin/queues').expect(401);
    await request(http()).get('/api/admin/queues/api/queues').expect(401);
    const page = await request(http()).get('/api/admin/queues').set('Cookie', cookie).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const api = await request(http()).get('/api/admin/queues/api/queues').set('Cookie', cookie).expect(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(Object.values(QUEUES).sort());
    await request(http())
      .put('/api/admin/queues/api/queues/import/pause')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(await jobs().queue(QUEUES.import).isPaused()).toBe(false);
  });

  it.each([
    ['get', '/api/admin/jobs'],
    ['get', '/api/admin/jobs/import-x'],
    ['post', '/api/admin/jobs/import-x/cancel'],
    ['post', '/api/admin/jobs/import-x/retry'],
  ] as const)('%s %s answers 401 without a session', async (method, path) => {
    await request(http())[method](path).expect(401);
  });
});
