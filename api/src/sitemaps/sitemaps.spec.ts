import type { INestApplicationContext } from '@nestjs/common';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job, Queue, QueueEvents } from 'bullmq';
import request from 'supertest';
import { bullConnection, loadConfig, QUEUES, requestSitemapRegeneration, SITEMAP_JOBS } from '@directory/core';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';
import { startWorker } from '../testing/worker.js';

describe('sitemap files and calls (api + real worker)', () => {
  let dataDir: string;
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let cookie: string[];
  let queue: Queue;
  let events: QueueEvents;
  const http = () => request(t.app.getHttpServer());

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'directory-api-sitemaps-'));
    process.env.DATA_DIR = dataDir;
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    const login = await http().post('/api/admin/login').send({ username: 'admin', password: 'admin-demo-password' });
    cookie = login.headers['set-cookie'] as unknown as string[];
    const bull = bullConnection(loadConfig());
    queue = new Queue(QUEUES.sitemaps, bull);
    events = new QueueEvents(QUEUES.sitemaps, bull);
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await events?.close();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await worker?.close();
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['get', '/api/admin/sitemaps'],
    ['post', '/api/admin/sitemaps/regenerate'],
  ] as const)('%s %s answers 401 without a session', async (method, path) => {
    await http()[method](path).expect(401);
  });

  it('tells crawlers to keep out of the back office and the api, and where the sitemap is', async () => {
    const res = await http()
      .get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /^text\/plain/);
    expect(res.text.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /api/',
      '',
      expect.stringMatching(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/),
      '',
    ]);
  });

  it('answers 404 with a sentence before any sitemap was generated', async () => {
    const res = await http().get('/sitemap.xml').expect(404);
    expect(res.body.message).toBe(
      'The sitemaps have not been generated yet; the worker writes them shortly after it starts.',
    );
    const summary = await http().get('/api/admin/sitemaps').set('Cookie', cookie).expect(200);
    expect(summary.body).toMatchObject({ generatedAt: null, businessCount: 0, files: [] });
  });

  it('serves the generated files publicly as XML, and lists them for the settings screen', async () => {
    worker = await startWorker();
    const job = await queue.add(SITEMAP_JOBS.generate, { pageSize: 4 });
    await job.waitUntilFinished(events, 60_000);

    const index = await http().get('/sitemap.xml').expect(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const current = join(dataDir, 'sitemaps', 'current');
    expect(index.text).toBe(await readFile(join(current, 'sitemap.xml'), 'utf8'));
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of ['main', 'categories', 'countries', 'cities', 'businesses/page-1', 'businesses/page-2']) {
      const res = await http().get(`/sitemaps/${path}.xml`).expect(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.text).toBe(await readFile(join(current, 'sitemaps', `${path}.xml`), 'utf8'));
    }
    const page1 = await http().get('/sitemaps/businesses/page-1.xml');
    expect(page1.text).toContain('<loc>http://localhost:3000/business/cafe-zurich-abc123</loc>');
    await http().get('/sitemaps/businesses/page-3.xml').expect(404);
    await http().get('/sitemaps/manifest.json').expect(404);
    await http().get('/sitemaps/%2e%2e/manifest.json').expect(404);

    const summary = await http().get('/api/admin/sitemaps').set('Cookie', cookie).expect(200);
    expect(summary.body).toEqual({
      generatedAt: expect.any(String),
      businessCount: 6,
      pageSize: 4,
      indexUrl: 'http://localhost:3000/sitemap.xml',
      files: [
        { path: '/sitemaps/main.xml', url: 'http://localhost:3000/sitemaps/main.xml', urlCount: 10 },
        { path: '/sitemaps/categories.xml', url: 'http://localhost:3000/sitemaps/categories.xml', urlCount: 4 },
        { path: '/sitemaps/countries.xml', url: 'http://localhost:3000/sitemaps/countries.xml', urlCount: 3 },
        { path: '/sitemaps/cities.xml', url: 'http://localhost:3000/sitemaps/cities.xml', urlCount: 4 },
        {
          path: '/sitemaps/businesses/page-1.xml',
          url: 'http://localhost:3000/sitemaps/businesses/page-1.xml',
          urlCount: 4,
        },
        {
          path: '/sitemaps/businesses/page-2.xml',
          url: 'http://localhost:3000/sitemaps/businesses/page-2.xml',
          urlCount: 2,
        },
      ],
    });
  });

  it('regenerates on the admin request', async () => {
    const res = await http().post('/api/admin/sitemaps/regenerate').set('Cookie', cookie).expect(202);
    expect(res.body).toMatchObject({ success: true, jobId: expect.any(String) });
    const manifest = await (await Job.fromId(queue, res.body.jobId))!.waitUntilFinished(events, 60_000);
    expect(manifest).toMatchObject({ businessCount: 6, pageSize: 9000 });
    const summary = await http().get('/api/admin/sitemaps').set('Cookie', cookie).expect(200);
    expect(summary.body.files).toHaveLength(5);
  });

  it('runs "regenerate now" at once, even with a debounced regeneration pending (issue 34)', async () => {
    // An import asked for one a minute from now; the admin's request brings that one forward instead of waiting.
    const pending = await requestSitemapRegeneration(queue);
    expect(await pending.getState()).toBe('delayed');
    const asked = Date.now();
    const res = await http().post('/api/admin/sitemaps/regenerate').set('Cookie', cookie).expect(202);
    const job = (await Job.fromId(queue, res.body.jobId))!;
    await job.waitUntilFinished(events, 20_000);
    expect(Date.now() - asked).toBeLessThan(15_000);
  });
});
