import type { EntityManager } from '@mikro-orm/postgresql';

/** Materialized views that hold the public counts; see the initial migration. Order does not matter. */
export const AGGREGATE_VIEWS = [
  'category_stats',
  'country_stats',
  'city_stats',
  'country_category_stats',
  'city_category_stats',
] as const;

/**
 * Recomputes the public counts after writes. CONCURRENTLY keeps the views readable while they refresh,
 * so public pages never wait on an import.
 */
export async function refreshAggregates(em: EntityManager): Promise<void> {
  for (const view of AGGREGATE_VIEWS) {
    await em.execute(`refresh materialized view concurrently ${view}`);
  }
}
