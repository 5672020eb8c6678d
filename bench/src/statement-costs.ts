import type pg from 'pg';
import { PostgresSearchEngine, type PostgresEngineOptions } from '@directory/search';
import { round } from './stats.js';
import type { BenchQuery } from './workload.js';

/**
 * Where the query mix's database time goes (issue 31: the costs of exact counts and of the open-now filter): the mix
 * run once, one search at a time, each statement the engine sends timed from its send to its answer and put in a
 * kind by its text. Statements of one search may overlap (its page and its count run at once), so the times add up
 * to more than the searches' own.
 */
export interface StatementCosts {
  searches: number;
  /** The statements' time, all kinds together (ms). */
  statementMs: number;
  kinds: { kind: string; calls: number; ms: number; share: number }[];
  /** Searches filtered to places open now: their share of the mix and of the statements' time. */
  openNow: { searches: number; share: number; timeShare: number };
}

/** Kinds by the engine's statement texts (search/src/postgres: count-statements.ts, counting.ts, ranking.ts, pages.ts). */
const KINDS: [kind: string, text: RegExp][] = [
  [
    "planning aids: the index's size, lexeme shares, the vocabulary, the planner's guess",
    /^\s*(explain\b|select greatest\(reltuples|select s\.most_common_elems|select word from [\s\S]*search_vocabulary)/,
  ],
  ['counts of the facet counts table (exact, a few rows)', /search_facet_counts/],
  ['a radius: its page and count in one round trip', /^begin;/],
  ['sample levels: the first estimate', /^\s*with s0 as materialized/],
  ['counted again in one sample', /^\s*select count\(\*\) \* \d+ as count from search_samples/],
  ['counted again by strata in the finest sample', /count\(\*\)::int as count\s+from search_samples/],
  [
    'count and facets up to the exact bound (1,001 matches)',
    /^\s*with m as materialized \(select d\.category_slug[\s\S]*from search_documents d [\s\S]*limit \d+\)\s*select case grouping/,
  ],
  [
    'exact count and facets: every match read',
    /^\s*with m as materialized \(select d\.category_slug[\s\S]*from search_documents d /,
  ],
  ['count and facets in a sample table (filters only)', /^\s*with m as materialized \(select d\.category_slug/],
  [
    'every match ranked: page, count and facets in one pass',
    /^\s*with m as materialized \(\s*select d\.id, d\.reviews/,
  ],
  ['the page: ordered walks and relevance windows', /search_documents/],
];
const OTHER = 'other';

/** The kinds that read every match to count it exactly (with its facets, or ranking it in the same pass). */
export const EVERY_MATCH_KINDS = [
  'count and facets up to the exact bound (1,001 matches)',
  'exact count and facets: every match read',
  'every match ranked: page, count and facets in one pass',
];

/** The share of the statements' time the kinds took. */
export function timeShareOf(costs: StatementCosts, kinds: readonly string[]): number {
  return round(
    costs.kinds.filter((k) => kinds.includes(k.kind)).reduce((sum, k) => sum + k.share, 0),
    3,
  );
}

export function statementKind(text: string): string {
  const body = /^prepare \w+ as ([\s\S]*)$/.exec(text)?.[1] ?? text;
  return KINDS.find(([, pattern]) => pattern.test(body))?.[0] ?? OTHER;
}

/** A pool look-alike that times every statement sent through it (and through its clients) by kind. */
function timingPool(pool: pg.Pool, record: (text: string, ms: number) => void): pg.Pool {
  const timed = async <T>(statement: string | pg.QueryConfig, send: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await send();
    } finally {
      record(typeof statement === 'string' ? statement : statement.text, performance.now() - started);
    }
  };
  const query = (statement: string | pg.QueryConfig, values?: unknown[]) =>
    timed(statement, () => pool.query(statement as string, values));
  const connect = async () => {
    const client = await pool.connect();
    return new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === 'query')
          return (statement: string | pg.QueryConfig, values?: unknown[]) =>
            /^\s*(begin|commit|rollback)\s*;?\s*$/i.test(typeof statement === 'string' ? statement : statement.text)
              ? target.query(statement as string, values)
              : timed(statement, () => target.query(statement as string, values));
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { query, connect } as unknown as pg.Pool;
}

/** The mix once through an engine (of `options`, the engine's own bounds unless given) on a timing pool. */
export async function measureStatementCosts(
  pool: pg.Pool,
  queries: readonly Pick<BenchQuery, 'query'>[],
  options: PostgresEngineOptions = {},
): Promise<StatementCosts> {
  const byKind = new Map<string, { calls: number; ms: number }>();
  let current = 0;
  const engine = new PostgresSearchEngine(
    timingPool(pool, (text, ms) => {
      const kind = statementKind(text);
      const entry = byKind.get(kind) ?? { calls: 0, ms: 0 };
      byKind.set(kind, { calls: entry.calls + 1, ms: entry.ms + ms });
      current += ms;
    }),
    options,
  );
  let statementMs = 0;
  let openNowMs = 0;
  let openNowSearches = 0;
  for (const { query } of queries) {
    current = 0;
    await engine.search(query);
    statementMs += current;
    if (query.openNow) {
      openNowSearches += 1;
      openNowMs += current;
    }
  }
  const share = (ms: number) => (statementMs > 0 ? round(ms / statementMs, 3) : 0);
  return {
    searches: queries.length,
    statementMs: round(statementMs, 1),
    kinds: [...byKind]
      .map(([kind, { calls, ms }]) => ({ kind, calls, ms: round(ms, 1), share: share(ms) }))
      .sort((a, b) => b.ms - a.ms),
    openNow: {
      searches: openNowSearches,
      share: queries.length > 0 ? round(openNowSearches / queries.length, 3) : 0,
      timeShare: share(openNowMs),
    },
  };
}
