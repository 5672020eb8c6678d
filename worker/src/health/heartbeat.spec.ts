import { Redis } from 'ioredis';
import { liveWorkers, loadConfig } from '@directory/core';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';
import { HeartbeatService } from './heartbeat.service.js';

describe('worker heartbeat (real Redis and worker module)', () => {
  let harness: WorkerHarness;
  let redis: Redis;

  beforeAll(async () => {
    harness = await createWorkerHarness();
    redis = new Redis(loadConfig().REDIS_URL);
    await harness.start();
  });

  afterAll(async () => {
    redis?.disconnect();
    await harness?.close();
  });

  it('is published while the worker runs and removed when it stops', async () => {
    const prefix = loadConfig().REDIS_PREFIX;
    const id = harness.worker.get(HeartbeatService).id;
    expect((await liveWorkers(redis, prefix)).map((w) => w.id)).toEqual([id]);
    await harness.stopWorker();
    expect(await liveWorkers(redis, prefix)).toEqual([]);
  });
});
