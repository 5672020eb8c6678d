import type { Redis } from 'ioredis';

/** Unlinks every key matching the pattern (a bench's prefix: cached answers, generations, queues of a run). */
export async function clearRedisKeys(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}
