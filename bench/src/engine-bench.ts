import type pg from 'pg';
import type { SearchEngine, SearchQuery } from '@directory/search';
import { startCpuCount, type CpuPerRequest } from './cpu.js';
import { closedLoop, fixedRate, sequential } from './load.js';
import { round, summarize, type LatencySummary } from './stats.js';
import type { BenchQuery, QueryType, Workload } from './workload.js';

export interface TypeFigures extends LatencySummary {
  type: QueryType | string;
  /** Mean of result.total (how many matches the type has at this scale). */
  meanTotal?: number;
  /** Share of queries whose hits were empty. */
  emptyShare?: number;
  /** Share of the whole pass's time spent on this type (where the capacity goes). */
  timeShare?: number;
}

export interface SlowQuery {
  type: string;
  query: SearchQuery;
  ms: number;
  total: number | null;
}

export interface EngineSearchFigures {
  poolSize: number;
  /** Every query of the mix once, one at a time, grouped by type. */
  perType: TypeFigures[];
  /** The ten slowest queries of the per-type pass. */
  slowest: SlowQuery[];
  /** The slowest query of each type in the per-type pass (what the EXPLAIN step looks at). */
  slowestByType: SlowQuery[];
  concurrency: Record<string, LatencySummary>;
  /** CPU time a search cost at each concurrency (Node: the engine in this process); none before 2026-11-25. */
  cpu?: Record<string, CpuPerRequest>;
  reference: Record<string, LatencySummary>;
  /**
   * The target rate offered by 16 clients in an open loop (fixedRate: latency from each search's due time); none in
   * the runs before 2026-11-26-1200000.json.
   */
  atTargetRate?: { rate: number; concurrency: number; summary: LatencySummary };
}

/**
 * The searches a second the issue asks for at 16 clients: the throughput target, and the rate offered for the
 * open-loop figure.
 */
export const TARGET_RATE = 300;
const TARGET_RATE_CLIENTS = 16;

export const PK_SQL =
  'select id, slug, name, category, city, country_code, rating, reviews, latitude, longitude from businesses where id = $1';

export function byType<T extends { type: string }>(
  samples: { item: T; ms: number; error?: string }[],
  extra?: (item: T) => Partial<TypeFigures>,
): TypeFigures[] {
  const groups = new Map<string, { ok: number[]; errors: number; items: T[] }>();
  for (const s of samples) {
    const g = groups.get(s.item.type) ?? { ok: [], errors: 0, items: [] };
    if (s.error) g.errors++;
    else g.ok.push(s.ms);
    g.items.push(s.item);
    groups.set(s.item.type, g);
  }
  return [...groups.entries()]
    .map(([type, g]) => ({ type, ...summarize(g.ok, g.errors, null), ...(extra ? extra(g.items[0]) : {}) }))
    .sort((a, b) => b.p95 - a.p95);
}

/** Every query of the mix once, four at a time, unmeasured: the index's pages and each connection's statements. */
export async function warmUp(engine: SearchEngine, workload: Workload): Promise<void> {
  await closedLoop(
    workload.queries,
    { concurrency: 4, durationMs: 60_000, maxRequests: workload.queries.length },
    (q) => engine.search(q.query),
  );
}

/** Warm-up (unmeasured), per-type pass, then closed-loop runs at each concurrency, plus the PK reference. */
export async function benchEngineSearch(
  pool: pg.Pool,
  poolSize: number,
  engine: SearchEngine,
  workload: Workload,
  levels: number[],
  durationMs: number,
  log: (line: string) => void,
): Promise<{ figures: EngineSearchFigures; totals: Map<BenchQuery, number>; passMs: Map<BenchQuery, number> }> {
  const totals = new Map<BenchQuery, number>();
  const empties = new Map<BenchQuery, boolean>();
  await warmUp(engine, workload);
  const pass = await sequential(workload.queries, async (q) => {
    const result = await engine.search(q.query);
    totals.set(q, result.total);
    empties.set(q, result.hits.length === 0);
  });
  const typeTotals = new Map<string, { sum: number; n: number; empty: number }>();
  for (const q of workload.queries) {
    const t = typeTotals.get(q.type) ?? { sum: 0, n: 0, empty: 0 };
    t.sum += totals.get(q) ?? 0;
    t.n++;
    if (empties.get(q)) t.empty++;
    typeTotals.set(q.type, t);
  }
  const passMs = pass.samples.reduce((sum, s) => sum + s.ms, 0);
  const perType = byType(pass.samples).map((f) => {
    const t = typeTotals.get(f.type);
    const typeMs = pass.samples.filter((s) => s.item.type === f.type).reduce((sum, s) => sum + s.ms, 0);
    return {
      ...f,
      timeShare: round(typeMs / passMs, 3),
      ...(t ? { meanTotal: Math.round(t.sum / t.n), emptyShare: round(t.empty / t.n, 3) } : {}),
    };
  });
  for (const f of perType)
    log(
      `  ${f.type.padEnd(17)} p50 ${f.p50} ms  p95 ${f.p95} ms  max ${f.max} ms  ` +
        `${Math.round((f.timeShare ?? 0) * 100)}% of the time  mean total ${f.meanTotal}`,
    );
  const slowest = [...pass.samples]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
    .map((s) => ({ type: s.item.type, query: s.item.query, ms: round(s.ms), total: totals.get(s.item) ?? null }));
  const slowestByType = perType.map((t) => {
    const worst = pass.samples.filter((s) => s.item.type === t.type).sort((a, b) => b.ms - a.ms)[0];
    return { type: t.type, query: worst.item.query, ms: round(worst.ms), total: totals.get(worst.item) ?? null };
  });

  const concurrency: Record<string, LatencySummary> = {};
  const cpu: Record<string, CpuPerRequest> = {};
  const reference: Record<string, LatencySummary> = {};
  let start = 0;
  for (const c of levels) {
    const cpuCount = await startCpuCount(pool, process.pid);
    const run = await closedLoop(workload.queries, { concurrency: c, durationMs, start }, (q) =>
      engine.search(q.query),
    );
    cpu[c] = await cpuCount(run.summary.count + run.summary.errors);
    start += run.summary.count;
    concurrency[c] = run.summary;
    const ref = await closedLoop(workload.ids, { concurrency: c, durationMs: Math.max(2000, durationMs / 2) }, (id) =>
      pool.query(PK_SQL, [id]),
    );
    reference[c] = ref.summary;
    log(
      `  search ×${c}: p50 ${run.summary.p50} p95 ${run.summary.p95} p99 ${run.summary.p99} ms, ` +
        `${run.summary.rps} req/s (${run.summary.errors} errors), CPU a search: Node ${cpu[c].node} ms, ` +
        `PostgreSQL ${cpu[c].postgres ?? '–'} ms | PK select: p95 ${ref.summary.p95} ms, ${ref.summary.rps} req/s`,
    );
  }
  const offered = await fixedRate(
    workload.queries,
    { rate: TARGET_RATE, concurrency: TARGET_RATE_CLIENTS, durationMs, start },
    (q) => engine.search(q.query),
  );
  const atTargetRate = { rate: TARGET_RATE, concurrency: TARGET_RATE_CLIENTS, summary: offered.summary };
  log(
    `  search at ${TARGET_RATE} req/s offered by ${TARGET_RATE_CLIENTS} clients (open loop): p50 ${offered.summary.p50} ` +
      `p95 ${offered.summary.p95} p99 ${offered.summary.p99} ms, ${offered.summary.rps} req/s answered`,
  );
  const passTimes = new Map(pass.samples.map((s) => [s.item, s.ms]));
  return {
    figures: { poolSize, perType, slowest, slowestByType, concurrency, cpu, reference, atTargetRate },
    totals,
    passMs: passTimes,
  };
}

