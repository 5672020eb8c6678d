import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import request from 'supertest';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';
import { WEB_DIST } from '../web-app/web-app.module.js';

/** GET with node's http client, which (unlike supertest) leaves a compressed body as it came. */
async function raw(
  server: Server,
  path: string,
  encoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpGet({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('HTTP hygiene', () => {
  let t: TestApp;
  const http = () => t.app.getHttpServer();
  const get = (path: string) => request(http()).get(path);

  const trustProxy = process.env.TRUST_PROXY;
  beforeAll(async () => {
    // As behind a TLS-terminating proxy on this host: X-Forwarded-Proto from 127.0.0.1 is believed.
    process.env.TRUST_PROXY = 'loopback';
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
  });
  afterAll(async () => {
    if (trustProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxy;
    await t.close();
  });

  it('sends security headers and the strict CSP on api answers (public pages have their own)', async () => {
    const res = await get('/api/homepage-data').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('img-src');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only on requests that came over TLS', async () => {
    const secure = await get('/api/homepage-data').set('X-Forwarded-Proto', 'https').expect(200);
    expect(secure.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(secure.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps CORS closed by default', async () => {
    const res = await get('/api/homepage-data').set('Origin', 'https://elsewhere.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(http())
      .options('/api/contact')
      .set('Origin', 'https://elsewhere.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('compresses JSON with gzip or brotli, as the client accepts', async () => {
    const plain = (await get('/api/search?q=cafe').expect(200)).body;
    const server = http() as Server;
    const gzip = await raw(server, '/api/search?q=cafe', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(plain);
    const br = await raw(server, '/api/search?q=cafe', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(plain);
  });

  it('sends cached answers compressed once and kept (same bytes, a length, Vary), and 304 when unchanged', async () => {
    const plain = (await get('/api/search?q=cafe').expect(200)).body;
    const server = http() as Server;
    // The first hits are compressed as they go while the kept copy is made in the background.
    let kept;
    for (let tries = 0; tries < 200 && !kept; tries++) {
      const br = await raw(server, '/api/search?q=cafe', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(plain);
      if (br.headers['content-length']) kept = br;
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(Number(kept?.headers['content-length'])).toBe(kept?.body.length);
    const again = await raw(server, '/api/search?q=cafe', 'br');
    expect(again.body.equals(kept!.body)).toBe(true);
    const gzip = await raw(server, '/api/search?q=cafe', 'gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(plain);
    const identity = await raw(server, '/api/search?q=cafe', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString())).toEqual(plain);
    await get('/api/search?q=cafe').set('If-None-Match', again.headers['etag']!).expect(304);
  });

  it('limits body sizes and answers a bad body with a JSON sentence', async () => {
    const big = await request(http())
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(200 * 1024) }))
      .expect(413);
    expect(big.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: "The request body is larger than this call's 64kb; send less data.",
    });
    const broken = await request(http())
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"name":')
      .expect(400);
    expect(broken.body.message).toMatch(/^The request body is not valid JSON/);
    // A key that would reach an object's prototype where the body is merged is refused, not parsed.
    const poisoned = await request(http())
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"name":"x","__proto__":{"isAdmin":true}}')
      .expect(400);
    expect(poisoned.body.message).toBe(
      'The request body may not hold a __proto__ or constructor.prototype key: send it without.',
    );
  });

  it('answers a bad path parameter with 400 naming it and its rule, an unknown one with 404', async () => {
    const code = await get('/api/cities/USA/new-york').expect(400);
    expect(code.body.message).toEqual(['countryCode must be a two-letter country code such as US']);
    const long = await get(`/api/businesses/${'a'.repeat(301)}`).expect(400);
    expect(long.body.message).toEqual(['slug must be an address of at most 300 characters']);
    await get('/api/cities/US/nowhere').expect(404);
    await get('/api/categories/no-such-category').expect(404);
  });

  it('answers a malformed address with a JSON sentence, its security headers and request id', async () => {
    const malformed = await get('/api/businesses/%E0%A4%A').set('X-Request-Id', 'lb-77').expect(400);
    expect(malformed.body).toEqual({
      statusCode: 400,
      message: 'The address is not valid: a % in it must begin an escape such as %20.',
      error: 'Bad Request',
    });
    expect(malformed.headers['x-request-id']).toBe('lb-77');
    expect(malformed.headers['x-content-type-options']).toBe('nosniff');
    expect(malformed.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('echoes the caller X-Request-Id and makes one up otherwise', async () => {
    expect((await get('/health/live').set('X-Request-Id', 'lb-1234').expect(200)).headers['x-request-id']).toBe(
      'lb-1234',
    );
    const made = (await get('/health/live').expect(200)).headers['x-request-id'];
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = (await get('/health/live').set('X-Request-Id', 'bad id with spaces').expect(200)).headers;
    expect(unsafe['x-request-id']).not.toBe('bad id with spaces');
  });

  const built = existsSync(join(WEB_DIST, 'index.html'));
  (built || process.env.CI ? it : it.skip)(
    'caches hashed web assets for a year and revalidates index.html',
    async () => {
      const asset = readdirSync(join(WEB_DIST, 'assets')).find((name) => name.endsWith('.js'))!;
      const js = await get(`/assets/${asset}`).set('Accept-Encoding', 'gzip').expect(200);
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(js.headers['content-encoding']).toBe('gzip');
      expect(js.headers['etag']).toBeDefined();
      // A first render is streamed without an ETag; the cached page that answers next carries one.
      expect((await get('/').expect(200)).headers['cache-control']).toBe('no-cache');
      const index = await get('/').expect(200);
      expect(index.headers['cache-control']).toBe('no-cache');
      await get('/').set('If-None-Match', index.headers['etag']).expect(304);
      // Pages are rendered on the server (web-app/ssr.spec.ts) and revalidate like index.html.
      expect((await get('/categories/irish-pub').expect(200)).headers['cache-control']).toBe('no-cache');
    },
  );
});
