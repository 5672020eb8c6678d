import { request as httpRequest } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import request from 'supertest';
import { heldRoutes } from '../http/held-routes.js';
import { AppModule } from '../app.module.js';
import { apiRoutes, type ApiRoute, concretePath } from '../testing/routes.js';
import { startTestApp, type TestApp, signIn } from '../testing/test-app.js';
import { NO_ACCESS_RULE, SIGN_IN_REQUIRED } from './access.guard.js';

/** A route someone forgot to give a rule: it must be refused, not opened. */
@Controller('forgotten')
class ForgottenController {
  @Get()
  secrets() {
    return { secret: 'every visitor e-mail' };
  }
}

@Module({ imports: [AppModule], controllers: [ForgottenController] })
class AppWithForgottenRoute {}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with the path sent byte for byte (no client normalises `//`, `/./` or a trailing slash). */
function raw(port: number, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The spellings an attacker tries for one path: only the exact one may reach the route. */
function spellings(path: string): string[] {
  const [, first, ...rest] = path.split('/');
  return [
    path.toUpperCase(),
    path.replace('/admin', '/Admin'),
    `/${first.toUpperCase()}/${rest.join('/')}`,
    `/${path}`,
    `${path}/`,
    path.replace(/\/([^/]+)$/, '//$1'),
    path.replace(/\/([^/]+)$/, '/./$1'),
    path.replace('/admin', '/%61dmin'),
    `${path}%2F`,
  ];
}

describe('access from route metadata, deny by default', () => {
  let t: TestApp;
  let routes: ApiRoute[];
  let port: number;

  beforeAll(async () => {
    t = await startTestApp(AppWithForgottenRoute);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    routes = apiRoutes(t.app).filter((r) => !r.path.startsWith('/api/forgotten'));
  });
  afterAll(() => t.close());

  const adminRoutes = () => routes.filter((r) => r.access?.kind === 'admin');

  it('finds every route Fastify holds among the routes read from Nest, and each has an access rule', () => {
    // HEAD routes are Fastify's copies of the GET ones.
    const held = heldRoutes(t.app)
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    const read = new Set([...routes.map((r) => `${r.method} ${r.path}`), 'GET /api/forgotten']);
    // Not calls: the documentation, and the queue dashboard (Bull Board's plugin, with its own guard).
    const notCalls = /^[A-Z]+ \/api(\/docs.*|\/admin\/queues.*)$/;
    const apiHeld = held.filter((route) => / \/(api|health|metrics|sitemap)/.test(route) && !notCalls.test(route));
    expect(apiHeld.filter((route) => !read.has(route))).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !r.access).map((r) => r.name)).toEqual([]);
    expect(adminRoutes().length).toBeGreaterThan(35);
  });

  it('keeps public exactly the public reads, the contact form, the sign-in and the probes', () => {
    const open = routes.filter((r) => r.access?.kind === 'public').map((r) => `${r.method} ${r.path}`);
    expect(open.filter((route) => route.includes('/admin'))).toEqual([
      'POST /api/admin/login',
      'POST /api/admin/logout',
      'GET /api/admin/site-settings',
      'GET /api/admin/advertisement-codes',
    ]);
    expect(open.filter((route) => /^(POST|PUT|DELETE|PATCH) /.test(route))).toEqual([
      'POST /api/admin/login',
      'POST /api/admin/logout',
      'POST /api/contact',
    ]);
  });

  it('refuses a route that has no rule', async () => {
    const answer = await raw(port, 'GET', '/api/forgotten');
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).message).toBe(NO_ACCESS_RULE);
    expect(answer.body).not.toContain('every visitor e-mail');
  });

  it('answers 401 to every admin call without a session, and nothing but 401 or 404 however its path is spelled', async () => {
    const leaks: string[] = [];
    for (const route of adminRoutes()) {
      const path = concretePath(route.path);
      const body = ['GET', 'HEAD', 'DELETE'].includes(route.method) ? undefined : '{}';
      const exact = await raw(port, route.method, path, body);
      if (exact.status !== 401) leaks.push(`${route.method} ${path} → ${exact.status}`);
      if (exact.headers['cache-control'] !== 'no-store') leaks.push(`${route.method} ${path}: no no-store`);
      for (const spelling of spellings(path)) {
        const answer = await raw(port, route.method, spelling, body);
        if (![401, 404].includes(answer.status)) leaks.push(`${route.method} ${spelling} → ${answer.status}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('keeps the queue dashboard behind the session however its path is spelled', async () => {
    for (const path of ['/api/admin/queues', '/api/admin/queues/api/queues']) {
      expect((await raw(port, 'GET', path)).status).toBe(401);
      for (const spelling of spellings(path)) expect([401, 404]).toContain((await raw(port, 'GET', spelling)).status);
    }
  });

  it('refuses an anonymous admin write before reading its body', async () => {
    // 2 MB announced, 16 bytes sent: the 401 comes back while the rest has not been sent.
    const answer = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/admin/site-settings',
          headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
        },
        (res) => {
          resolve(res.statusCode!);
          res.resume();
          req.destroy();
        },
      );
      req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      req.write('{"head_tags": "x');
    });
    expect(answer).toBe(401);
  });

  it('reads each route’s body up to its own limit, as JSON only (1 KB, ignored, where a call takes none)', async () => {
    const form = await raw(port, 'POST', '/api/admin/login', 'username=admin&password=admin-demo-password', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const broken = await raw(port, 'POST', '/api/admin/login', '{"username":');
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).message).toMatch(/^The request body is not valid JSON/);

    const cookie = await signIn(t.app);
    const ignored = JSON.stringify({ all: 'x'.repeat(2000) });
    const unexpected = await raw(port, 'POST', '/api/admin/clear-cache', ignored, { cookie: cookie.join('; ') });
    expect(unexpected.status).toBe(413);
    expect(JSON.parse(unexpected.body).message).toBe(
      "The request body is larger than this call's 1kb; send less data.",
    );
    const limits = routes.filter((r) => r.body?.kind === 'json').map((r) => (r.body as { limit: string }).limit);
    expect(limits.filter((limit) => parseInt(limit, 10) > 100 && limit !== '256kb')).toEqual([]);
  });

  it('reads a body sent compressed (gzip, deflate, br) as the JSON it holds', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'not the password' });
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const answer = await raw(port, 'POST', '/api/admin/login', compress(body), { 'content-encoding': encoding });
      expect([encoding, answer.status]).toEqual([encoding, 401]);
    }
    const contact = await raw(port, 'POST', '/api/contact', gzipSync('{"name": "Ada"}'), {
      'content-encoding': 'gzip',
    });
    expect([contact.status, JSON.parse(contact.body).message]).toEqual([400, expect.any(Array)]);
  });

  it('refuses a body nesting arrays or objects more than 32 deep with a 400', async () => {
    for (const body of ['['.repeat(4000) + ']'.repeat(4000), '{"a":'.repeat(1500) + '1' + '}'.repeat(1500)]) {
      const answer = await raw(port, 'POST', '/api/contact', body);
      expect([answer.status, JSON.parse(answer.body).message]).toEqual([
        400,
        'The request body nests arrays and objects more than 32 deep; no call takes such a body.',
      ]);
    }
    // Brackets inside strings are text: this body is refused by the form's own rules.
    const text = JSON.stringify({ name: '['.repeat(100), email: 'ada@example.com', subject: '{"', message: '\\"[' });
    expect(JSON.parse((await raw(port, 'POST', '/api/contact', text)).body).message).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Subject/)]),
    );
  });

  it('gives every route that reads a body a body rule', () => {
    expect(routes.filter((r) => r.readsBody && !r.body).map((r) => r.name)).toEqual([]);
  });

  it('marks every admin call as needing the session cookie in the OpenAPI document, and no public one', async () => {
    const document = (await request(t.app.getHttpServer()).get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const wrong: string[] = [];
    for (const route of routes) {
      const operation =
        document.paths[route.path.replace(/:(\w+)/g, '{$1}').replace(/\*(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const needsSession = operation?.security?.some((s) => 'admin-session' in s) ?? false;
      if (needsSession !== (route.access?.kind === 'admin')) wrong.push(`${route.method} ${route.path}`);
    }
    expect(wrong).toEqual([]);
  });

  it('says what to do in the 401', async () => {
    const answer = await raw(port, 'GET', '/api/admin/contact-messages');
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 401, message: SIGN_IN_REQUIRED });
  });
});
