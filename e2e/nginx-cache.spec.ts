import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startNginx, type RunningNginx } from '../bench/src/public/nginx.js';
import { PublicCacheService } from '../api/src/cache/public-cache.service.js';
import { DIRECTORY_FIXTURE } from '../api/src/testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../api/src/testing/test-app.js';
import { WEB_DIST } from '../api/src/web-app/web-app.module.js';

/**
 * Debian's nginx with deploy/nginx/directory.conf.template in front of the real api (issue 8's shared HTTP
 * cache): public reads and pages are cached as the api's answers allow, admin calls, credentials and no-cache
 * answers never are, conditional requests answer 304, socket.io passes through. Needs /usr/sbin/nginx
 * (scripts/ensure-nginx.sh): without it the suite fails, it does not skip.
 */
describe('nginx in front of the api', () => {
  let t: TestApp;
  let nginx: RunningNginx;
  let adminCookie: string;

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${nginx.base}${path}`, { headers });
  const cacheStatus = (res: Response) => res.headers.get('x-cache-status');

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    nginx = await startNginx({ upstream: `127.0.0.1:${port}`, workers: 1 });
    const login = await fetch(`${nginx.base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin-demo-password' }),
    });
    expect(login.status).toBe(200);
    adminCookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(adminCookie).toMatch(/^admin_session=./);
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  it('serves a public read from the api once, then from its cache with the same body and ETag', async () => {
    const first = await get('/api/categories');
    expect(first.status).toBe(200);
    expect(cacheStatus(first)).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const body = await first.text();
    expect(body).toContain('Plumber');

    const second = await get('/api/categories');
    expect(second.status).toBe(200);
    expect(cacheStatus(second)).toBe('HIT');
    expect(await second.text()).toBe(body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));

    // HEAD is answered from the same entry.
    const head = await fetch(`${nginx.base}/api/categories`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(cacheStatus(head)).toBe('HIT');
  });

  it('keeps one copy per encoding (Vary: Accept-Encoding), never sending compressed bytes to a client without', async () => {
    const raw = (acceptEncoding?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((done, reject) => {
        const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        http
          .get(`${nginx.base}/api/businesses`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              done({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
            );
          })
          .once('error', reject);
      });
    const brotli = await raw('br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect((await raw('br')).headers['x-cache-status']).toBe('HIT');
    const plain = await raw();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['x-cache-status']).toBe('MISS');
    expect(JSON.parse(plain.bytes.toString('utf8'))).toBeTruthy();
    const plainAgain = await raw();
    expect(plainAgain.headers['x-cache-status']).toBe('HIT');
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
  });

  it('answers If-None-Match with 304 through nginx', async () => {
    const path = '/api/businesses/cafe-zurich-abc123';
    const first = await get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get(path, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(cacheStatus(again)).toBe('HIT');
    expect(await again.text()).toBe('');
  });

  it('never caches an admin call, nor a public read made with the admin session or an Authorization header', async () => {
    for (let i = 0; i < 2; i++) {
      const session = await get('/api/admin/session', { cookie: adminCookie });
      expect(session.status).toBe(200);
      expect(await session.json()).toEqual({ authenticated: true, username: 'admin' });
      expect(cacheStatus(session)).not.toBe('HIT');
    }
    // Had the answer above been stored, a visitor without the cookie would get it.
    const visitor = await get('/api/admin/session');
    expect(visitor.status).toBe(401);
    expect(cacheStatus(visitor)).not.toBe('HIT');

    for (let i = 0; i < 2; i++) {
      const stats = await get('/api/admin/stats', { cookie: adminCookie });
      expect(stats.status).toBe(200);
      expect(cacheStatus(stats)).toBeNull(); // proxy_cache off: not even looked up
    }

    await get('/api/countries'); // stored for visitors
    for (const credentials of [{ cookie: adminCookie }, { authorization: 'Bearer some-token' }] as Record<
      string,
      string
    >[]) {
      const res = await get('/api/countries', credentials);
      expect(res.status).toBe(200);
      expect(cacheStatus(res)).toBe('BYPASS');
    }
    expect(cacheStatus(await get('/api/countries'))).toBe('HIT');
  });

  it('does not serve a no-cache answer (site settings) from its cache: a saved change shows at once', async () => {
    const read = async () => {
      const res = await get('/api/admin/site-settings');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(cacheStatus(res)).not.toBe('HIT');
      return JSON.stringify(await res.json());
    };
    await read();
    const marker = `nginx-test-${randomBytes(4).toString('hex')}`;
    await t.orm.em
      .fork()
      .execute(
        `insert into site_settings (key, value) values ('head_tags', ?) on conflict (key) do update set value = excluded.value`,
        [`<meta name="${marker}">`],
      );
    await t.app.get(PublicCacheService).invalidate('settings');
    expect(await read()).toContain(marker);
  });

  it('caches a server-rendered page', async () => {
    expect(existsSync(`${WEB_DIST}/index.html`)).toBe(true); // the built web app (npm run build)
    const page = '/business/cafe-zurich-abc123';
    const first = await get(page, { accept: 'text/html' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(cacheStatus(first)).toBe('MISS');
    const html = await first.text();
    expect(html).toContain('Café Zürich');

    // The api streams a first render before its ETag is known: nginx keeps the next answer, which has one.
    expect(first.headers.get('etag')).toBeNull();
    const stored = await get(page, { accept: 'text/html' });
    expect(cacheStatus(stored)).toBe('MISS');
    expect(stored.headers.get('etag')).toMatch(/^W\//);
    // The same page with its own nonce (the api adds one per answer, after its Redis cache).
    const withoutNonce = (text: string) => text.replace(/ nonce="[^"]+"/, '');
    const storedHtml = await stored.text();
    expect(withoutNonce(storedHtml)).toBe(withoutNonce(html));
    const second = await get(page, { accept: 'text/html' });
    expect(cacheStatus(second)).toBe('HIT');
    // nginx's copy is that answer as it was, its nonce and policy header together (docs/security.md).
    expect(await second.text()).toBe(storedHtml);
    expect(second.headers.get('content-security-policy')).toBe(stored.headers.get('content-security-policy'));
    // Browsers still revalidate the page (through nginx, which answers the ETag itself).
    expect(second.headers.get('cache-control')).toBe('no-cache');
    const revalidated = await get(page, { accept: 'text/html', 'if-none-match': second.headers.get('etag')! });
    expect(revalidated.status).toBe(304);

    // The admin's pages are never cached.
    for (let i = 0; i < 2; i++) expect(cacheStatus(await get('/admin', { accept: 'text/html' }))).toBeNull();
  });

  it('passes the socket.io handshake and the websocket upgrade through', async () => {
    const polling = await get('/socket.io/?EIO=4&transport=polling');
    expect(polling.status).toBe(200);
    expect(cacheStatus(polling)).toBeNull();
    const open = await polling.text();
    expect(open).toMatch(/^0\{"sid":"[^"]+"/);

    const upgraded = await new Promise<number>((resolveStatus, reject) => {
      const req = http.request(`${nginx.base}/socket.io/?EIO=4&transport=websocket`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
        },
      });
      req.once('upgrade', (res, socket) => {
        socket.destroy();
        resolveStatus(res.statusCode ?? 0);
      });
      req.once('response', (res) => resolveStatus(res.statusCode ?? 0));
      req.once('error', reject);
      req.end();
    });
    expect(upgraded).toBe(101);
  });

  it('logs what its cache did for every request', () => {
    const statuses = nginx.cacheStatuses();
    expect(statuses.HIT).toBeGreaterThanOrEqual(4);
    expect(statuses.MISS).toBeGreaterThanOrEqual(3);
    expect(statuses.BYPASS).toBeGreaterThanOrEqual(2);
  });
});
