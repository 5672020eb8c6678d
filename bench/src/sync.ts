import type pg from 'pg';
import { drainOutbox, measureLag, prepareIndex, reindex, SOURCE_SQL, type SearchEngine } from '@directory/search';
import { mulberry32 } from './prng.js';
import { round, summarize, type LatencySummary } from './stats.js';

export interface ReindexFigures {
  documents: number;
  ms: number;
  /** Same run: `create table … as SOURCE_SQL` (the projection alone: no generated columns, no indexes). */
  referenceCtasMs: number;
  ratio: number;
  /**
   * Diagnostic: computing only the per-row helper function of SOURCE_SQL (search_location_terms; the open minutes
   * are a stored column) over every business, without writing anything.
   */
  helperFunctionsMs: number;
  /** Outbox rows (seed statements) committed before the rebuild began, which the rebuild covers; deleted. */
  coveredOutbox: { rows: number; ids: number };
  tableBytes: number;
}

/** Runs one statement without parallel workers: the rebuild's INSERT … SELECT never runs in parallel either. */
async function serialQuery(pool: pg.Pool, sql: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local max_parallel_workers_per_gather = 0');
    const t0 = performance.now();
    await client.query(sql);
    const ms = performance.now() - t0;
    await client.query('commit');
    return ms;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The reference first (it warms the same pages), then the real rebuild. */
export async function benchReindex(
  pool: pg.Pool,
  engine: SearchEngine,
  log: (line: string) => void,
): Promise<ReindexFigures> {
  await prepareIndex(engine);
  await pool.query('drop table if exists bench_reference_copy');
  const referenceCtasMs = await serialQuery(pool, `create table bench_reference_copy as ${SOURCE_SQL}`);
  await pool.query('drop table bench_reference_copy');
  log(`reference: create table as SOURCE_SQL in ${(referenceCtasMs / 1000).toFixed(2)} s`);
  const helperFunctionsMs = await serialQuery(
    pool,
    `select count(open_minutes) as d, sum(cardinality(location_terms)) as t from (${SOURCE_SQL}) s`,
  );
  log(`diagnostic: the helper functions alone over every business in ${(helperFunctionsMs / 1000).toFixed(2)} s`);

  const { rows } = await pool.query<{ seq: string | null }>('select max(seq) as seq from search_outbox');
  const t0 = performance.now();
  const result = await reindex(pool, engine);
  const ms = performance.now() - t0;
  // Everything committed before the rebuild started is in the fresh index; draining it again would redo the
  // whole reindex row by row and pollute the lag samples. (reindex() now clears these itself; kept as a check.)
  const covered = await pool.query<{ rows: string; ids: string | null }>(
    `with d as (delete from search_outbox where seq <= $1 returning business_ids)
     select count(*) as rows, sum(cardinality(business_ids)) as ids from d`,
    [rows[0].seq ?? 0],
  );
  const size = await pool.query<{ bytes: string }>(`select pg_total_relation_size('search_documents') as bytes`);
  log(
    `reindex: ${result.documents} documents in ${(ms / 1000).toFixed(2)} s ` +
      `(${round(ms / referenceCtasMs, 1)}× the reference); ${covered.rows[0].rows} outbox rows it covers deleted`,
  );
  return {
    documents: result.documents,
    ms: round(ms),
    referenceCtasMs: round(referenceCtasMs),
    ratio: round(ms / referenceCtasMs),
    helperFunctionsMs: round(helperFunctionsMs),
    coveredOutbox: { rows: Number(covered.rows[0].rows), ids: Number(covered.rows[0].ids ?? 0) },
    tableBytes: Number(size.rows[0].bytes),
  };
}

/** measureLag() repeatedly: commit a probe, drain at once, search until found (no worker, no queue). */
export async function benchLag(pool: pg.Pool, engine: SearchEngine, samples: number): Promise<LatencySummary> {
  await drainOutbox(pool, engine);
  const lags: number[] = [];
  for (let i = 0; i < samples; i++) lags.push((await measureLag(pool, engine)).ms);
  return summarize(lags, 0, null);
}

export interface BulkLag {
  rows: number;
  /** The single UPDATE statement (autocommit), the reference. */
  updateMs: number;
  /** From its commit until drainOutbox returned with every row applied. */
  drainMs: number;
  /** Same for the statement that puts the values back. */
  revertDrainMs: number;
  verified: boolean;
}

/** Updates `rows` businesses in one statement, times the drain, checks the index, then reverts. */
export async function benchBulkLag(pool: pg.Pool, engine: SearchEngine, rows: number, seed: number): Promise<BulkLag> {
  await drainOutbox(pool, engine);
  const { rows: countRows } = await pool.query<{ n: string }>('select count(*) as n from businesses');
  const total = Number(countRows[0].n);
  const n = Math.min(rows, total);
  const offset = Math.floor(mulberry32(seed)() * Math.max(0, total - n));
  const { rows: idRows } = await pool.query<{ id: string }>(
    'select id from businesses order by id offset $1 limit $2',
    [offset, n],
  );
  const ids = idRows.map((r) => Number(r.id));
  const timed = async (delta: number) => {
    const t0 = performance.now();
    await pool.query(`update businesses set reviews = reviews + $2 where id = any($1::bigint[])`, [ids, delta]);
    const committed = performance.now();
    await drainOutbox(pool, engine);
    return { updateMs: committed - t0, drainMs: performance.now() - committed };
  };
  const up = await timed(1);
  const { rows: check } = await pool.query<{ n: string }>(
    `select count(*) as n from search_documents d join businesses b using (id)
     where d.id = any($1::bigint[]) and d.reviews = b.reviews`,
    [ids],
  );
  const verified = Number(check[0].n) === ids.length;
  const down = await timed(-1);
  return {
    rows: ids.length,
    updateMs: round(up.updateMs),
    drainMs: round(up.drainMs),
    revertDrainMs: round(down.drainMs),
    verified,
  };
}

/**
 * The production path: the real worker (LISTEN → BullMQ sync job per 100 ms window → drainOutbox) is
 * running; a probe business is committed and searched for (category filter, no typo pass) every 5 ms.
 */
export async function benchWorkerLag(
  pool: pg.Pool,
  engine: SearchEngine,
  samples: number,
  seed: number,
): Promise<LatencySummary & { timeouts: number }> {
  const rng = mulberry32(seed);
  const lags: number[] = [];
  let timeouts = 0;
  for (let i = 0; i < samples; i++) {
    const token = `lagprobe${Date.now().toString(36)}w${i}`;
    const { rows } = await pool.query<{ id: string }>(
      `insert into businesses (name, slug, category, category_slug, is_approved)
       values ($1, $1, 'Probe', 'probe', true) returning id`,
      [token],
    );
    const id = Number(rows[0].id);
    const committed = performance.now();
    try {
      for (;;) {
        const result = await engine.search({ category: 'probe', limit: 10 });
        if (result.hits.some((h) => h.id === id)) {
          lags.push(performance.now() - committed);
          break;
        }
        if (performance.now() - committed > 10_000) {
          timeouts++;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await pool.query('delete from businesses where id = $1', [id]);
    }
    // Land the next commit at a different point of the worker's 100 ms window.
    await new Promise((resolve) => setTimeout(resolve, 150 + Math.floor(rng() * 200)));
  }
  return { ...summarize(lags, timeouts, null), timeouts };
}
