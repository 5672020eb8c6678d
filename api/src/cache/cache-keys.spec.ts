import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { bullConnection, cacheEntryPrefix, loadConfig } from '@directory/core';
import { DIRECTORY_FIXTURE } from '../testing/fixtures.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';
import { cacheBudgetKeys } from './cache-budget.js';
import { CACHE_REDIS, PublicCacheService } from './public-cache.service.js';

/** The budget of this suite's api: 64 kB, so a few hundred answers go over it. */
const BUDGET_MB = 1 / 16;
const BUDGET_BYTES = BUDGET_MB * 1024 * 1024;

/** Who may fill the public cache, and how much of Redis it may take, on the real api and Redis. */
describe('public cache keys and budget', () => {
  let t: TestApp;
  let redis: Redis;
  let prefix: string;
  const previousBudget = process.env.CACHE_MAX_MB;
  const get = (path: string) => request(t.app.getHttpServer()).get(path);
  const entries = () => redis.keys(`${prefix}*`);

  beforeAll(async () => {
    process.env.CACHE_MAX_MB = String(BUDGET_MB);
    t = await startTestApp();
    await insertBusinesses(t, DIRECTORY_FIXTURE);
    redis = t.app.get<Redis>(CACHE_REDIS);
    prefix = cacheEntryPrefix(loadConfig().REDIS_PREFIX);
  });

  afterAll(async () => {
    if (previousBudget === undefined) delete process.env.CACHE_MAX_MB;
    else process.env.CACHE_MAX_MB = previousBudget;
    await t?.close();
  });

  beforeEach(async () => {
    await t.app.get(PublicCacheService).clear();
  });

  it('keeps one entry for 300 requests that differ only by unknown parameters', async () => {
    for (let i = 0; i < 300; i++) await get(`/api/businesses?page=1&cb=${i}&utm_source=x${i}`).expect(200);
    expect(await entries()).toHaveLength(1);
    // The parameters as the handler sees them: defaults filled in, numbers as numbers.
    for (const path of ['/api/businesses', '/api/businesses?page=01', '/api/businesses?page=1&cb=zzz']) {
      expect((await get(path).expect(200)).headers['x-cache']).toBe('HIT');
    }
    expect(await entries()).toHaveLength(1);
  });

  it('keys the known parameters whatever their order, and keeps different values apart', async () => {
    await get('/api/search?q=cafe&country=CH&page=1').expect(200);
    expect((await get('/api/search?page=1&country=ch&q=cafe').expect(200)).headers['x-cache']).toBe('MISS');
    expect((await get('/api/search?country=CH&q=cafe').expect(200)).headers['x-cache']).toBe('HIT');
    expect((await get('/api/search?country=CH&zz=1&q=cafe&limit=20').expect(200)).headers['x-cache']).toBe('HIT');
    expect((await get('/api/search?q=cafe&country=CH&page=2').expect(200)).headers['x-cache']).toBe('MISS');
    expect((await get('/api/cities/ch/z%C3%BCrich?limit=12&page=1').expect(200)).headers['x-cache']).toBe('MISS');
    expect((await get('/api/cities/ch/z%C3%BCrich?page=01&limit=12').expect(200)).headers['x-cache']).toBe('HIT');
    expect(await entries()).toHaveLength(4);
  });

  it('answers refused parameters as the handler does, and stores nothing for them', async () => {
    // Twice: the keys of addresses remembered by the api never include a refusal.
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/businesses?page=abc').expect(400);
      expect(res.body.message).toEqual(['page must be a whole number from 1 to 100']);
    }
    await get('/api/cities/zzz/zurich').expect(400);
    expect(await entries()).toHaveLength(0);
  });

  it("keeps the cache's bytes within CACHE_MAX_MB, evicting only cache entries", async () => {
    const bull = bullConnection(loadConfig());
    const queue = new Queue('cache-budget-probe', bull);
    try {
      const job = await queue.add('probe', { payload: 'x'.repeat(10_000) });
      const queueKeys = (await redis.keys(`${bull.prefix}:cache-budget-probe:*`)).sort();
      expect(queueKeys.length).toBeGreaterThan(1);

      // 400 different searches, every answer the whole fixture (2 kB): over ten times the budget.
      let filled = 0;
      for (let i = 1; i <= 400; i++) filled += (await get(`/api/search?minRating=${i / 1000}`).expect(200)).text.length;
      expect(filled).toBeGreaterThan(10 * BUDGET_BYTES);
      // The stores are not awaited by the requests: wait until the last one is readable.
      const last = `/api/search?minRating=0.4`;
      for (let tries = 0; tries < 50 && (await get(last)).headers['x-cache'] !== 'HIT'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await get(last)).headers['x-cache']).toBe('HIT');

      const { index, sizes, bytes } = cacheBudgetKeys(loadConfig().REDIS_PREFIX);
      const kept = await entries();
      expect(kept.length).toBeGreaterThan(5);
      expect(kept.length).toBeLessThan(400);
      // What Redis itself says the entries and their records take.
      let used = 0;
      for (const key of [...kept, index, sizes, bytes]) used += (await redis.memory('USAGE', key)) ?? 0;
      expect(used).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(Number(await redis.get(bytes))).toBeLessThanOrEqual(BUDGET_BYTES);
      expect(await redis.zcard(index)).toBe(kept.length);

      // The queue's keys and its job are all still there.
      expect((await redis.keys(`${bull.prefix}:cache-budget-probe:*`)).sort()).toEqual(queueKeys);
      expect((await queue.getJob(job.id!))?.data.payload).toHaveLength(10_000);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it('does not store an answer larger than the whole budget', async () => {
    // No fixture answer is that large: the service is given one directly.
    const cache = t.app.get(PublicCacheService);
    const slot = await cache.lookup('catalogue', '/test/too-large');
    await cache.fill(slot!.key, 60, async () => 'x'.repeat(BUDGET_BYTES + 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await redis.exists(slot!.key)).toBe(0);
  });
});

describe('a benchmark’s cache misses (BENCH_CACHE_MISS)', () => {
  const miss = { 'x-bench-cache-miss': '1' };

  it('answers a read asking for a miss from its cache unless the api runs for a benchmark', async () => {
    const states = async (bench: boolean) => {
      process.env.BENCH_CACHE_MISS = String(bench);
      const t = await startTestApp();
      try {
        const get = () => request(t.app.getHttpServer()).get('/api/countries').set(miss).expect(200);
        return [(await get()).headers['x-cache'], (await get()).headers['x-cache']];
      } finally {
        delete process.env.BENCH_CACHE_MISS;
        await t.close();
      }
    };
    expect(await states(false)).toEqual(['MISS', 'HIT']);
    expect(await states(true)).toEqual(['MISS', 'MISS']);
  });
});
