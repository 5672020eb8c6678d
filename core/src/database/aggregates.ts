import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

/** Materialized views that hold the public counts; see the initial migration. Refreshed in this order. */
export const AGGREGATE_VIEWS = [
  'category_stats',
  'country_stats',
  'city_stats',
  'country_category_stats',
  'city_category_stats',
  // Reads the views above, so it refreshes last.
  'directory_totals',
] as const;

/**
 * Recomputes the public counts after writes. CONCURRENTLY keeps the views readable while they refresh,
 * so public pages never wait on an import. Takes MikroORM's EntityManager or a pg pool/client.
 */
export async function refreshAggregates(db: EntityManager | pg.Pool | pg.ClientBase): Promise<void> {
  for (const view of AGGREGATE_VIEWS) {
    const sql = `refresh materialized view concurrently ${view}`;
    if ('execute' in db) await db.execute(sql);
    else await db.query(sql);
  }
}
