import type pg from 'pg';
import type { SearchEngine } from '../search-engine.js';
import { loadDocuments } from './source.js';
import { withSyncLock } from './lock.js';

/** Engines that live in the source database copy documents by SQL (PostgresSearchEngine). */
export interface SourceSyncingEngine extends SearchEngine {
  syncFromSource(ids: readonly number[]): Promise<void>;
}

function syncsFromSource(engine: SearchEngine): engine is SourceSyncingEngine {
  return typeof (engine as Partial<SourceSyncingEngine>).syncFromSource === 'function';
}

/** Later outbox rows a batch looks at for changes it applies anyway. */
const COVERED_ROWS_CHECKED = 100;

export interface DrainOptions {
  /** Business ids per engine write. */
  batchSize?: number;
  /** Stop after this many batches (a job can re-run to continue); default: until the outbox is empty. */
  maxBatches?: number;
}

export interface DrainResult {
  /** False when another drain or a rebuild held the lock; nothing was done. */
  ran: boolean;
  /** Distinct business ids applied to the engine. */
  ids: number;
  batches: number;
  /** Longest time an applied change waited in the outbox (its write to searchable), ms. */
  maxLagMs: number | null;
}

/**
 * Applies recorded changes to the engine, oldest first, in batches. Outbox rows are deleted only after the
 * engine confirmed their batch (Meilisearch: its tasks succeeded), so a crash re-applies, never loses; the
 * writes are idempotent upserts and deletes. Concurrent calls are harmless: one runs, the others return.
 */
export async function drainOutbox(
  pool: pg.Pool,
  engine: SearchEngine,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const batchSize = options.batchSize ?? 20_000;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  const result = await withSyncLock(pool, false, async () => {
    let ids = 0;
    let batches = 0;
    let maxLagMs: number | null = null;
    while (batches < maxBatches) {
      // Whole outbox rows up to ~batchSize ids (a single large statement's row may exceed it).
      const { rows } = await pool.query<{ seq: string; n: number; created_at: Date }>(
        `select seq, cardinality(business_ids) as n, created_at from search_outbox order by seq limit 10000`,
      );
      if (rows.length === 0) break;
      const taken: string[] = [];
      let planned = 0;
      for (const row of rows) {
        if (taken.length > 0 && planned + row.n > batchSize) break;
        taken.push(row.seq);
        planned += row.n;
      }
      const claimed = await pool.query<{ id: string }>(
        `select distinct unnest(business_ids) as id from search_outbox where seq = any($1::bigint[])`,
        [taken],
      );
      const all = claimed.rows.map((r) => Number(r.id));
      // Later rows whose every id is in this batch (an import's second statement over its own businesses) are
      // retired with it: they are visible now, so committed, and the batch reads the businesses after this.
      const covered = await pool.query<{ seq: string }>(
        `select later.seq from (
           select seq, business_ids from search_outbox where seq > $1 order by seq limit ${COVERED_ROWS_CHECKED}
         ) later
         where not exists (select unnest(later.business_ids) except select unnest($2::bigint[]))`,
        [taken[taken.length - 1], all],
      );
      taken.push(...covered.rows.map((r) => r.seq));
      for (let i = 0; i < all.length; i += batchSize) {
        await applyChanges(pool, engine, all.slice(i, i + batchSize));
        batches++;
      }
      await pool.query(`delete from search_outbox where seq = any($1::bigint[])`, [taken]);
      const oldest = rows[0].created_at.getTime();
      maxLagMs = Math.max(maxLagMs ?? 0, Date.now() - oldest);
      ids += all.length;
    }
    return { ran: true, ids, batches, maxLagMs };
  });
  return result ?? { ran: false, ids: 0, batches: 0, maxLagMs: null };
}

/** Upserts the businesses that exist, deletes the ids that no longer do. */
async function applyChanges(pool: pg.Pool, engine: SearchEngine, ids: number[]): Promise<void> {
  if (syncsFromSource(engine)) {
    await engine.syncFromSource(ids);
    return;
  }
  const documents = await loadDocuments(pool, ids);
  const present = new Set(documents.map((d) => d.id));
  const gone = ids.filter((id) => !present.has(id));
  await engine.upsert(documents, { wait: true });
  await engine.delete(gone, { wait: true });
}

export interface OutboxBacklog {
  rows: number;
  ids: number;
  /** Age of the oldest unapplied change, ms; null when the outbox is empty. */
  oldestAgeMs: number | null;
}

/** For ops pages and alerts: how far the index is behind. */
export async function outboxBacklog(pool: pg.Pool): Promise<OutboxBacklog> {
  const { rows } = await pool.query<{ rows: string; ids: string | null; oldest: Date | null }>(
    `select count(*) as rows, sum(cardinality(business_ids)) as ids, min(created_at) as oldest from search_outbox`,
  );
  const row = rows[0];
  return {
    rows: Number(row.rows),
    ids: Number(row.ids ?? 0),
    oldestAgeMs: row.oldest ? Date.now() - row.oldest.getTime() : null,
  };
}

/** How long a lost LISTEN connection waits before it is opened again (doubling up to the most). */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MOST_MS = 10_000;

/**
 * Calls `onChange` (debounced) whenever a transaction that wrote businesses commits: the trigger NOTIFYs
 * search_outbox. The worker uses it to drain within milliseconds instead of waiting for a timer. A lost
 * connection (PostgreSQL restarted) is opened again, and `onChange` called once, as changes may have been
 * missed meanwhile. Returns a function that stops listening.
 */
export async function listenForChanges(
  pool: pg.Pool,
  onChange: () => void,
  debounceMs = 50,
): Promise<() => Promise<void>> {
  let timer: NodeJS.Timeout | null = null;
  let client: pg.PoolClient | null = null;
  let stopped = false;
  const handler = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, debounceMs);
  };
  const listen = async () => {
    const next = await pool.connect();
    let dropped = false;
    const drop = (error: Error) => {
      if (dropped) return;
      dropped = true;
      next.off('notification', handler);
      next.release(error);
    };
    next.on('notification', handler);
    next.once('error', (error) => {
      drop(error);
      if (client !== next) return;
      client = null;
      void relisten();
    });
    try {
      await next.query('listen search_outbox');
    } catch (error) {
      drop(error as Error);
      throw error;
    }
    client = next;
  };
  const relisten = async () => {
    for (let wait = RELISTEN_FIRST_MS; !stopped; wait = Math.min(wait * 2, RELISTEN_MOST_MS)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) return;
      try {
        await listen();
        handler();
        return;
      } catch {
        // PostgreSQL is still away: try again later.
      }
    }
  };
  await listen();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    if (!current) return;
    current.off('notification', handler);
    await current.query('unlisten search_outbox').catch(() => undefined);
    current.release();
  };
}
