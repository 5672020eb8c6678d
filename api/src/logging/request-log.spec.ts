import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from '@directory/core';
import { apiLogOptions } from './log-options.js';
import { requestIdHook, requestIdOf } from './request-id.js';
import { requestLogHook } from './request-log.js';

const COOKIE = 'admin_session=a-session-that-must-not-be-logged';
const BEARER = 'Bearer a-token-that-must-not-be-logged';

/** The api's root logger as nestjs-pino builds it (pino-http's logger, the api's options) writing into `lines`. */
function apiLogger(level: AppConfig['LOG_LEVEL'], lines: string[]): Logger {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const options = apiLogOptions({ LOG_LEVEL: level } as AppConfig).pinoHttp as object;
  return pinoHttp(options, sink).logger as unknown as Logger;
}

/** A real Fastify server with the api's request id and request log, as app.factory.ts mounts them. */
async function serve(logger: Logger): Promise<{ base: string; server: FastifyInstance }> {
  const app = Fastify({ genReqId: requestIdOf, forceCloseConnections: true });
  app.addHook('onRequest', requestIdHook);
  const requestLog = requestLogHook(logger, ['/sitemaps/:file']);
  if (requestLog) app.addHook('onRequest', requestLog);
  app.get('/api/ok', (req, reply) => {
    logger.info({ headers: req.headers }, 'handled');
    return reply.header('X-Cache', 'MISS').send({ fine: true });
  });
  app.get('/api/refused', (_req, reply) => reply.status(403).send({ message: 'no' }));
  app.get('/api/broken', (_req, reply) => reply.status(500).send({ message: 'broken' }));
  app.get('/api/hang', () => new Promise(() => undefined));
  for (const path of ['/sitemaps/:file', '/health/live', '/business/:slug'])
    app.get(path, (_req, reply) => reply.send('fine'));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { base, server: app };
}

const get = (url: string, id: string) =>
  fetch(url, { headers: { 'X-Request-Id': id, Cookie: COOKIE, Authorization: BEARER, 'User-Agent': 'spec/1' } });

async function lineOf(lines: string[], requestId: string, msg: RegExp): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = lines.map((line) => JSON.parse(line)).find((l) => l.requestId === requestId && msg.test(l.msg));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No line for ${requestId}; lines: ${lines.join('\n')}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

describe('the request log (one line a request, as pino-http wrote it)', () => {
  const lines: string[] = [];
  let base: string;
  let server: FastifyInstance;

  beforeAll(async () => ({ base, server } = await serve(apiLogger('info', lines))));
  afterAll(() => server.close());

  it('writes the request, the response and its time on one info line, with the request id and no header', async () => {
    expect((await get(`${base}/api/ok?q=café`, 'ok-1')).status).toBe(200);
    const line = await lineOf(lines, 'ok-1', /^request completed$/);
    expect(Object.keys(line)).toEqual(['level', 'time', 'service', 'requestId', 'req', 'res', 'responseTime', 'msg']);
    expect(line).toMatchObject({
      level: 30,
      service: 'api',
      req: { method: 'GET', url: '/api/ok?q=caf%C3%A9', remoteAddress: '127.0.0.1', userAgent: 'spec/1' },
      res: { statusCode: 200, contentLength: '13', cache: 'MISS' },
    });
    expect(Object.keys(line.req as object)).toEqual(['method', 'url', 'remoteAddress', 'userAgent']);
    expect(typeof line.responseTime).toBe('number');
  });

  it('gives the lines code logs during the request its id, and redacts the secrets they carry', async () => {
    await get(`${base}/api/ok`, 'ok-2');
    const handled = await lineOf(lines, 'ok-2', /^handled$/);
    expect(handled.headers).toMatchObject({
      cookie: '[redacted]',
      authorization: '[redacted]',
      'user-agent': 'spec/1',
    });
    await lineOf(lines, 'ok-2', /^request completed$/);
    expect(lines.join('\n')).not.toMatch(/must-not-be-logged/);
  });

  it('levels a 4xx as a warning and a 5xx as an error with `err`', async () => {
    await get(`${base}/api/refused`, 'refused-1');
    expect(await lineOf(lines, 'refused-1', /^request completed$/)).toMatchObject({
      level: 40,
      res: { statusCode: 403 },
    });
    await get(`${base}/api/broken`, 'broken-1');
    const broken = await lineOf(lines, 'broken-1', /^request errored$/);
    expect(Object.keys(broken)).toEqual([
      'level',
      'time',
      'service',
      'requestId',
      'req',
      'res',
      'err',
      'responseTime',
      'msg',
    ]);
    expect(broken).toMatchObject({
      level: 50,
      res: { statusCode: 500 },
      err: { type: 'Error', message: 'failed with status code 500' },
    });
  });

  it('logs every call under /api, a route or not, and the routes declared outside it; nothing else', async () => {
    const seen = async (path: string, id: string) => {
      await get(`${base}${path}`, id);
      await get(`${base}/api/ok`, `${id}-after`);
      await lineOf(lines, `${id}-after`, /^request completed$/);
      return lines.some((line) => JSON.parse(line).requestId === id);
    };
    expect(await seen('/api/no-such-call', 'unknown-api')).toBe(true);
    expect(await seen('/API/ok', 'capitals-api')).toBe(true);
    expect(await seen('/sitemaps/main.xml', 'sitemap-file')).toBe(true);
    expect(await seen('/health/live', 'probe')).toBe(false);
    expect(await seen('/business/some-place', 'page')).toBe(false);
    expect(await seen('/apiary', 'not-api')).toBe(false);
  });

  it('writes "request aborted" when the client leaves before the answer', async () => {
    const aborting = new AbortController();
    const pending = fetch(`${base}/api/hang`, { headers: { 'X-Request-Id': 'gone-1' }, signal: aborting.signal });
    await new Promise((done) => setTimeout(done, 100));
    aborting.abort();
    await expect(pending).rejects.toThrow();
    expect(await lineOf(lines, 'gone-1', /^request aborted$/)).toMatchObject({ level: 30, res: { statusCode: 200 } });
  });
});

describe('the request log at higher levels', () => {
  it('is not even mounted when no request line can be written (silent, fatal)', () => {
    expect(requestLogHook(apiLogger('silent', []), [])).toBeNull();
    expect(requestLogHook(apiLogger('fatal', []), [])).toBeNull();
    expect(requestLogHook(apiLogger('error', []), [])).not.toBeNull();
  });

  it('at warn writes the 4xx and 5xx lines only', async () => {
    const lines: string[] = [];
    const { base, server } = await serve(apiLogger('warn', lines));
    try {
      await get(`${base}/api/ok`, 'quiet-ok');
      await get(`${base}/api/refused`, 'loud-refused');
      await lineOf(lines, 'loud-refused', /^request completed$/);
      expect(lines.map((line) => JSON.parse(line).requestId)).toEqual(['loud-refused']);
    } finally {
      await server.close();
    }
  });
});
