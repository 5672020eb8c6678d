import { rm } from 'node:fs/promises';
import pg from 'pg';
import { Redis } from 'ioredis';

/** Drops every database of this run (shared, template and per-suite clones) and its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const run = process.env.TEST_RUN_ID;
  if (!run?.startsWith('directory_test_')) return;
  if (process.env.DATA_DIR?.endsWith(run)) await rm(process.env.DATA_DIR, { recursive: true, force: true });
  if (process.env.KEEP_TEST_DATABASE !== '1') {
    const maintenance = new URL(process.env.DATABASE_URL!);
    maintenance.pathname = '/postgres';
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${run}%`],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
      }
    } finally {
      await client.end();
    }
  }
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${run}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch {
    // Redis being down must not hide the test results.
  } finally {
    redis.disconnect();
  }
}
