import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { MAX_UPLOAD_BYTES, QUEUES, UPLOAD_ID_PATTERN } from '@directory/core';
import { csvOf, eventually, holdPlaceId } from '../../../worker/src/imports/import-testing.js';
import { JobQueues } from '../jobs/job-queues.js';
import { JOBS_NAMESPACE, SOCKET_SIGN_IN_MESSAGE } from '../jobs/jobs.gateway.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { NO_FILE_MESSAGE, tooLargeMessage, wrongTypeMessage } from './upload.interceptor.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

describe('uploads, import jobs, live progress and the queue dashboard (real api, worker, PostgreSQL, Redis)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let dataDir: string;
  let scratch: string;
  let cookie: string[];
  let port: number;
  let databaseUrl: string;
  const http = () => t.app.getHttpServer();
  const uploads = () => join(dataDir, 'uploads');
  const uploadedFiles = async () => (existsSync(uploads()) ? await readdir(uploads()) : []);
  /** Files that appeared in the uploads folder since `before` (earlier jobs' files may still be going away). */
  const newUploads = async (before: string[]) => (await uploadedFiles()).filter((name) => !before.includes(name));
  const count = async (where = 'true') =>
    Number((await t.orm.em.fork().execute(`select count(*)::int as n from businesses where ${where}`))[0].n);
  const batch = (path: string, fields: Record<string, string> = {}, query = '') => {
    let req = request(http()).post(`/api/upload-excel-batch${query}`).set('Cookie', cookie);
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    return req.attach('file', path);
  };
  const scratchFile = async (name: string, content: string | Buffer) => {
    const path = join(scratch, name);
    await writeFile(path, content);
    return path;
  };
  const connect = (headers: Record<string, string> = {}) =>
    io(`http://127.0.0.1:${port}${JOBS_NAMESPACE}`, {
      transports: ['websocket'],
      extraHeaders: headers,
      reconnection: false,
    });
  const jobs = () => t.app.get(JobQueues);
  /**
   * Announces a 100 MB multipart upload, sends its headers only, and resolves with the answer: one that
   * comes before any of the body is sent proves the server refused without reading it. (Sending the body
   * races the server closing the connection on it: the client's write fails with EPIPE.)
   */
  const answerBeforeBody = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(100 * 1024 * 1024),
        },
      });
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error(`${path} waited for the body instead of answering`));
      }, 5000);
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          clearTimeout(timer);
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.flushHeaders();
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'uploads-data-'));
    scratch = await mkdtemp(join(tmpdir(), 'uploads-scratch-'));
    process.env.DATA_DIR = dataDir;
    t = await startTestApp();
    databaseUrl = process.env.DATABASE_URL!;
    // The worker as it runs in production, in this process, on the suite's database and Redis prefix.
    const { NestFactory } = await import('@nestjs/core');
    const { WorkerModule } = await import('../../../worker/src/worker.module.js');
    worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await worker.init();
    await t.app.listen(0);
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    await jobs().ready();
    const login = await request(http())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' });
    cookie = login.headers['set-cookie'] as unknown as string[];
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('refuses an upload without a session before a byte is written', async () => {
    for (const path of ['/api/upload-excel-batch', '/api/upload-excel']) {
      const res = await answerBeforeBody(path);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body).message).toBe('Sign in as an administrator to use this call.');
    }
    // A session does not make a cross-site upload acceptable either.
    const crossSite = await answerBeforeBody('/api/upload-excel-batch', {
      cookie: cookie.map((c) => c.split(';')[0]).join('; '),
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(existsSync(uploads())).toBe(false);
    expect(await jobs().queue(QUEUES.import).getJobCounts()).toMatchObject({ waiting: 0, active: 0, completed: 0 });
  });

  it('imports an upload in the worker and answers the batch result; the report is listed', async () => {
    const res = await batch(join(REAL, 'us_al_churches.csv'), {
      batchSize: '100',
      fileIndex: '0',
      totalFiles: '1',
    }).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      jobId: expect.stringMatching(/^import-/),
      fileName: 'us_al_churches.csv',
      totalRows: 328,
      successCount: 237,
      errorCount: 0,
      skippedCount: 91,
      errors: [],
      columnExtraction: { totalColumns: 23, missingColumns: expect.any(Array) },
      duplicateAnalysis: { totalRecords: 328, excelDuplicateCount: 91, newPlaceIdCount: 237, newPlaceIdRate: 100 },
    });
    expect(res.body.skippedBusinesses).toHaveLength(91);
    expect(await count()).toBe(237);

    const reports = await request(http()).get('/api/admin/upload-reports').set('Cookie', cookie).expect(200);
    expect(reports.body[0]).toMatchObject({
      fileName: 'us_al_churches.csv',
      success: true,
      summary: { fileName: 'us_al_churches.csv', totalRecords: 328 },
      results: { updated: 237, skipped: 91 },
      duplicateAnalysis: { excelDuplicateCount: 91, uniquePlaceIds: 237 },
    });

    const job = await request(http()).get(`/api/admin/jobs/${res.body.jobId}`).set('Cookie', cookie).expect(200);
    expect(job.body).toMatchObject({
      id: res.body.jobId,
      queue: 'import',
      state: 'completed',
      fileName: 'us_al_churches.csv',
      progress: { phase: 'done', rowsDone: 328, rowsTotal: 328 },
      result: { totalRows: 328 },
    });
    await eventually(async () => (await uploadedFiles()).length === 0, 'the imported upload was removed');
  });

  it('re-uploading the same file changes nothing and reports every row as skipped', async () => {
    const before = await count();
    const res = await batch(join(REAL, 'us_al_churches.csv')).expect(200);
    expect(res.body).toMatchObject({ totalRows: 328, successCount: 0, insertedCount: 0, skippedCount: 328 });
    expect(res.body.duplicateAnalysis).toMatchObject({ databaseDuplicateCount: 237, newPlaceIdCount: 0 });
    expect(await count()).toBe(before);
  });

  it('answers the legacy single-file upload with the upload report', async () => {
    const res = await request(http())
      .post('/api/upload-excel')
      .set('Cookie', cookie)
      .set('Accept', 'application/json')
      .attach('file', join(REAL, 'us_ca_judo_clubs.xlsx'))
      .expect(200);
    expect(res.body).toMatchObject({
      success: true,
      message: expect.stringContaining('us_ca_judo_clubs.xlsx: 14 rows'),
      totalRows: 14,
      successCount: 14,
      errorCount: 0,
      skippedCount: 0,
      skippedBusinesses: [],
      errors: [],
    });
  });

  it.each([
    ['empty.csv', () => Buffer.alloc(0), 'The file is empty.'],
    ['header-only.csv', () => 'name,place_id\n', 'The file has a header row but no data rows.'],
    ['wrong-columns.csv', () => 'foo,bar\n1,2\n', 'No "name" column was found; the header row has: foo, bar.'],
    [
      'really-text.xlsx',
      () => 'name\nnot a workbook\n',
      'The file is named .xlsx but is not an Excel workbook (it is not a zip archive).',
    ],
    [
      'truncated.xlsx',
      async () => (await readFile(join(REAL, 'us_ny_pa_hvac_contractors.xlsx'))).subarray(0, 600_000),
      'The workbook is damaged: the end of the file is missing (the upload or the download was cut short). Save it again and upload it.',
    ],
    [
      'bom-mixed-encodings.csv',
      () =>
        Buffer.concat([
          Buffer.from([0xef, 0xbb, 0xbf]),
          Buffer.from(`${csvOf(3000, 'enc')}`),
          Buffer.from('Caf\xe9 Latin,enc-latin,1 Rue,Paris,FR,4\n', 'latin1'),
        ]),
      'The file is not valid UTF-8 text: line 3002 is in another encoding (the file mixes encodings). Save it as "CSV UTF-8" and upload it again.',
    ],
    [
      'old.xls',
      () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      'Old Excel .xls workbooks are not read; save the file as .xlsx or .csv and upload it again.',
    ],
  ])('refuses %s with a clear error and leaves the database unchanged', async (name, content, message) => {
    const before = await count();
    const path = await scratchFile(name, await content());
    const res = await batch(path, { batchSize: '100' }).expect(422);
    expect(res.body).toMatchObject({
      success: false,
      fileName: name,
      message,
      jobId: expect.stringMatching(/^import-/),
    });
    expect(await count()).toBe(before);
    const reports = await request(http()).get('/api/admin/upload-reports').set('Cookie', cookie).expect(200);
    expect(reports.body[0]).toMatchObject({ fileName: name, success: false, error: message });
  });

  it('refuses other file types and a missing file before writing, and removes the file on bad fields', async () => {
    const before = await uploadedFiles();
    const pdf = await scratchFile('brochure.pdf', '%PDF-1.4');
    const wrongType = await batch(pdf).expect(415);
    expect(wrongType.body.message).toBe(wrongTypeMessage('brochure.pdf'));
    const none = await request(http()).post('/api/upload-excel-batch').set('Cookie', cookie).field('batchSize', '500');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(NO_FILE_MESSAGE);
    const badSize = await batch(join(REAL, 'us_ca_judo_clubs.xlsx'), { batchSize: '7' }).expect(400);
    expect(badSize.body.message).toEqual(['batchSize must be one of 100, 500, 1000, 2000']);
    expect(await newUploads(before)).toEqual([]);
  });

  it('refuses 150 MB + 1 byte and removes the partial file; accepts exactly 150 MB', async () => {
    // Generated here (sparse files: no disk or memory cost), never committed.
    const before = await uploadedFiles();
    const tooBig = await scratchFile('too-big.csv', 'foo,bar\n');
    await truncate(tooBig, MAX_UPLOAD_BYTES + 1);
    const refused = await batch(tooBig).expect(413);
    expect(refused.body.message).toBe(tooLargeMessage('too-big.csv'));
    expect(await newUploads(before)).toEqual([]);

    const limit = await scratchFile('at-limit.csv', 'foo,bar\n');
    await truncate(limit, MAX_UPLOAD_BYTES);
    const accepted = await batch(limit, {}, '?wait=false').expect(202);
    expect(accepted.body).toMatchObject({ success: true, jobId: expect.stringMatching(/^import-/) });
    const job = (await jobs().queue(QUEUES.import).getJob(accepted.body.jobId))!;
    expect(job.data.fileSize).toBe(MAX_UPLOAD_BYTES);
    await expect(job.waitUntilFinished(jobs().eventsOf(QUEUES.import), 60_000)).rejects.toThrow(
      'No "name" column was found',
    );
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
      expect(progress.at(-1)).toEqual({ rowsDone: 797, rowsTotal: 797, phase: 'done', at: expect.any(Number) });
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
      expect(list.body.jobs[0].result).toBeUndefined();
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
