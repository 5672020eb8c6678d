import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

/** Materialized views that hold the public counts (migration DirectoryFacts). Refreshed in this order. */
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
 * Recomputes the public counts after writes, every view in one statement (one transaction), so no page reads one
 * view refreshed and another not. CONCURRENTLY keeps the views readable while they refresh, so public pages never
 * wait on an import. Takes MikroORM's EntityManager or a pg pool/client.
 */
export async function refreshAggregates(db: EntityManager | pg.Pool | pg.ClientBase): Promise<void> {
  const refreshes = AGGREGATE_VIEWS.map((view) => `refresh materialized view concurrently ${view};`).join(' ');
  const sql = `do $$ begin ${refreshes} end $$`;
  if ('execute' in db) await db.execute(sql);
  else await db.query(sql);
}
