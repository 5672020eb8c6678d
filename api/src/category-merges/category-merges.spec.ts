import pg from 'pg';
import request from 'supertest';
import { canonicalizeDirectory, MAINTENANCE_JOBS, QUEUES, refreshAggregates, withTransaction } from '@directory/core';
import { PublicCacheService } from '../cache/public-cache.service.js';
import { JobQueues } from '../jobs/job-queues.js';
import { type OpenedSearch, reindex } from '@directory/search';
import { SEARCH } from '../search/search-engine.module.js';
import { insertBusinesses, signIn, startTestApp, syncSearch, type TestApp } from '../testing/test-app.js';

describe('admin category merges', () => {
  let t: TestApp;
  let cookie: string[];
  const path = '/api/admin/category-merges';
  const as = (method: 'get' | 'post' | 'delete', to: string) =>
    request(t.app.getHttpServer())[method](to).set('Cookie', cookie);
  const get = (to: string) => request(t.app.getHttpServer()).get(to).redirects(0);
  const sql = (text: string, params: unknown[] = []) => t.orm.em.fork().execute(text, params);
  const queued = async () =>
    (await t.app.get(JobQueues).queue(QUEUES.maintenance).getDelayed()).filter(
      (job) => job.name === MAINTENANCE_JOBS.applyCategoryMerges,
    );
  /** What the worker's job does (worker/src/maintenance: its own spec runs the job itself). */
  const applyMerges = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await withTransaction(client, 'begin', () => canonicalizeDirectory(client));
      await refreshAggregates(client);
    } finally {
      await client.end();
    }
    await syncSearch(t);
    await t.app.get(PublicCacheService).invalidate('catalogue');
  };

  beforeAll(async () => {
    t = await startTestApp();
    cookie = await signIn(t.app);
    await insertBusinesses(t, [
      { name: 'Odeon', slug: 'odeon-aaaaaa', category: 'Café', city: 'Zürich', countryCode: 'CH' },
      {
        name: 'Kaffee Eins',
        slug: 'kaffee-eins-aaaaaa',
        category: 'Kaffeegeschäft',
        city: 'Zürich',
        countryCode: 'CH',
      },
      { name: 'Kaffee Zwei', slug: 'kaffee-zwei-aaaaaa', category: 'Kaffeegeschäft', city: 'Bern', countryCode: 'CH' },
    ]);
    await applyMerges();
  });
  afterAll(() => t.close());

  it('merges a translation into its category: one page with every business, the old address redirects', async () => {
    const before = (await get('/api/categories').expect(200)).body as { category: string; count: number }[];
    expect(before.map((c) => [c.category, c.count])).toEqual([
      ['Kaffeegeschäft', 2],
      ['Café', 1],
    ]);
    await t.app.get(JobQueues).queue(QUEUES.maintenance).drain(true);
    const created = await as('post', path).send({ spelling: ' Kaffeegeschäft ', into: 'cafe' }).expect(201);
    expect(created.body).toMatchObject({ spelling: 'Kaffeegeschäft', into: 'cafe' });
    expect(await queued()).toHaveLength(1);

    await applyMerges();
    const after = (await get('/api/categories').expect(200)).body as { category: string; count: number }[];
    // The category keeps the name its own businesses give it, not the admin's spelling of the target.
    expect(after.map((c) => [c.category, c.count])).toEqual([['Café', 3]]);
    expect((await get('/api/categories/kaffeegeschaft').expect(301)).headers.location).toBe(
      '/api/categories/caf%C3%A9',
    );
    expect((await get('/categories/kaffeegeschafte').expect(301)).headers.location).toBe('/categories/caf%C3%A9');
    const found = (await get('/api/search?q=kaffee').expect(200)).body.businesses as { category: string }[];
    expect(found.map((b) => b.category)).toEqual(['Café', 'Café']);
    // Every business of the category answers to the merged spelling, once the rebuild the job queues has run.
    const { pool, engine } = t.app.get<OpenedSearch>(SEARCH);
    await reindex(pool, engine);
    await t.app.get(PublicCacheService).invalidate('catalogue');
    const named = (await get('/api/search?q=Kaffeegesch%C3%A4ft').expect(200)).body.businesses as { name: string }[];
    expect(named.map((b) => b.name).sort()).toEqual(['Kaffee Eins', 'Kaffee Zwei', 'Odeon']);

    await as('delete', `${path}/${created.body.id}`).expect(200);
    await as('delete', `${path}/${created.body.id}`).expect(404);
    const entries = await sql(`select action, details from audit_log where action like 'category-merge.%' order by id`);
    expect(entries).toEqual([
      { action: 'category-merge.create', details: { id: created.body.id, spelling: 'Kaffeegeschäft', into: 'cafe' } },
      { action: 'category-merge.delete', details: { id: created.body.id, spelling: 'Kaffeegeschäft', into: 'cafe' } },
    ]);
  });

  it('refuses a merge that changes nothing, a chain and a repeat with a Turkish sentence, and nobody else', async () => {
    const refused = async (body: object, status: number) =>
      (await as('post', path).send(body).expect(status)).body.message;
    expect(await refused({ spelling: ' ', into: 'Café' }, 400)).toEqual([
      'Kategori yazımı ve hedef kategori boş olamaz.',
    ]);
    expect(await refused({ spelling: 'cafes', into: 'Café' }, 400)).toEqual([
      'Bu yazım zaten bu kategoriyle aynı sayılıyor (büyük/küçük harf, aksan ve tekil/çoğul fark etmez).',
    ]);
    await as('post', path).send({ spelling: 'Teestube', into: 'Tea house' }).expect(201);
    expect(await refused({ spelling: 'TEESTUBE', into: 'Tea room' }, 409)).toBe(
      'Bu yazım için zaten bir birleştirme var.',
    );
    expect(await refused({ spelling: 'Chaihana', into: 'Teestube' }, 400)).toEqual([
      'Hedef kategori başka bir kategoriye birleştiriliyor; doğrudan onun hedefini seçin.',
    ]);
    expect(await refused({ spelling: 'Tea houses', into: 'Café' }, 400)).toEqual([
      'Bu yazım başka birleştirmelerin hedefi; önce o birleştirmeleri değiştirin.',
    ]);
    await as('delete', `${path}/abc`).expect(400);
    await request(t.app.getHttpServer()).post(path).send({ spelling: 'a', into: 'b' }).expect(401);
  });
});
