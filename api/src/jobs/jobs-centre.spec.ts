import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import {
  type AdminJob,
  type AdminJobsAnswer,
  enqueueDeleteBusinesses,
  enqueueSlugFix,
  QUEUES,
  requestAggregatesRefresh,
  SLUG_FIX_CANCELLED_MESSAGE,
} from '@directory/core';
import { csvOf, eventually, holdPlaceId } from '../../../worker/src/imports/import-testing.js';
import { REAL, useUploadApp } from '../uploads/upload-testing.js';

/** The jobs centre's call and its socket room against the real api, worker, PostgreSQL, Redis and BullMQ. */
describe('the jobs centre: every admin job in one call, live over socket.io', () => {
  const { app, http, batch, scratchFile, connect, jobs, count } = useUploadApp();
  const list = async (query = '') =>
    (await request(http()).get(`/api/admin/jobs${query}`).set('Cookie', app.cookie).expect(200))
      .body as AdminJobsAnswer;
  const jobIn = async (queue: string, id: string) =>
    (await list('?limit=100')).jobs.find((j) => j.queue === queue && j.id === id);

  let socket: Socket;
  const heard: { event: string; payload: { jobId?: string; queue?: string; name?: string; progress?: unknown } }[] = [];
  beforeAll(async () => {
    socket = connect({ Cookie: app.cookie.join('; ') });
    socket.onAny((event, payload) => heard.push({ event, payload }));
    expect(await socket.emitWithAck('watch')).toEqual({ ok: true });
  });
  afterAll(() => socket?.close());

  it('lists a queued import with who started it, then its determinate progress and its result, live', async () => {
    const queue = jobs().queue(QUEUES.import);
    await queue.pause();
    const file = join(REAL, 'ch_zurich_restaurants.csv');
    let jobId = '';
    try {
      jobId = (await batch(file, { batchSize: '100' }, '?wait=false').expect(202)).body.jobId;
      const waiting = await jobIn('import', jobId);
      expect(waiting).toMatchObject({
        state: 'waiting',
        name: 'import',
        fileName: 'ch_zurich_restaurants.csv',
        startedBy: 'admin',
        canCancel: true,
        canRetry: false,
        startedAt: null,
      });
      await eventually(async () => heard.some((h) => h.event === 'added' && h.payload.jobId === jobId), 'added heard');
      const answer = await list();
      expect(answer.workers.alive).toBeGreaterThanOrEqual(1);
      expect(answer.running).toBe(0);
    } finally {
      await queue.resume();
    }
    await eventually(async () => heard.some((h) => h.event === 'completed' && h.payload.jobId === jobId), 'done');
    const size = statSync(file).size;
    const progress = heard
      .filter((h) => h.event === 'progress' && h.payload.jobId === jobId)
      .map((h) => h.payload.progress as { bytesRead?: number; bytesTotal?: number; phase: string });
    const writing = progress.filter((p) => p.phase === 'writing');
    expect(writing.length).toBeGreaterThan(0);
    for (const p of writing) {
      expect(p.bytesTotal).toBe(size);
      expect(p.bytesRead).toBeGreaterThan(0);
      expect(p.bytesRead).toBeLessThanOrEqual(size);
    }
    const done = (await jobIn('import', jobId)) as AdminJob;
    expect(done).toMatchObject({
      state: 'completed',
      startedBy: 'admin',
      canCancel: false,
      canRetry: false,
      progress: { phase: 'done', bytesRead: size, bytesTotal: size, rowsDone: 797 },
      result: { totalRows: 797, success: true },
    });
    expect((done.result as Record<string, unknown>).errors).toBeUndefined();
    // What the import queued after itself: the debounced sitemap regeneration, the system's own (no one's).
    const sitemaps = (await list('?queue=sitemaps')).jobs;
    expect(sitemaps.length).toBeGreaterThan(0);
    expect(sitemaps[0]).toMatchObject({ queue: 'sitemaps', name: 'generate', startedBy: null });
  });

  it('leaves housekeeping out and lists the admin’s deletes; the socket room hears only admin jobs', async () => {
    const maintenance = jobs().queue(QUEUES.maintenance);
    await maintenance.pause();
    try {
      await requestAggregatesRefresh(maintenance);
      const remove = await enqueueDeleteBusinesses(maintenance, { scope: 'test-data' });
      const answer = await list('?limit=100');
      expect(answer.jobs.some((j) => j.name === 'refresh-aggregates' || j.name === 'sync')).toBe(false);
      expect(answer.jobs.find((j) => j.id === remove.id)).toMatchObject({
        queue: 'maintenance',
        name: 'delete-businesses',
        state: 'waiting',
        startedBy: null,
      });
      await eventually(async () => heard.some((h) => h.event === 'added' && h.payload.jobId === remove.id), 'added');
      expect(heard.some((h) => h.payload.name === 'refresh-aggregates')).toBe(false);
    } finally {
      await maintenance.resume();
    }
  });

  it('cancels a running import through the centre: failed, retryable, nothing written; the retry lands it', async () => {
    const before = await count();
    const held = await holdPlaceId(app.databaseUrl, 'centre-1500');
    let released = false;
    try {
      const file = await scratchFile('centre.csv', csvOf(3000, 'centre'));
      const jobId: string = (await batch(file, { batchSize: '100' }, '?wait=false').expect(202)).body.jobId;
      await eventually(async () => (await list()).running === 1, 'the import runs');
      expect(await jobIn('import', jobId)).toMatchObject({ state: 'active', canCancel: true, canRetry: false });
      await request(http()).post(`/api/admin/jobs/${jobId}/cancel`).set('Cookie', app.cookie).expect(202);
      await eventually(async () => (await jobIn('import', jobId))?.state === 'failed', 'cancelled');
      expect(await jobIn('import', jobId)).toMatchObject({
        canCancel: false,
        canRetry: true,
        failedReason: 'The import was cancelled by an administrator; nothing from the file was written.',
      });
      await held.release();
      released = true;
      expect(await count()).toBe(before);
      await request(http()).post(`/api/admin/jobs/${jobId}/retry`).set('Cookie', app.cookie).expect(202);
      await eventually(async () => (await jobIn('import', jobId))?.state === 'completed', 'retried');
      expect(await count()).toBe(before + 3000);
      const audit = await app.t.orm.em
        .fork()
        .execute<{ action: string }[]>(`select action from audit_log where details->>'jobId' = ? order by id`, [jobId]);
      expect(audit.map((a) => a.action)).toEqual(['upload', 'job.cancel', 'job.retry']);
    } finally {
      if (!released) await held.release();
    }
  });

  it('cancels a running slug fix between batches; what it did stays, and the retry carries on', async () => {
    const db = app.t.orm.em.fork();
    await db.execute(
      `insert into businesses (name, city, place_id, slug)
       select 'Slug ' || n, 'Bern', 'cslug-' || n, 'slug-' || n || '-' || (1700000000000 + n)
       from generate_series(1, 2000) n`,
    );
    const long = async () =>
      Number(
        (
          await db.execute<{ n: number }[]>(
            `select count(*)::int as n from businesses where place_id like 'cslug-%' and slug ~ '-1700000[0-9]{6}$'`,
          )
        )[0].n,
      );
    const job = await enqueueSlugFix(jobs().queue(QUEUES.slugs), { batchSize: 10 });
    const id = String(job.id);
    await eventually(async () => ((await jobIn('slugs', id))?.progress?.rowsDone ?? 0) >= 30, 'batches done');
    expect(await jobIn('slugs', id)).toMatchObject({ state: 'active', canCancel: true });
    const cancel = await request(http()).post(`/api/admin/jobs/${id}/cancel`).set('Cookie', app.cookie).expect(202);
    expect(cancel.body.message).toBe(
      'The slug fix stops after its current batch; what it shortened stays, and the next run carries on.',
    );
    await eventually(async () => (await jobIn('slugs', id))?.state === 'failed', 'the slug fix stopped');
    expect(await jobIn('slugs', id)).toMatchObject({ canRetry: true, failedReason: SLUG_FIX_CANCELLED_MESSAGE });
    const left = await long();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(2000);
    await request(http()).post(`/api/admin/jobs/${id}/retry`).set('Cookie', app.cookie).expect(202);
    await eventually(async () => (await jobIn('slugs', id))?.state === 'completed', 'the retried fix finished');
    expect(await long()).toBe(0);
    expect((await jobIn('slugs', id))?.result).toMatchObject({ resumedFrom: expect.any(Number), complete: true });
  });

  it('keeps an export in the history with its selection, rows, size and download until it expires', async () => {
    const started = await request(http())
      .post('/api/admin/exports')
      .set('Cookie', app.cookie)
      .send({ fields: ['name', 'country_code'], countryCode: 'ch', dateRange: 'last7days' })
      .expect(202);
    const jobId: string = started.body.jobId;
    await eventually(async () => (await jobIn('export', jobId))?.state === 'completed', 'the export finished');
    const rows = Number(
      (await app.t.orm.em.fork().execute(`select count(*)::int as n from businesses where country_code = 'CH'`))[0].n,
    );
    const history = (await list('?queue=export')).jobs;
    expect(history[0]).toMatchObject({
      id: jobId,
      name: 'export',
      startedBy: 'admin',
      fileName: started.body.fileName,
      exportFilters: {
        fields: ['name', 'country_code'],
        countryCode: 'CH',
        categories: [],
        dateRange: 'last7days',
        startDate: null,
        endDate: null,
      },
      result: { rows, bytes: expect.any(Number), expiresAt: expect.any(String) },
    });
    expect(rows).toBeGreaterThan(0);
    expect(Date.parse(String((history[0].result as { expiresAt: string }).expiresAt))).toBeGreaterThan(Date.now());
    const file = await request(http())
      .get(`/api/admin/exports/${jobId}/download`)
      .set('Cookie', app.cookie)
      .expect(200);
    expect(Buffer.byteLength(file.text)).toBe((history[0].result as { bytes: number }).bytes);
  });

  it('answers 400 for a queue it does not know, 401 without a session', async () => {
    const bad = await request(http()).get('/api/admin/jobs?queue=nope').set('Cookie', app.cookie).expect(400);
    expect(bad.body.message).toEqual([
      'queue must be one of maintenance, search, export, slugs, sitemaps, import, import-preview',
    ]);
    await request(http()).get('/api/admin/jobs').expect(401);
  });
});
