import type { INestApplicationContext } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { businessSlug } from '@directory/core';
import { insertBusinesses, startTestApp, syncSearch, type TestApp } from '../testing/test-app.js';
import { startWorker } from '../testing/worker.js';

describe('slug fix calls and redirects (api + real worker)', () => {
  let dataDir: string;
  let t: TestApp;
  let worker: INestApplicationContext;
  let cookie: string[];
  const http = () => request(t.app.getHttpServer());
  const newSlug = businessSlug('Joe Pizza', 'New York', 'ChIJ-joe');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'directory-api-slugs-'));
    process.env.DATA_DIR = dataDir;
    t = await startTestApp();
    await insertBusinesses(t, [
      { name: 'Joe Pizza', slug: 'joe-pizza-1699999999999', city: 'New York', countryCode: 'US', placeId: 'ChIJ-joe' },
      {
        name: 'Ana Bakery',
        slug: 'ana-bakery-1700000000-x7k2m9',
        city: 'Lisbon',
        countryCode: 'PT',
        placeId: 'ChIJ-ana',
      },
      { name: 'Fine Shop', slug: 'fine-shop-abc123', city: 'Bern', countryCode: 'CH', placeId: 'ChIJ-fine' },
    ]);
    worker = await startWorker();
    const login = await http().post('/api/admin/login').send({ username: 'admin', password: 'admin-demo-password' });
    cookie = login.headers['set-cookie'] as unknown as string[];
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 401 without a session', async () => {
    const res = await http().post('/api/admin/fix-slugs').expect(401);
    expect(res.body.message).toBe('Sign in as an administrator to use this call.');
  });

  it('shortens the timestamp slugs and answers with the spec fields', async () => {
    const res = await http().post('/api/admin/fix-slugs').set('Cookie', cookie).expect(200);
    expect(res.body).toEqual({
      success: true,
      successCount: 2,
      totalProcessed: 2,
      checkpointEnabled: true,
      complete: true,
      resumedFrom: null,
      message: '2 business addresses were shortened; the old addresses redirect to the new ones.',
      jobId: expect.any(String),
      state: 'completed',
    });
    const status = await http().get(`/api/admin/fix-slugs/${res.body.jobId}`).set('Cookie', cookie).expect(200);
    expect(status.body).toMatchObject({ successCount: 2, state: 'completed' });
  });

  it('keeps the old address working: the api resolves it, the page redirects permanently', async () => {
    await syncSearch(t);
    const detail = await http().get('/api/businesses/joe-pizza-1699999999999').expect(200);
    expect(detail.body).toMatchObject({ name: 'Joe Pizza', slug: newSlug });
    await http().get(`/api/businesses/${newSlug}`).expect(200);

    const page = await http().get('/business/joe-pizza-1699999999999?ref=old').redirects(0).expect(301);
    expect(page.headers.location).toBe(`/business/${newSlug}?ref=old`);
    const current = await http().get(`/business/${newSlug}`).redirects(0);
    expect(current.status).not.toBe(301);
    const unknown = await http().get('/business/no-such-business').redirects(0);
    expect(unknown.status).not.toBe(301);
  });

  it('changes nothing on a second run', async () => {
    const res = await http().post('/api/admin/fix-slugs').set('Cookie', cookie).expect(200);
    expect(res.body).toMatchObject({
      success: true,
      successCount: 0,
      totalProcessed: 0,
      message: 'No business has a long timestamp address; nothing to change.',
    });
    await http().get('/api/businesses/fine-shop-abc123').expect(200);
    await http().post('/api/admin/fix-slugs').set('Cookie', cookie).send({ batchSize: 0 }).expect(400);
  });
});
