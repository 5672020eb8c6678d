import { getMetadataStorage } from 'class-validator';
import request from 'supertest';
import { heldRoutes } from './held-routes.js';
import { apiRoutes, concretePath } from '../testing/routes.js';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';

/** Every query parameter name a public or admin GET declares (their DTOs), plus one no route knows. */
const QUERY_NAMES = [
  'q',
  'location',
  'category',
  'country',
  'city',
  'letter',
  'page',
  'limit',
  'sort',
  'minRating',
  'openNow',
  'lat',
  'lng',
  'radiusKm',
  'bbox',
  'filter',
  'sortBy',
  'sortOrder',
  'days',
  'state',
  'type',
  'unknown',
];
const NUL = 'a%00b';

/** Bad input answers 400 with a sentence, never 500: NUL characters and page numbers, on the real api. */
describe('bad input is a 400, never a 500', () => {
  let t: TestApp;
  let cookie: string[];
  const http = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    const login = await request(http())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' })
      .expect(200);
    cookie = login.headers['set-cookie'] as unknown as string[];
  });
  afterAll(() => t?.close());

  /** The routes that read a JSON body (uploads read multipart: uploads.spec). */
  const jsonWrites = () =>
    apiRoutes(t.app).filter((route) => route.readsBody && route.method !== 'GET' && route.body?.kind !== 'multipart');

  /** The GET routes with parameters or a query, as Fastify holds them (Nest registered them there). */
  function getRoutes(): string[] {
    const paths = heldRoutes(t.app)
      .filter((route) => route.method === 'GET')
      .map((route) => route.url)
      // Wildcards are catch-alls (the web app, Swagger's files); they are walked as their own addresses below.
      // The queue dashboard is Bull Board's plugin (queue-dashboard.spec).
      .filter((path) => !/[*{]/.test(path) && !/^\/api\/(docs|admin\/queues)/.test(path));
    return [...new Set(paths)];
  }

  it('walks every GET route with a NUL in each slug and each query parameter, signed in and not', async () => {
    const routes = getRoutes();
    expect(routes).toEqual(expect.arrayContaining(['/api/businesses/:slug', '/api/cities/:countryCode/:citySlug']));
    expect(routes.length).toBeGreaterThan(25);
    const addresses: string[] = ['/sitemaps/businesses/page-a%00b.xml', `/business/${NUL}`, `/search?q=${NUL}`];
    for (const route of routes) {
      const names = [...route.matchAll(/:(\w+)/g)].map((match) => match[1]);
      // Each path parameter holding the NUL in turn, the others plausible values.
      for (const name of names) {
        addresses.push(
          route.replace(/:(\w+)/g, (_, other: string) => (other === name ? NUL : other === 'countryCode' ? 'ch' : '1')),
        );
      }
      const plain = route.replace(/:(\w+)/g, (_, other: string) => (other === 'countryCode' ? 'ch' : '1'));
      for (const query of QUERY_NAMES) addresses.push(`${plain}?${query}=${NUL}`);
      addresses.push(`${plain}?a%00b=1`);
    }
    const failures: string[] = [];
    for (const address of addresses) {
      for (const session of [[], cookie]) {
        const res = await request(http()).get(address).set('Cookie', session);
        if (res.status >= 500) failures.push(`${address} → ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('names the parameter holding the NUL', async () => {
    const rule = (name: string) => [`${name} must not contain a NUL character (%00 or \\u0000)`];
    expect((await request(http()).get(`/api/businesses/${NUL}`).expect(400)).body.message).toEqual(rule('slug'));
    expect((await request(http()).get(`/api/cities/ch/${NUL}`).expect(400)).body.message).toEqual(rule('citySlug'));
    expect((await request(http()).get(`/api/search?q=caf${NUL}`).expect(400)).body.message).toEqual(rule('q'));
    expect((await request(http()).get(`/api/categories?q=${NUL}`).expect(400)).body.message).toEqual(rule('q'));
    const contact = await request(http())
      .post('/api/contact')
      .send({ name: 'Ada', email: 'ada@example.com', subject: 'Hello there', message: 'Null \u0000 inside' })
      .expect(400);
    expect(contact.body.message).toEqual(rule('message'));
    const nested = await request(http())
      .put('/api/admin/businesses/1')
      .set('Cookie', cookie)
      .send({ about: { groups: ['ok', 'bad\u0000'] } })
      .expect(400);
    expect(nested.body.message).toEqual(rule('about.groups[1]'));
  });

  it('answers a parameter given more than once with a 400 naming it, on every GET route', async () => {
    const once = (name: string) => `${name} must be given once (it was sent 2 times)`;
    const failures: string[] = [];
    // The CSV export's GET waits for its job, and no worker runs here.
    for (const route of getRoutes().filter((path) => path !== '/api/admin/export-csv')) {
      const plain = route.replace(/:(\w+)/g, (_, other: string) => (other === 'countryCode' ? 'ch' : '1'));
      for (const name of QUERY_NAMES) {
        const res = await request(http()).get(`${plain}?${name}=1&${name}=2`).set('Cookie', cookie);
        const messages: unknown[] = res.status === 400 && Array.isArray(res.body.message) ? res.body.message : [];
        // A route that declares the parameter names the repetition; none misreads the list as a bad value.
        const misread = messages.filter((m) => typeof m === 'string' && m.startsWith(`${name} `) && m !== once(name));
        if (res.status >= 500 || misread.length)
          failures.push(`${plain}?${name} → ${res.status} ${misread.join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
    for (const [address, name] of [
      ['/api/search?q=pizza&q=pasta', 'q'],
      ['/api/search/suggest?q=piz&q=pas', 'q'],
      ['/api/businesses?page=1&page=2', 'page'],
      ['/api/categories?q=caf&q=bar', 'q'],
      ['/api/search?openNow=true&openNow=false', 'openNow'],
    ]) {
      const res = await request(http()).get(address).expect(400);
      expect([address, res.body.message]).toEqual([address, [once(name)]]);
    }
  }, 300_000);

  /** The fields a body DTO declares (class-validator's metadata); none for an interface (its type is Object). */
  function bodyFields(type: unknown): string[] {
    if (typeof type !== 'function' || type === Object) return [];
    const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
    return [...new Set(rules.map((rule) => rule.propertyName))];
  }

  it('answers null, a value of another type or a number too large, in each field of every JSON body with a 400, never a 500', async () => {
    // The legacy export answers with the worker's file, and no worker runs here (its refusals: request.spec.ts).
    const writes = jsonWrites().filter((route) => route.path !== '/api/export-csv');
    const declared = writes.flatMap((route) => bodyFields(route.bodyType));
    expect(declared).toEqual(expect.arrayContaining(['name', 'reviews', 'ids', 'matching', 'head_tags', 'ad1']));
    // An interface's fields are unknown here: such a route gets every field any body declares, and the export's.
    const everyName = [...new Set([...declared, 'fields', 'countryCode', 'categories', 'dateRange', 'startDate'])];
    const failures: string[] = [];
    for (const route of writes) {
      const names = bodyFields(route.bodyType);
      const bodies: unknown[] = [null, [], 'text'];
      for (const name of names.length ? names : everyName)
        bodies.push({ [name]: null }, { [name]: {} }, { [name]: [null] }, { [name]: 1e300 }, { [name]: 99999999999 });
      const method = route.method.toLowerCase() as 'post';
      for (const body of bodies) {
        const agent = request(http());
        const res = await agent[method](concretePath(route.path))
          .set('Cookie', cookie)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        if (res.status >= 500) failures.push(`${route.method} ${route.path} ${JSON.stringify(body)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers a field no body of the route declares with a 400 naming it, on every JSON write route with a DTO', async () => {
    // {"ad5": …} saved nothing and {"slug": …} on a business changed nothing, both answering success.
    const writes = jsonWrites().filter((route) => bodyFields(route.bodyType).length > 0);
    expect(writes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/api/admin/advertisement-codes', '/api/admin/businesses/:id']),
    );
    const answers: string[] = [];
    for (const route of writes) {
      const method = route.method.toLowerCase() as 'post';
      const agent = request(http());
      const res = await agent[method](concretePath(route.path)).set('Cookie', cookie).send({ not_a_field: 'x' });
      answers.push(`${route.method} ${route.path} → ${res.status} ${String(res.body.message)}`);
    }
    expect(answers.filter((answer) => !answer.includes('→ 400 property not_a_field should not exist'))).toEqual([]);
    const saveNull = await request(http())
      .post('/api/admin/site-settings')
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .send('null');
    expect([saveNull.status, saveNull.body.message]).toEqual([400, 'The body must be a JSON object, not null.']);
  });

  const PAGED = [
    ['/api/businesses', 100],
    [`/api/categories/${encodeURIComponent('café-&-bar')}`, 100],
    ['/api/cities/ch/z%C3%BCrich', 100],
    ['/api/countries/ch/cities', 100],
    ['/api/search', 500],
  ] as const;

  it.each(PAGED)('answers page numbers outside 1..max on %s with 400 and its rule', async (path, max) => {
    for (const page of ['1e308', '1.5', '-1', '0', '99999999999999999999', String(max + 1), 'abc', '']) {
      const res = await request(http()).get(`${path}?page=${page}`);
      expect([page, res.status, res.body.message]).toEqual([
        page,
        400,
        [`page must be a whole number from 1 to ${max}`],
      ]);
    }
  });

  it.each(PAGED)('answers a page past the last one on %s with an empty page', async (path, max) => {
    const first = (await request(http()).get(`${path}?page=1`).expect(200)).body;
    expect((first.businesses ?? first.cities).length).toBeGreaterThan(0);
    const past = (await request(http()).get(`${path}?page=${max}`).expect(200)).body;
    expect(past.businesses ?? past.cities).toEqual([]);
    expect(past).toMatchObject({ currentPage: max, hasNextPage: false, totalCount: first.totalCount });
    expect(past.totalPages).toBeLessThanOrEqual(100);
  });
});
