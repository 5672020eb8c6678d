import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { eventually } from '../../../worker/src/imports/import-testing.js';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';
import { startWorker } from '../testing/worker.js';
import { AdminBusinessesService, DELETE_IN_REQUEST_MAX, DELETE_WAIT_MS } from './admin-businesses.service.js';

describe('admin calls', () => {
  let t: TestApp;
  let cookie: string[];
  const http = () => t.app.getHttpServer();
  const as = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(http())[method](path).set('Cookie', cookie);
  const idOf = async (slug: string) =>
    Number((await t.orm.em.fork().execute(`select id from businesses where slug = ?`, [slug]))[0].id);

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, [
      ...DIRECTORY_FIXTURE,
      { name: 'Test Business', slug: 'test-business-aaaaaa', category: 'Plumber' },
      { name: 'Test Business', slug: 'test-business-bbbbbb', category: 'Plumber' },
    ]);
    const login = await request(http())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' });
    cookie = login.headers['set-cookie'] as unknown as string[];
  });
  afterAll(() => t.close());

  it('lists every business (unapproved too) with search, category and sort', async () => {
    const all = await as('get', '/api/admin/businesses?limit=20').expect(200);
    expect(all.body.total).toBe(9);
    expect(all.body.pagination).toEqual({ page: 1, limit: 20, total: 9, totalPages: 1 });
    const hidden = await as('get', '/api/admin/businesses?filter=hidden').expect(200);
    expect(hidden.body.businesses).toEqual([
      expect.objectContaining({
        name: 'Hidden Plumber',
        isApproved: false,
        reviewCount: 1000,
        slug: 'hidden-plumber-pqr678',
      }),
    ]);
    // A business without a rating says so (null), not 0 stars.
    const unrated = await as('get', '/api/admin/businesses?filter=Nowhere%20Shop').expect(200);
    expect(unrated.body.businesses).toEqual([expect.objectContaining({ name: 'Nowhere Shop', rating: null })]);
    const byRating = await as('get', '/api/admin/businesses?category=Café %26 Bar&sortBy=rating&sortOrder=asc').expect(
      200,
    );
    expect(byRating.body.businesses.map((b: { name: string }) => b.name)).toEqual(['Bar Basel', 'Café Zürich']);
    await as('get', '/api/admin/businesses?sortBy=password').expect(400);
  });

  it('answers stats, categories and country codes', async () => {
    const stats = await as('get', '/api/admin/stats').expect(200);
    expect(stats.body).toMatchObject({ totalBusinesses: 9, totalCategories: 4 });
    expect(stats.body.categories[0]).toEqual({ category: 'Plumber', count: 4 });
    expect((await as('get', '/api/admin/country-codes').expect(200)).body).toEqual(['CH', 'RS', 'US']);
    expect((await as('get', '/api/admin/categories').expect(200)).body).toContain('Ветеринар');
  });

  it('toggles approval: the business leaves and rejoins the public site', async () => {
    const id = await idOf('bar-basel-def456');
    const off = await as('post', `/api/admin/businesses/${id}/toggle-approval`).expect(200);
    expect(off.body).toMatchObject({ success: true, isApproved: false });
    await request(http()).get('/api/businesses/bar-basel-def456').expect(404);
    await as('post', `/api/admin/businesses/${id}/toggle-approval`).expect(200);
    await request(http()).get('/api/businesses/bar-basel-def456').expect(200);
    await as('post', '/api/admin/businesses/999999/toggle-approval').expect(404);
  });

  it('edits a business with validation, and the public page shows the change', async () => {
    const id = await idOf('joe-plumbing-new-york-mno345');
    await as('put', `/api/admin/businesses/${id}`).send({ rating: 7 }).expect(400);
    await as('put', `/api/admin/businesses/${id}`).send({ countryCode: 'USA' }).expect(400);
    await as('put', `/api/admin/businesses/${id}`)
      .send({ name: 'Joe Plumbing & Heating', city: 'Brooklyn' })
      .expect(200);
    const page = await request(http()).get('/api/businesses/joe-plumbing-new-york-mno345').expect(200);
    expect(page.body).toMatchObject({ name: 'Joe Plumbing & Heating', city: 'Brooklyn', citySlug: 'brooklyn' });
    // About is stored as every writer stores it (canonical JSON), or refused when it cannot be read.
    const storedAbout = async () =>
      (await t.orm.em.fork().execute('select about from businesses where id = ?', [id]))[0].about;
    await as('put', `/api/admin/businesses/${id}`).send({ about: "{'Accessibility': {'Ramp': True}}" }).expect(200);
    expect(await storedAbout()).toBe('{"Accessibility":{"Ramp":true}}');
    await as('put', `/api/admin/businesses/${id}`).send({ about: 'Family run since 1990' }).expect(200);
    expect(await storedAbout()).toBe('"Family run since 1990"');
    const refused = await as('put', `/api/admin/businesses/${id}`).send({ about: '{not json' }).expect(400);
    expect(refused.body.message).toEqual([
      'about must be text, or a JSON object of groups of amenities set to true or false',
    ]);
  });

  it('judges hours at the zone of the place an edit moves the business to', async () => {
    const id = await idOf('test-business-aaaaaa');
    const zone = async () =>
      (await t.orm.em.fork().execute('select time_zone from businesses where id = ?', [id]))[0].time_zone;
    await t.orm.em
      .fork()
      .execute(`update businesses set time_zone = 'Europe/Zurich', country_code = 'CH' where id = ?`, [id]);
    // A position in another country's zone: that zone.
    const newYork = { city: 'New York', countryCode: 'US', fullAddress: '1 Main St, New York, NY 10001' };
    await as('put', `/api/admin/businesses/${id}`)
      .send({ ...newYork, latitude: 40.75, longitude: -73.99 })
      .expect(200);
    expect(await zone()).toBe('America/New_York');
    // No position in a country of several zones: the zone it had, being one of the country's.
    await as('put', `/api/admin/businesses/${id}`).send({ latitude: null, longitude: null }).expect(200);
    expect(await zone()).toBe('America/New_York');
    // A country of one zone: that zone; a name or a phone changes nothing.
    await as('put', `/api/admin/businesses/${id}`).send({ countryCode: 'RS', city: 'Beograd' }).expect(200);
    expect(await zone()).toBe('Europe/Belgrade');
    await t.orm.em.fork().execute(`update businesses set time_zone = 'Asia/Tokyo' where id = ?`, [id]);
    await as('put', `/api/admin/businesses/${id}`).send({ name: 'Test Business', phone: '+381 11 123' }).expect(200);
    expect(await zone()).toBe('Asia/Tokyo');
    // Several zones, no position, a zone of another country before: none is known.
    await as('put', `/api/admin/businesses/${id}`).send({ countryCode: 'US', city: 'Chicago' }).expect(200);
    expect(await zone()).toBeNull();
  });

  it.each([
    ['get', '/api/admin/businesses/%s'],
    ['put', '/api/admin/businesses/%s'],
    ['post', '/api/admin/businesses/%s/toggle-approval'],
    ['delete', '/api/admin/businesses/%s'],
    ['delete', '/api/businesses/%s'],
  ] as const)('%s %s answers 400 naming the id when it is not a business id', async (method, path) => {
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '%201', '99999999999999999999']) {
      const res = await as(method, path.replace('%s', bad)).send({});
      expect({ bad, status: res.status, message: res.body.message }).toEqual({
        bad,
        status: 400,
        message: ['id must be a whole number (1 or more)'],
      });
    }
    // A well-formed id no business has is a 404, not a 400.
    await as(method, path.replace('%s', '999999')).send({}).expect(404);
  });

  it('saves site settings and ads, enforcing 50 KB per ad slot', async () => {
    await as('post', '/api/admin/site-settings').send({ head_tags: '<meta name="x" content="y">' }).expect(200);
    expect((await request(http()).get('/api/admin/site-settings')).body.head_tags).toBe('<meta name="x" content="y">');
    const big = await as('post', '/api/admin/advertisement-codes')
      .send({ ad3: 'x'.repeat(50 * 1024 + 1) })
      .expect(400);
    expect(big.body.message).toEqual(['ad3 is larger than 50 KB; shorten the code or load the script from its host']);
    await as('post', '/api/admin/advertisement-codes').send({ ad1: '<div>ad one</div>' }).expect(200);
    expect((await request(http()).get('/api/admin/advertisement-codes')).body.ad1).toBe('<div>ad one</div>');
  });

  it('shows the search index status and queues a reindex for the worker', async () => {
    const status = await as('get', '/api/admin/search/status').expect(200);
    expect(status.body).toEqual({
      engine: 'postgres',
      documents: 9,
      backlog: { rows: expect.any(Number), ids: expect.any(Number), oldestAgeMs: expect.anything() },
    });
    const queued = await as('post', '/api/admin/search/reindex').expect(202);
    expect(queued.body).toEqual({ jobId: expect.stringMatching(/^reindex-/), message: 'Reindex queued.' });
    const audit = (await as('get', '/api/admin/audit-log').expect(200)).body.map((e: { action: string }) => e.action);
    expect(audit[0]).toBe('search.reindex');
  });

  it('rejects a cross-site write even with a valid session', async () => {
    await as('post', '/api/admin/clear-cache').set('Origin', 'https://evil.example').expect(403);
    await as('delete', '/api/admin/test-data').set('Sec-Fetch-Site', 'cross-site').expect(403);
  });

  it('deletes test data, one business (legacy alias too), then all — and audits each', async () => {
    expect((await as('delete', '/api/admin/test-data').expect(200)).body).toEqual({
      success: true,
      deletedCount: 2,
      message: '2 test businesses were deleted.',
    });
    const id = await idOf('nowhere-shop-stu901');
    expect((await as('delete', `/api/businesses/${id}`).expect(200)).body.success).toBe(true);
    await as('delete', `/api/businesses/${id}`).expect(404);
    expect((await as('delete', '/api/admin/businesses').expect(200)).body).toMatchObject({
      success: true,
      deletedCount: 6,
    });
    const audit = (await as('get', '/api/admin/audit-log').expect(200)).body.map((e: { action: string }) => e.action);
    expect(audit.slice(0, 3)).toEqual(['business.delete-all', 'business.delete', 'business.delete-test-data']);
    expect(audit).toEqual(expect.arrayContaining(['settings.save', 'advertisements.save', 'business.update']));
  });

  it('hands a delete of more businesses than a request should make to the worker, answering 202 while it runs', async () => {
    await insertBusinesses(
      t,
      ['aaa111', 'bbb222', 'ccc333'].map((suffix) => ({
        name: 'Test Business',
        slug: `test-business-${suffix}`,
        category: 'Plumber',
      })),
    );
    const service = t.app.get(AdminBusinessesService);
    // Three is "many" here; no worker runs in this suite, so the job is still waiting when the wait ends.
    Object.assign(service, { deleteInRequestMax: 2, deleteWaitMs: 300 });
    let worker: INestApplicationContext | undefined;
    try {
      const res = await as('delete', '/api/admin/test-data').expect(202);
      expect(res.body).toEqual({
        success: true,
        jobId: expect.any(String),
        state: 'waiting',
        statusUrl: `/api/admin/jobs/${res.body.jobId}`,
        message: 'More than 2 businesses are being deleted by the worker; follow it at the status URL.',
      });
      const job = await as('get', res.body.statusUrl).expect(200);
      expect(job.body).toMatchObject({ queue: 'maintenance', name: 'delete-businesses', state: 'waiting' });
      // Nothing was deleted in the request.
      const left = await t.orm.em
        .fork()
        .execute(`select count(*)::int as n from businesses where name = 'Test Business'`);
      expect(left[0].n).toBe(3);
      const audit = (await as('get', '/api/admin/audit-log').expect(200)).body[0];
      expect(audit).toMatchObject({ action: 'business.delete-test-data', details: { jobId: res.body.jobId } });

      // A worker takes the job and deletes them; a call it finishes within the wait answers 200 as before.
      worker = await startWorker();
      await eventually(
        async () => (await as('get', res.body.statusUrl)).body.state === 'completed',
        'the worker ran the delete job',
      );
      expect((await as('get', res.body.statusUrl)).body.result).toEqual({
        success: true,
        deletedCount: 3,
        message: '3 test businesses were deleted.',
      });
      await insertBusinesses(t, [
        { name: 'One', slug: 'one-1', category: 'Plumber' },
        ...['two', 'three'].map((n) => ({ name: n, slug: `${n}-1`, category: 'Plumber' })),
      ]);
      service.deleteWaitMs = 30_000;
      expect((await as('delete', '/api/admin/businesses').expect(200)).body).toEqual({
        success: true,
        deletedCount: 3,
        message: '3 businesses were deleted.',
      });
    } finally {
      Object.assign(service, { deleteInRequestMax: DELETE_IN_REQUEST_MAX, deleteWaitMs: DELETE_WAIT_MS });
      await worker?.close();
    }
  });
});
