import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { io } from 'socket.io-client';
import request from 'supertest';
import { businessBatchesCancelKey, loadConfig, QUEUES } from '@directory/core';
import { eventually } from '../../../worker/src/imports/import-testing.js';
import { JobQueues } from '../jobs/job-queues.js';
import { JOBS_NAMESPACE } from '../jobs/jobs.gateway.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';

/** The real export files of the spec's data, uploaded by the suites. */
export const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

/** What the upload suites read once `beforeAll` has run: the api, the worker beside it and an admin session. */
export interface UploadApp {
  t: TestApp;
  worker: INestApplicationContext;
  dataDir: string;
  scratch: string;
  cookie: string[];
  port: number;
  databaseUrl: string;
}

/**
 * Registers the hooks of an upload suite (the api and the worker as in production, on the suite's database,
 * Redis prefix and a data folder of its own; an admin signed in) and returns the app with its helpers.
 */
export function useUploadApp() {
  const app = {} as UploadApp;
  const http = () => app.t.app.getHttpServer();
  const uploads = () => join(app.dataDir, 'uploads');
  const uploadedFiles = async () => (existsSync(uploads()) ? await readdir(uploads()) : []);
  /** Files that appeared in the uploads folder since `before` (earlier jobs' files may still be going away). */
  const newUploads = async (before: string[]) => (await uploadedFiles()).filter((name) => !before.includes(name));
  const count = async (where = 'true') =>
    Number((await app.t.orm.em.fork().execute(`select count(*)::int as n from businesses where ${where}`))[0].n);
  const batch = (path: string, fields: Record<string, string> = {}, query = '') => {
    let req = request(http()).post(`/api/upload-excel-batch${query}`).set('Cookie', app.cookie);
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    return req.attach('file', path);
  };
  const scratchFile = async (name: string, content: string | Buffer) => {
    const path = join(app.scratch, name);
    await writeFile(path, content);
    return path;
  };
  const connect = (headers: Record<string, string> = {}) =>
    io(`http://127.0.0.1:${app.port}${JOBS_NAMESPACE}`, {
      transports: ['websocket'],
      extraHeaders: headers,
      reconnection: false,
    });
  const jobs = () => app.t.app.get(JobQueues);
  /**
   * Announces a 100 MB multipart upload, sends its headers only, and resolves with the answer: one that
   * comes before any of the body is sent proves the server refused without reading it. (Sending the body
   * races the server closing the connection on it: the client's write fails with EPIPE.)
   */
  const answerBeforeBody = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port: app.port,
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
    app.dataDir = await mkdtemp(join(tmpdir(), 'uploads-data-'));
    app.scratch = await mkdtemp(join(tmpdir(), 'uploads-scratch-'));
    process.env.DATA_DIR = app.dataDir;
    app.t = await startTestApp();
    app.databaseUrl = process.env.DATABASE_URL!;
    // The worker as it runs in production, in this process, on the suite's database and Redis prefix.
    const { NestFactory } = await import('@nestjs/core');
    const { WorkerModule } = await import('../../../worker/src/worker.module.js');
    app.worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    await app.worker.init();
    await app.t.app.listen(0);
    app.port = (app.t.app.getHttpServer().address() as AddressInfo).port;
    await jobs().ready();
    const login = await request(http())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' });
    app.cookie = login.headers['set-cookie'] as unknown as string[];
  });

  afterAll(async () => {
    await app.worker?.close();
    await app.t?.close();
  });

  /** Waits until the worker took a maintenance job's cancel flag away (it has seen it): a held batch may go on then. */
  const cancelSeen = async (jobId: string) => {
    const redis = await jobs().queue(QUEUES.maintenance).getBackend().client;
    const flag = businessBatchesCancelKey(loadConfig().REDIS_PREFIX, jobId);
    await eventually(async () => (await redis.get(flag)) === null, 'the worker saw the cancel');
  };
  return {
    app,
    http,
    uploads,
    uploadedFiles,
    newUploads,
    count,
    batch,
    scratchFile,
    connect,
    jobs,
    answerBeforeBody,
    cancelSeen,
  };
}
