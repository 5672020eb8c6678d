import type { INestApplicationContext } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import { bullConnection, loadConfig, MAINTENANCE_JOBS, QUEUES } from '@directory/core';
import { createSuiteDatabase } from '../../../testing/database.js';

describe('maintenance queue (real Redis, real worker module)', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let worker: INestApplicationContext;
  let queue: Queue;
  let events: QueueEvents;
  let db: pg.Client;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    process.env.DATABASE_URL = database.url;
    // The worker module reads its configuration when loaded, so load it after the environment is set.
    const { NestFactory } = await import('@nestjs/core');
    const { WorkerModule } = await import('../worker.module.js');
    worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    const bull = bullConnection(loadConfig());
    queue = new Queue(QUEUES.maintenance, bull);
    events = new QueueEvents(QUEUES.maintenance, bull);
    await events.waitUntilReady();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await events.close();
    await queue.close();
    await worker.close();
    await database.drop();
  });

  it('refreshes the public counts after a write', async () => {
    await db.query(
      `insert into businesses (name, slug, category, category_slug) values ('A', 'a-111111', 'Bakery', 'bakery'),
       ('B', 'b-222222', 'Bakery', 'bakery')`,
    );
    expect((await db.query(`select * from category_stats where category_slug = 'bakery'`)).rowCount).toBe(0);
    const job = await queue.add(MAINTENANCE_JOBS.refreshAggregates, {});
    const result = await job.waitUntilFinished(events, 30_000);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const { rows } = await db.query(`select business_count from category_stats where category_slug = 'bakery'`);
    expect(rows).toEqual([{ business_count: 2 }]);
  });

  it('fails an unknown job with a sentence', async () => {
    const job = await queue.add('no-such-job', {}, { attempts: 1 });
    await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow('Unknown maintenance job "no-such-job".');
  });
});
