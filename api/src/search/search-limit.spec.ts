import { existsSync } from 'node:fs';
import request from 'supertest';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, syncSearch, type TestApp } from '../testing/test-app.js';
import { WEB_DIST, WEB_SERVER_ENTRY } from '../web-app/web-app.module.js';
import { USERNAME_IP_POINTS } from '../auth/login-limiter.js';
import { addressKey } from '../http/client-address.js';
import { apiRoutes, concretePath } from '../testing/routes.js';
import { isSearchRead } from '../web-app/page-renderer.js';
import { clientOf, SearchLimitInterceptor } from './search-limiter.js';

const LIMIT = 3;
const rendered = existsSync(`${WEB_DIST}/index.html`) && existsSync(WEB_SERVER_ENTRY);

/** Searches the engine runs, per client address (SEARCH_LIMIT), as a proxy on this host reports the client. */
describe('the limits per client address (searches; sign-ins and contact messages by the same address key)', () => {
  let t: TestApp;
  const saved = { TRUST_PROXY: process.env.TRUST_PROXY, SEARCH_LIMIT: process.env.SEARCH_LIMIT };
  const from = (address: string | null, path: string) => {
    const call = request(t.app.getHttpServer()).get(path).redirects(0);
    return address === null ? call : call.set('X-Forwarded-For', address);
  };

  beforeAll(async () => {
    process.env.TRUST_PROXY = 'loopback';
    process.env.SEARCH_LIMIT = String(LIMIT);
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    await syncSearch(t);
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await t?.close();
  });

  it('answers 429 with Retry-After past the limit; answers from the cache stay free', async () => {
    const client = '203.0.113.7';
    await from(client, '/api/search?q=cafe').expect(200);
    await from(client, '/api/search/suggest?q=caf').expect(200);
    await from(client, '/api/search?q=bakery').expect(200);
    const refused = await from(client, '/api/search?q=plumber').expect(429);
    expect(refused.body.message).toBe(
      `Too many searches from this address: at most ${LIMIT} every 10 seconds. ` +
        `Try again in ${refused.headers['retry-after']} second${refused.headers['retry-after'] === '1' ? '' : 's'}.`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await from(client, '/api/search/suggest?q=plu').expect(429);
    // The same search again is the cache's answer: the engine does no work, nothing is counted.
    expect((await from(client, '/api/search?q=cafe').expect(200)).headers['x-cache']).toBe('HIT');
    // Another address has its own allowance.
    await from('198.51.100.20', '/api/search?q=plumber').expect(200);
  });

  it('counts the lists the engine pages too: a category, a city, the newest, a business’s neighbours', async () => {
    const client = '203.0.113.80';
    for (const path of ['/api/categories/plumber?page=2', '/api/cities/us/new-york?page=2', '/api/businesses?page=2'])
      expect([path, (await from(client, path)).status]).toEqual([path, 200]);
    await from(client, '/api/businesses/joe-plumbing-new-york-mno345/nearby').expect(429);
    await from(client, '/api/categories/plumber?page=3').expect(429);
  });

  it('counts, in a rendered page, the reads of exactly the routes the limit counts', () => {
    const reads = apiRoutes(t.app).filter((route) => route.method === 'GET');
    const limited = reads.filter((route) => route.interceptors.includes(SearchLimitInterceptor));
    expect(limited.map((route) => route.path).sort()).toEqual([
      '/api/businesses',
      '/api/businesses/:slug/nearby',
      '/api/categories/:slug',
      '/api/cities/:countryCode/:citySlug',
      '/api/search',
      '/api/search/suggest',
    ]);
    const misread = reads.filter(
      (route) => isSearchRead(`${concretePath(route.path)}?page=2`) !== limited.includes(route),
    );
    expect(misread.map((route) => route.path)).toEqual([]);
  });

  it('counts an IPv6 client by its /64, and never loopback', async () => {
    for (const host of ['1', '2', 'ab:cd']) await from(`2001:db8:0:1::${host}`, `/api/search?q=v6-${host}`).expect(200);
    await from('2001:db8:0:1:ffff::9', '/api/search?q=v6-4').expect(429);
    await from('2001:db8:0:2::1', '/api/search?q=v6-4').expect(200);
    for (let i = 0; i < LIMIT * 3; i++) await from(null, `/api/search?q=loopback-${i}`).expect(200);
    expect([
      clientOf({ ip: '::ffff:192.0.2.1' } as never),
      clientOf({ ip: '127.0.0.2' } as never),
      clientOf({ ip: '::1' } as never),
      clientOf({ ip: '2001:db8::1' } as never),
      clientOf({ ip: 'fe80:1:2:3:4:5:6:7' } as never),
    ]).toEqual(['192.0.2.1', null, null, '2001:db8:0:0::/64', 'fe80:1:2:3::/64']);
  });

  it('counts a sign-in’s and a contact message’s IPv6 sender by its /64 too', async () => {
    const post = (host: string, path: string, body: object) =>
      request(t.app.getHttpServer()).post(path).set('X-Forwarded-For', `2001:db8:0:7::${host}`).send(body);
    const wrong = { username: 'admin', password: 'not the password' };
    for (let i = 1; i <= USERNAME_IP_POINTS; i++)
      expect((await post(`${i}`, '/api/admin/login', wrong)).status).toBe(401);
    expect((await post('ffff', '/api/admin/login', wrong)).status).toBe(429);
    const message = {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Hello there',
      message: 'A message of some length.',
    };
    for (let i = 1; i <= 5; i++) expect((await post(`a${i}`, '/api/contact', message)).status).toBe(201);
    expect((await post('b1', '/api/contact', message)).status).toBe(429);
    expect([addressKey('::ffff:192.0.2.1'), addressKey('2001:db8::1'), addressKey('127.0.0.1')]).toEqual([
      '192.0.2.1',
      '2001:db8:0:0::/64',
      '127.0.0.1',
    ]);
  });

  (rendered || process.env.CI ? it : it.skip)('counts a rendered search page for its visitor', async () => {
    const visitor = '192.0.2.44';
    for (let i = 0; i < LIMIT; i++) {
      expect((await from(visitor, `/search?q=page-${i}`).expect(200)).text).toContain('id="ssr-data"');
    }
    // Past the limit the page is the shell: the browser asks for the results itself, and is told to wait.
    const shell = await from(visitor, '/search?q=page-more').expect(200);
    expect(shell.text).toContain('<div id="root"></div>');
    expect(shell.text).not.toContain('id="ssr-data"');
    await from(visitor, '/api/search?q=page-more').expect(429);
    // A page already rendered is served from the page cache to anyone.
    expect((await from(visitor, '/search?q=page-0').expect(200)).text).toContain('id="ssr-data"');
  });
});
