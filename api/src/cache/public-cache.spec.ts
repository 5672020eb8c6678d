import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { cacheEntryPrefix, loadConfig } from '@directory/core';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';
import { startWorker } from '../testing/worker.js';
import { CACHE_REDIS } from './public-cache.service.js';
import type { Redis } from 'ioredis';
import { waitUntil } from '../../../testing/eventually.js';

/** The public read cache on the real api, Redis, PostgreSQL and worker. */
describe('public read cache', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let cookie: string[];
  const http = () => t.app.getHttpServer();
  const get = (path: string) => request(http()).get(path);
  const as = (method: 'post' | 'put', path: string) => request(http())[method](path).set('Cookie', cookie);
  const names = (body: { businesses: { name: string }[] }) => body.businesses.map((b) => b.name);

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    worker = await startWorker();
    const login = await request(http())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' })
      .expect(200);
    cookie = login.headers['set-cookie'] as unknown as string[];
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('answers a repeated read from the cache, with the same body, ETag and Cache-Control', async () => {
    const first = await get('/api/homepage-data').expect(200);
    const second = await get('/api/homepage-data').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers['cache-control']).toBe('public, max-age=60');
    const settings = await get('/api/admin/site-settings').expect(200);
    expect(settings.headers['cache-control']).toBe('no-cache');
  });

  it('answers 304 to a matching If-None-Match, from the cache and from the source', async () => {
    const { headers } = await get('/api/countries').expect(200);
    const notModified = await get('/api/countries').set('If-None-Match', headers['etag']).expect(304);
    expect(notModified.text).toBe('');
    await get('/api/countries').set('If-None-Match', 'W/"something-else"').expect(200);
    const detail = await get('/api/businesses/cafe-zurich-abc123').expect(200);
    await get('/api/businesses/cafe-zurich-abc123').set('If-None-Match', detail.headers['etag']).expect(304);
  });

  it('keeps errors out of the cache and out of public caching', async () => {
    const missing = await get('/api/businesses/no-such-business').expect(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    expect(missing.headers['x-cache']).toBeUndefined();
  });

  it('shows an admin edit at once, on the detail page and in the lists', async () => {
    const before = await get('/api/businesses/bar-basel-def456').expect(200);
    expect((await get('/api/businesses/bar-basel-def456')).headers['x-cache']).toBe('HIT');
    await get('/api/search?q=basel').expect(200);
    await as('put', `/api/admin/businesses/${before.body.id}`).send({ name: 'Bar Basel Renamed' }).expect(200);

    const after = await get('/api/businesses/bar-basel-def456').expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.name).toBe('Bar Basel Renamed');
    // The list reads the search index: the worker's drain applies the edit and invalidates again.
    await waitUntil(
      async () => names((await get('/api/search?q=basel').expect(200)).body).includes('Bar Basel Renamed'),
      'the search answer shows the edit',
    );
  });

  it('shows an import-like write (straight into PostgreSQL) once the worker has applied it', async () => {
    const before = (await get('/api/search?q=quokka').expect(200)).body;
    expect(names(before)).toEqual([]);
    const totals = (await get('/api/homepage-data').expect(200)).body.totals.businesses;
    // The empty answer is cached (waited for: the worker may still be invalidating after the previous test's
    // edit, which made this a MISS when the whole suite loaded the machine).
    await waitUntil(
      async () => (await get('/api/search?q=quokka')).headers['x-cache'] === 'HIT',
      'the empty search answer is cached',
    );

    // What an import does: a bulk write in its own transaction, then the aggregate refresh job.
    await t.orm.em.fork().execute(
      `insert into businesses (name, slug, category, category_slug, city, city_slug, country, country_code)
       select 'Quokka Bakery ' || n, 'quokka-bakery-' || n, 'Bakery', 'bakery', 'Perth', 'perth', 'Australia', 'AU'
       from generate_series(1, 3) n`,
    );
    const { AggregatesRefresher } = await import('../queue/aggregates-refresher.js');
    await t.app.get(AggregatesRefresher).requestRefresh();

    await waitUntil(
      async () => names((await get('/api/search?q=quokka').expect(200)).body).length === 3,
      'the cached search answer was replaced',
    );
    await waitUntil(
      async () => (await get('/api/homepage-data').expect(200)).body.totals.businesses === totals + 3,
      'the cached home page shows the new counts',
    );
    expect((await get('/api/categories/bakery').expect(200)).body.businessCount).toBe(3);
  });

  it('shows an approval change and a delete once the worker has applied them', async () => {
    const slug = 'quokka-bakery-1';
    const { body } = await get(`/api/businesses/${slug}`).expect(200);
    await as('post', `/api/admin/businesses/${body.id}/toggle-approval`).send({}).expect(200);
    await get(`/api/businesses/${slug}`).expect(404);
    await waitUntil(
      async () => names((await get('/api/search?q=quokka').expect(200)).body).length === 2,
      'the unapproved business left the search answer',
    );
    await t.orm.em.fork().execute(`delete from businesses where slug = 'quokka-bakery-2'`);
    await waitUntil(
      async () => names((await get('/api/search?q=quokka').expect(200)).body).length === 1,
      'the deleted business left the search answer',
    );
  });

  it('shows saved settings and ad codes at once', async () => {
    expect((await get('/api/admin/advertisement-codes').expect(200)).body.ad1).toBe('');
    expect((await get('/api/admin/advertisement-codes')).headers['x-cache']).toBe('HIT');
    await as('post', '/api/admin/advertisement-codes').send({ ad1: '<div>new ad</div>' }).expect(200);
    expect((await get('/api/admin/advertisement-codes').expect(200)).body.ad1).toBe('<div>new ad</div>');
  });

  it("empties the cache on the admin's clear-cache", async () => {
    const redis = t.app.get<Redis>(CACHE_REDIS);
    const prefix = cacheEntryPrefix(loadConfig().REDIS_PREFIX);
    await get('/api/countries').expect(200);
    expect((await get('/api/countries')).headers['x-cache']).toBe('HIT');
    expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);

    await as('post', '/api/admin/clear-cache').send({}).expect(200);
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
    expect((await get('/api/countries')).headers['x-cache']).toBe('MISS');
  });
});
