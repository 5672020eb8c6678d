import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import { createSuiteDatabase } from '../../../testing/database.js';
import { createApp } from '../app.factory.js';
import { JobQueues } from '../jobs/job-queues.js';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses } from '../testing/test-app.js';
import { startWorker } from '../testing/worker.js';
import { TcpProxy } from './tcp-proxy.js';
import { waitUntil } from '../../../testing/eventually.js';

/**
 * The api reaches the real PostgreSQL and Redis through TCP forwarders, so the test can take each of them
 * away (connections cut, port refused — what the api sees when the server stops) and give it back.
 */
describe('health and outages (real PostgreSQL, Redis and worker behind forwarders)', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let app: INestApplication;
  let worker: INestApplicationContext;
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  const http = () => app.getHttpServer();
  const get = (path: string) => request(http()).get(path);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  beforeAll(async () => {
    database = await createSuiteDatabase();
    const pg = new URL(database.url);
    const redis = new URL(redisUrl);
    pgProxy = await new TcpProxy(pg.hostname, Number(pg.port || 5432)).start();
    redisProxy = await new TcpProxy(redis.hostname, Number(redis.port || 6379)).start();
    process.env.DATABASE_URL = pgProxy.url(database.url);
    process.env.REDIS_URL = redisProxy.url(redisUrl);
    app = await createApp();
    await app.init();
    // The worker talks to both directly: only the api loses them.
    process.env.DATABASE_URL = database.url;
    process.env.REDIS_URL = redisUrl;
    worker = await startWorker();
    await insertBusinesses({ app, orm: app.get(MikroORM), close: async () => undefined }, DIRECTORY_FIXTURE);
  });

  afterAll(async () => {
    await pgProxy?.start().catch(() => undefined);
    await redisProxy?.start().catch(() => undefined);
    await worker?.close();
    await app?.close();
    await pgProxy?.stop();
    await redisProxy?.stop();
    await database?.drop();
  });

  it('is live and ready with every part up, the worker heartbeat included', async () => {
    expect((await get('/health/live').expect(200)).body.status).toBe('ok');
    const ready = await get('/health/ready').expect(200);
    expect(ready.body.status).toBe('ok');
    // Anyone may read it: each part's status, no worker host names, process ids or messages.
    expect(ready.body).toEqual({
      status: 'ok',
      details: {
        accepting: { status: 'up' },
        database: { status: 'up' },
        search: { status: 'up' },
        redis: { status: 'up' },
        worker: { status: 'up' },
      },
    });
  });

  it('gives the admin dashboard the same status, behind the session', async () => {
    await get('/api/admin/health').expect(401);
    const login = await request(http())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' })
      .expect(200);
    const { body } = await get('/api/admin/health')
      .set('Cookie', login.headers['set-cookie'] as unknown as string[])
      .expect(200);
    expect(body).toMatchObject({
      status: 'ok',
      details: {
        search: { status: 'up', engine: 'postgres' },
        worker: { status: 'up', workers: [expect.objectContaining({ id: expect.any(String) })] },
      },
    });
    expect(body.uptimeSeconds).toEqual(expect.any(Number));
  });

  it('keeps answering public reads from PostgreSQL while Redis is down, and reports Redis degraded', async () => {
    await get('/api/homepage-data').expect(200);
    expect((await get('/api/homepage-data')).headers['x-cache']).toBe('HIT');
    await redisProxy.stop();

    const home = await get('/api/homepage-data').expect(200);
    expect(home.headers['x-cache']).toBe('BYPASS');
    expect(home.body.totals.businesses).toBe(6);
    expect((await get('/api/businesses/cafe-zurich-abc123').expect(200)).body.name).toBe('Café Zürich');
    expect((await get('/api/search?q=plumbing').expect(200)).body.totalCount).toBe(1);
    await get('/api/admin/site-settings').expect(200);

    const ready = await get('/health/ready').expect(200);
    expect(ready.body.details.redis.status).toBe('degraded');
    expect(ready.body.details.database.status).toBe('up');

    await redisProxy.start();
    await waitUntil(
      async () => (await get('/health/ready')).body.details?.redis?.status === 'up',
      'Redis is back in the readiness answer',
    );
    await waitUntil(
      async () => ['MISS', 'HIT'].includes((await get('/api/homepage-data')).headers['x-cache']),
      'the cache is used again',
    );
    // The job queues reconnect on their own too (closing the app while they still reconnect would wait).
    const queues = [...app.get(JobQueues).queues.values()];
    await waitUntil(
      async () =>
        (await Promise.allSettled(queues.map((q) => q.getJobCounts()))).every((r) => r.status === 'fulfilled'),
      'the job queues are reachable again',
    );
  });

  it('turns not ready while PostgreSQL is unreachable, and ready again when it is back', async () => {
    await pgProxy.stop();
    await waitUntil(async () => (await get('/health/ready')).status === 503, 'readiness answered 503');
    const ready = await get('/health/ready').expect(503);
    expect(ready.body.status).toBe('error');
    expect(ready.body.details.database.status).toBe('down');
    await get('/health/live').expect(200);

    await pgProxy.start();
    await waitUntil(async () => (await get('/health/ready')).status === 200, 'readiness answered 200 again');
    await get('/api/businesses/cafe-zurich-abc123').expect(200);
  });
});
