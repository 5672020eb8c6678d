import request from 'supertest';
import { QUEUES } from '@directory/core';
import { JobQueues } from '../jobs/job-queues.js';
import { type OpenedSearch, reindex } from '@directory/search';
import { PublicCacheService } from '../cache/public-cache.service.js';
import { SEARCH } from '../search/search-engine.module.js';
import { insertBusinesses, signIn, startTestApp, syncSearch, type TestApp } from '../testing/test-app.js';

describe('admin search synonyms', () => {
  let t: TestApp;
  let cookie: string[];
  const path = '/api/admin/search/synonyms';
  const as = (method: 'get' | 'put' | 'post' | 'delete', to: string) =>
    request(t.app.getHttpServer())[method](to).set('Cookie', cookie);
  const sql = (text: string, params: unknown[] = []) => t.orm.em.fork().execute(text, params);
  const rebuilds = async () =>
    (await t.app.get(JobQueues).queue(QUEUES.search).getDelayed()).filter((job) => job.name === 'reindex');

  beforeAll(async () => {
    t = await startTestApp();
    cookie = await signIn(t.app);
  });
  afterAll(() => t.close());

  it('starts with the common ones', async () => {
    const { body } = await as('get', path).expect(200);
    expect(body).toContainEqual(expect.objectContaining({ phrase: 'dog grooming', means: 'pet groomer' }));
  });

  it('adds, changes and removes a rule, each audited and queuing the rebuild that applies it', async () => {
    await t.app.get(JobQueues).queue(QUEUES.search).drain(true);
    const created = await as('post', path).send({ phrase: '  Kebab   shop ', means: 'Turkish restaurant' }).expect(201);
    expect(created.body).toMatchObject({ phrase: 'Kebab shop', means: 'Turkish restaurant' });
    const id = created.body.id;
    expect(await rebuilds()).toHaveLength(1);
    await as('put', `${path}/${id}`).send({ phrase: 'döner', means: 'Turkish restaurant' }).expect(200);
    await as('delete', `${path}/${id}`).expect(200);
    const entries = await sql(`select action, details from audit_log where action like 'synonym.%' order by id`);
    expect(entries).toEqual([
      { action: 'synonym.create', details: { id, phrase: 'Kebab shop', means: 'Turkish restaurant' } },
      { action: 'synonym.update', details: { id, phrase: 'döner', means: 'Turkish restaurant' } },
      { action: 'synonym.delete', details: { id, phrase: 'döner', means: 'Turkish restaurant' } },
    ]);
    // Edits close together share one rebuild.
    expect((await rebuilds()).length).toBeLessThanOrEqual(2);
    await as('delete', `${path}/${id}`).expect(404);
  });

  it('makes the search find what a rule means once the rebuild it queued has run', async () => {
    await insertBusinesses(t, [
      { name: 'Fluffy Paws', slug: 'fluffy-paws-aaaaaa', category: 'Pet groomer', city: 'Leeds' },
      { name: 'Anatolia', slug: 'anatolia-aaaaaa', category: 'Turkish restaurant', city: 'Leeds' },
    ]);
    await syncSearch(t);
    const found = async (q: string) =>
      (
        await request(t.app.getHttpServer())
          .get(`/api/search?q=${encodeURIComponent(q)}`)
          .expect(200)
      ).body.businesses.map((b: { name: string }) => b.name);
    // A seeded rule.
    expect(await found('dog grooming')).toEqual(['Fluffy Paws']);
    expect(await found('kebab house')).toEqual([]);
    await as('post', path).send({ phrase: 'kebab house', means: 'turkish restaurant' }).expect(201);
    // What the worker's job does.
    const { pool, engine } = t.app.get<OpenedSearch>(SEARCH);
    await reindex(pool, engine);
    await t.app.get(PublicCacheService).invalidate('catalogue');
    expect(await found('kebab house')).toEqual(['Anatolia']);
  });

  it('refuses empty, long, wordless, circular and repeated rules with a Turkish sentence', async () => {
    const refused = async (body: object, status: number) =>
      (await as('post', path).send(body).expect(status)).body.message;
    expect(await refused({ phrase: '   ', means: 'bakery' }, 400)).toEqual(['İfade ve anlamı boş olamaz.']);
    expect(await refused({ phrase: 'x'.repeat(61), means: 'bakery' }, 400)).toEqual([
      'İfade ve anlamı en fazla 60 karakter olabilir.',
    ]);
    expect(await refused({ phrase: '--', means: 'bakery' }, 400)).toEqual([
      'İfade ve anlamı en az bir harf ya da rakam içermelidir.',
    ]);
    expect(await refused({ phrase: 'Café', means: 'cafe' }, 400)).toEqual(['İfade ile anlamı aynı olamaz.']);
    expect(await refused({ phrase: 'Dog  Grooming', means: 'pet groomer' }, 409)).toBe('Bu eş anlam zaten var.');
    expect(await refused({ phrase: 'vet' }, 400)).toBeDefined();
    await as('put', `${path}/abc`).send({ phrase: 'a', means: 'b' }).expect(400);
  });
});
