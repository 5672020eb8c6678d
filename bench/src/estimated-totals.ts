import { PostgresSearchEngine, type SearchEngine } from '@directory/search';
import type pg from 'pg';
import { round } from './stats.js';
import type { BenchQuery } from './workload.js';

/**
 * Whether the totals the engine estimates ("about N") are within 2 % of the truth (issue 31): each search of the
 * query mix that answers an estimate is counted again by the same engine with no bound, sorted by name (every match
 * read and counted, no sample), up to `limit` of them.
 */
export interface EstimatedTotalsCheck {
  /** Searches of the mix run. */
  searched: number;
  /** Of them, estimates compared with their exact count. */
  compared: number;
  /** Estimates within 2 % of their exact count. */
  within2Percent: number;
  /** The largest gap, in %, and its query. */
  largestGapPercent: number;
  largest: { query: BenchQuery['query']; total: number; exact: number } | null;
}

export async function checkEstimatedTotals(
  pool: pg.Pool,
  engine: SearchEngine,
  queries: readonly BenchQuery[],
  limit = 100,
): Promise<EstimatedTotalsCheck> {
  const unbounded = Number.MAX_SAFE_INTEGER;
  const counting = new PostgresSearchEngine(pool, {
    exactCountUpTo: unbounded,
    filteredRowsUpTo: unbounded,
    facetLimit: 1,
  });
  const check: EstimatedTotalsCheck = {
    searched: 0,
    compared: 0,
    within2Percent: 0,
    largestGapPercent: 0,
    largest: null,
  };
  for (const { query } of queries) {
    if (check.compared >= limit) break;
    check.searched += 1;
    const answer = await engine.search({ ...query, limit: 20 });
    if (answer.exhaustive) continue;
    const counted = await counting.search({ ...query, sort: 'name', limit: 1 });
    if (!counted.exhaustive) throw new Error(`The unbounded engine estimated ${JSON.stringify(query)}.`);
    const exact = counted.total;
    const gap = exact === 0 ? 100 : (Math.abs(answer.total - exact) / exact) * 100;
    check.compared += 1;
    if (gap <= 2) check.within2Percent += 1;
    if (gap >= check.largestGapPercent) {
      check.largestGapPercent = round(gap, 1);
      check.largest = { query, total: answer.total, exact };
    }
  }
  return check;
}