export interface SuggestFigures {
  byLength: TypeFigures[];
  concurrency: Record<string, LatencySummary>;
}

export async function benchEngineSuggest(
  engine: SearchEngine,
  workload: Workload,
  levels: number[],
  durationMs: number,
  log: (line: string) => void,
): Promise<SuggestFigures> {
  const items = workload.prefixes.map((p) => ({ type: `${[...p].length} letter${p.length > 1 ? 's' : ''}`, p }));
  await closedLoop(items, { concurrency: 4, durationMs: 30_000, maxRequests: items.length }, (i) =>
    engine.suggest(i.p),
  );
  const pass = await sequential(items, (i) => engine.suggest(i.p));
  const byLength = byType(pass.samples).sort((a, b) => a.type.localeCompare(b.type));
  for (const f of byLength) log(`  suggest ${f.type.padEnd(9)} p50 ${f.p50} ms  p95 ${f.p95} ms  max ${f.max} ms`);
  const concurrency: Record<string, LatencySummary> = {};
  for (const c of levels) {
    const run = await closedLoop(items, { concurrency: c, durationMs }, (i) => engine.suggest(i.p));
    concurrency[c] = run.summary;
    log(
      `  suggest ×${c}: p50 ${run.summary.p50} p95 ${run.summary.p95} p99 ${run.summary.p99} ms, ${run.summary.rps} req/s`,
    );
  }
  return { byLength, concurrency };
}

export interface AfterWritesFigures {
  /** Pending-list pages of the GIN indexes right after the bulk update and its revert (pgstatginindex). */
  pendingPages: Record<string, number>;
  /** The text queries of the mix, one at a time, on the freshly built index and again after the writes. */
  before: LatencySummary;
  after: LatencySummary;
  /** Same queries once more after gin_clean_pending_list() on every GIN index. */
  afterCleaning: LatencySummary;
}

/**
 * Writes leave entries in the GIN indexes' pending lists (fastupdate), which every tsvector / trigram
 * search then scans linearly until a vacuum or the list's size limit flushes them. This measures that cost.
 */
export async function benchAfterWrites(
  pool: pg.Pool,
  engine: SearchEngine,
  before: LatencySummary,
  textQueries: BenchQuery[],
): Promise<AfterWritesFigures> {
  await pool.query('create extension if not exists pgstattuple');
  const { rows: indexes } = await pool.query<{ name: string }>(
    `select indexrelid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
     join pg_am a on a.oid = c.relam join pg_class t on t.oid = i.indrelid
     where t.relname in ('search_documents', 'search_vocabulary', 'search_samples') and t.relkind = 'r' and a.amname = 'gin'`,
  );
  const pendingPages: Record<string, number> = {};
  for (const { name } of indexes) {
    const { rows } = await pool.query<{ pending_pages: number }>('select pending_pages from pgstatginindex($1)', [
      name,
    ]);
    pendingPages[name.replace(/^"?search_documents_[a-z0-9]+_/, '').replace(/"$/, '')] = rows[0].pending_pages;
  }
  const after = await sequential(textQueries, (q) => engine.search(q.query));
  for (const { name } of indexes) await pool.query('select gin_clean_pending_list($1::regclass)', [name]);
  const cleaned = await sequential(textQueries, (q) => engine.search(q.query));
  return {
    pendingPages,
    before,
    after: after.summary,
    afterCleaning: cleaned.summary,
  };
}

/** The queries with text (the ones the tsvector and trigram GIN indexes serve), at most `max`. */
export function textQueries(workload: Workload, max: number): BenchQuery[] {
  return workload.queries.filter((q) => q.query.q).slice(0, max);
}
