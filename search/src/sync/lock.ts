import type pg from 'pg';

/** One drain or rebuild at a time per database: a rebuild must not race a drain into the old index. */
const SYNC_LOCK = 7_318_222_002;

/** Runs work under the session advisory lock on its own connection; null when `wait` is false and it is taken. */
export async function withSyncLock<T>(pool: pg.Pool, wait: boolean, work: () => Promise<T>): Promise<T | null> {
  const client = await pool.connect();
  try {
    if (wait) {
      await client.query('select pg_advisory_lock($1)', [SYNC_LOCK]);
    } else {
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [SYNC_LOCK]);
      if (!rows[0].ok) return null;
    }
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SYNC_LOCK]);
    }
  } finally {
    client.release();
  }
}
