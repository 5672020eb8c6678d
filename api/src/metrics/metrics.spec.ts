import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { QUEUES, SEARCH_JOBS } from '@directory/core';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';
import { startWorker } from '../testing/worker.js';
import { waitUntil } from '../../../testing/eventually.js';
import { JobQueues } from '../jobs/job-queues.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

describe('GET /metrics and the request id of jobs', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  const http = () => t.app.getHttpServer();
  const scrape = async () =>
    (await request(http()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

  beforeAll(async () => {
    process.env.METRICS_TOKEN = TOKEN;
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    worker = await startWorker();
  });
  afterAll(async () => {
    delete process.env.METRICS_TOKEN;
    await worker?.close();
    await t?.close();
  });

  it('needs the bearer token or an admin session', async () => {
    const anonymous = await request(http()).get('/metrics').expect(401);
    expect(anonymous.body.message).toMatch(/METRICS_TOKEN/);
    await request(http()).get('/metrics').set('Authorization', 'Bearer wrong-token-of-some-length').expect(401);
    const login = await request(http())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' })
      .expect(200);
    const res = await request(http())
      .get('/metrics')
      .set('Cookie', login.headers['set-cookie'] as unknown as string[])
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('counts requests per route, cache look-ups, search latency and queue depths', async () => {
    await request(http()).get('/api/businesses/cafe-zurich-abc123').expect(200);
    await request(http()).get('/api/businesses/cafe-zurich-abc123').expect(200);
    await request(http()).get('/api/search?q=cafe').expect(200);
    const text = await scrape();
    expect(text).toMatch(
      /directory_http_request_duration_seconds_count\{method="GET",route="\/api\/businesses\/:slug",status="200"\} 2/,
    );
    expect(text).toMatch(/directory_cache_lookups_total\{scope="catalogue",result="hit"\} [1-9]/);
    expect(text).toMatch(/directory_cache_lookups_total\{scope="catalogue",result="miss"\} [1-9]/);
    expect(text).toMatch(
      /directory_search_duration_seconds_count\{engine="postgres",operation="search",outcome="ok"\} [1-9]/,
    );
    expect(text).toMatch(/directory_queue_jobs\{queue="import",state="waiting"\} 0/);
    expect(text).toContain('directory_api_process_cpu_seconds_total');
  });

  it('shows the job durations the worker records, and the job carries the request id', async () => {
    const res = await request(http())
      .post('/api/admin/search/reindex')
      .set(
        'Cookie',
        (await request(http()).post('/api/admin/login').send({ username: 'admin', password: 'admin-demo-password' }))
          .headers['set-cookie'] as unknown as string[],
      )
      .set('X-Request-Id', 'req-reindex-42')
      .expect(202);
    const queue = t.app.get(JobQueues).queue(QUEUES.search);
    const job = await queue.getJob(res.body.jobId);
    expect(job?.name).toBe(SEARCH_JOBS.reindex);
    expect(job?.data).toEqual({ requestId: 'req-reindex-42' });
    await waitUntil(
      async () =>
        /directory_job_duration_seconds_count\{queue="search",outcome="completed"\} [1-9]/.test(await scrape()),
      'the reindex duration is recorded',
    );
    expect(await scrape()).toMatch(
      /directory_job_duration_seconds_bucket\{queue="search",outcome="completed",le="\+Inf"\} [1-9]/,
    );
  });
});
