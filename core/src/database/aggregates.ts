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
 * Recomputes the public counts after writes, all in one transaction, so no page reads one view refreshed and
 * another not. CONCURRENTLY keeps the views readable while they refresh, so public pages never wait on an
 * import. Takes MikroORM's EntityManager or a pg pool/client (a client runs them in its own transaction, if any).
 */
export async function refreshAggregates(db: EntityManager | pg.Pool | pg.ClientBase): Promise<void> {
  const statements = AGGREGATE_VIEWS.map((view) => `refresh materialized view concurrently ${view}`);
  if ('execute' in db) {
    await db.transactional(async (em) => {
      for (const sql of statements) await em.execute(sql);
    });
  } else if ('totalCount' in db) {
    const client = await db.connect();
    try {
      await client.query('begin');
      for (const sql of statements) await client.query(sql);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } else for (const sql of statements) await db.query(sql);
}
