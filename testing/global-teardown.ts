import { Redis } from 'ioredis';
import { dropDatabase } from '@directory/core';

export default async function globalTeardown(): Promise<void> {
  if (process.env.KEEP_TEST_DATABASE !== '1' && process.env.DATABASE_URL?.includes('directory_test_')) {
    await dropDatabase(process.env.DATABASE_URL);
  }
  const prefix = process.env.REDIS_PREFIX;
  if (prefix?.startsWith('directory_test_')) {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } catch {
      // Redis being down must not hide the test results.
    } finally {
      redis.disconnect();
    }
  }
}
