import type pg from 'pg';
import type { SearchEngine } from '../search-engine.js';
import { drainOutbox } from './outbox.js';

export interface LagSample {
  /** From the committed write to the first search that finds the document, ms. */
  ms: number;
}

/**
 * Measures write-to-searchable lag end to end: commits a probe business (approved, unique name), then
 * drains and searches until the engine finds it, then deletes the probe (and drains that too). For
 * benchmarks and tests; in production watch outboxBacklog() and drainOutbox()'s maxLagMs instead.
 */
export async function measureLag(pool: pg.Pool, engine: SearchEngine, timeoutMs = 30_000): Promise<LagSample> {
  const token = `lagprobe${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const { rows } = await pool.query<{ id: string }>(
    `insert into businesses (name, slug, category, category_slug, is_approved) values ($1, $1, 'Probe', 'probe', true)
     returning id`,
    [token],
  );
  const committed = performance.now();
  try {
    for (;;) {
      await drainOutbox(pool, engine);
      const result = await engine.search({ q: token, limit: 1 });
      if (result.hits.some((h) => h.id === Number(rows[0].id))) return { ms: performance.now() - committed };
      if (performance.now() - committed > timeoutMs)
        throw new Error(`The probe ${token} was not searchable after ${timeoutMs} ms.`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await pool.query('delete from businesses where id = $1', [rows[0].id]);
    await drainOutbox(pool, engine);
  }
}
