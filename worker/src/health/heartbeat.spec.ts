import type { INestApplicationContext } from '@nestjs/common';
import { Redis } from 'ioredis';
import { liveWorkers, loadConfig } from '@directory/core';
import { createSuiteDatabase } from '../../../testing/database.js';
import { HeartbeatService } from './heartbeat.service.js';

describe('worker heartbeat (real Redis and worker module)', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let worker: INestApplicationContext | null = null;
  let redis: Redis;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    process.env.DATABASE_URL = database.url;
    redis = new Redis(loadConfig().REDIS_URL);
    const { NestFactory } = await import('@nestjs/core');
    const { WorkerModule } = await import('../worker.module.js');
    worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
  });

  afterAll(async () => {
    await worker?.close();
    redis?.disconnect();
    await database?.drop();
  });

  it('is published while the worker runs and removed when it stops', async () => {
    const prefix = loadConfig().REDIS_PREFIX;
    const id = worker!.get(HeartbeatService).id;
    expect((await liveWorkers(redis, prefix)).map((w) => w.id)).toEqual([id]);
    await worker!.close();
    worker = null;
    expect(await liveWorkers(redis, prefix)).toEqual([]);
  });
});
