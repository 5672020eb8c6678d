import type { INestApplicationContext } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job, Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import request from 'supertest';
import { bullConnection, loadConfig, QUEUES } from '@directory/core';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';
import { startWorker } from '../testing/worker.js';
import { eventually } from '../../../worker/src/imports/import-testing.js';
import { EXPORT_CANCELLED_MESSAGE } from '../../../worker/src/exports/exports.processor.js';

/** supertest keeps a CSV answer as raw bytes with this. */
function bytes(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** Header and records of a CSV whose cells hold no line breaks, records sorted (rows come in storage order). */
function sortedRecords(text: string): string[] {
  const [header, ...records] = text.split('\r\n');
  return [header, ...records.filter(Boolean).sort()];
}

describe('export calls (api + real worker)', () => {
  let dataDir: string;
  let t: TestApp;
  let worker: INestApplicationContext;
  let cookie: string[];
  let queue: Queue;
  let events: QueueEvents;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'directory-api-exports-'));
    process.env.DATA_DIR = dataDir;
    t = await startTestApp();
    await insertBusinesses(t, [
      ...DIRECTORY_FIXTURE,
      { name: '=cmd|calc', slug: 'formula-abc999', category: 'Plumber', countryCode: 'CH', city: 'Bern' },
    ]);
    worker = await startWorker();
    const login = await http().post('/api/admin/login').send({ username: 'admin', password: 'admin-demo-password' });
    cookie = login.headers['set-cookie'] as unknown as string[];
    const bull = bullConnection(loadConfig());
    queue = new Queue(QUEUES.exports, bull);
    events = new QueueEvents(QUEUES.exports, bull);
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await events?.close();
    await queue?.close();
    await worker?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['get', '/api/admin/export-csv'],
    ['post', '/api/export-csv'],
    ['post', '/api/admin/exports'],
    ['get', '/api/admin/exports/1'],
    ['get', '/api/admin/exports/1/download'],
  ] as const)('%s %s answers 401 without a session', async (method, path) => {
    const res = await http()[method](path).expect(401);
    expect(res.body.message).toBe('Sign in as an administrator to use this call.');
  });

  it('GET export-csv and the legacy POST export-csv send the same CSV under their own names', async () => {
    const get = await http()
      .get('/api/admin/export-csv?fields=name,full_address,phone,category&countryCode=CH')
      .set('Cookie', cookie)
      .buffer(true)
      .parse(bytes)
      .expect(200);
    expect(get.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(get.headers['content-disposition']).toMatch(
      /^attachment; filename="businesses_CH_0kategoriler_all_\d{8}-\d{6}\.csv"; filename\*=UTF-8''businesses_CH_/,
    );
    const csv = (get.body as Buffer).toString('utf8');
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(sortedRecords(csv)).toEqual([
      '\uFEFFname,full_address,phone,category',
      "'=cmd|calc,,,Plumber",
      'Bar Basel,,,Café & Bar',
      'Café Zürich,,,Café & Bar',
      "O'Brien's Pub,,,Irish pub",
    ]);

    const legacy = await http()
      .post('/api/export-csv')
      .set('Cookie', cookie)
      .send({ selectedFields: ['name', 'address', 'phone', 'category'], countryCode: 'CH' })
      .buffer(true)
      .parse(bytes)
      .expect(200);
    expect(legacy.headers['content-disposition']).toMatch(
      /^attachment; filename="businesses_export_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(Buffer.compare(legacy.body as Buffer, get.body as Buffer)).toBe(0);
  });

  it('starts an export, reports it and offers the file for download', async () => {
    const started = await http()
      .post('/api/admin/exports')
      .set('Cookie', cookie)
      .send({ fields: ['slug', 'country_code'], categories: ['Plumber'], dateRange: 'last24hours' })
      .expect(202);
    expect(started.body).toEqual({
      jobId: expect.any(String),
      fileName: expect.stringMatching(/^businesses_all_1kategoriler_last24hours_\d{8}-\d{6}\.csv$/),
      statusUrl: `/api/admin/exports/${started.body.jobId}`,
    });
    await (await Job.fromId(queue, started.body.jobId))!.waitUntilFinished(events, 30_000);

    const status = await http().get(started.body.statusUrl).set('Cookie', cookie).expect(200);
    expect(status.body).toMatchObject({
      jobId: started.body.jobId,
      state: 'completed',
      fileName: started.body.fileName,
      progress: { phase: 'done', rowsDone: 4, rowsTotal: 4 },
      result: { fileName: started.body.fileName, rows: 4 },
      error: null,
      downloadUrl: `/api/admin/exports/${started.body.jobId}/download`,
    });
    const file = await http().get(status.body.downloadUrl).set('Cookie', cookie).buffer(true).parse(bytes).expect(200);
    expect(file.headers['content-disposition']).toContain(`filename="${started.body.fileName}"`);
    expect(sortedRecords((file.body as Buffer).toString('utf8'))).toEqual([
      '\uFEFFslug,country_code',
      'formula-abc999,CH',
      'hidden-plumber-pqr678,US',
      'joe-plumbing-new-york-mno345,US',
      'nowhere-shop-stu901,',
    ]);
  });

  it('cancels a running export through the jobs call: it fails with the reason and leaves no file', async () => {
    // An open transaction holding businesses exclusively keeps the export waiting in its first statement.
    const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table businesses in access exclusive mode');
    try {
      const started = await http().post('/api/admin/exports').set('Cookie', cookie).send({}).expect(202);
      const jobId = started.body.jobId as string;
      await eventually(async () => (await queue.getJobState(jobId)) === 'active', 'the export started');
      const cancel = await http().post(`/api/admin/jobs/${jobId}/cancel`).set('Cookie', cookie).expect(202);
      expect(cancel.body).toEqual({
        success: true,
        jobId,
        queue: 'export',
        message: 'The export is being cancelled; its partial file is removed.',
      });
      await eventually(async () => (await queue.getJobState(jobId)) === 'failed', 'the export stopped');
      const status = await http().get(`/api/admin/exports/${jobId}`).set('Cookie', cookie).expect(200);
      expect(status.body).toMatchObject({ state: 'failed', error: EXPORT_CANCELLED_MESSAGE, downloadUrl: null });
      expect((await Job.fromId(queue, jobId))!.attemptsMade).toBe(1);
      await http().get(`/api/admin/exports/${jobId}/download`).set('Cookie', cookie).expect(404);
      // Retry is offered for it like for any failed job.
      await blocker.query('rollback');
      await http().post(`/api/admin/jobs/${jobId}/retry`).set('Cookie', cookie).expect(202);
      await eventually(async () => (await queue.getJobState(jobId)) === 'completed', 'the retried export finished');
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      await blocker.end();
    }
  });

  it('refuses bad parameters with a sentence and unknown exports with 404', async () => {
    const bad = await http().get('/api/admin/export-csv?fields=name,secret').set('Cookie', cookie).expect(400);
    expect(bad.body.message).toMatch(/^Unknown export field "secret"; choose from id, name/);
    // The GET starts a job: another site (a sibling subdomain too) cannot make the admin's browser send it.
    for (const site of ['same-site', 'cross-site'])
      await http().get('/api/admin/export-csv').set('Cookie', cookie).set('Sec-Fetch-Site', site).expect(403);
    const range = await http()
      .post('/api/admin/exports')
      .set('Cookie', cookie)
      .send({ dateRange: 'custom', startDate: '2026-02-01' })
      .expect(400);
    expect(range.body.message).toBe('A custom date range needs both startDate and endDate, or neither.');
    const missing = await http().get('/api/admin/exports/999999').set('Cookie', cookie).expect(404);
    expect(missing.body.message).toBe('No export 999999: exports are kept for 24 hours; start a new one.');
  });
});
