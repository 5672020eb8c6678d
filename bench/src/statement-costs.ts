import type pg from 'pg';
import { PostgresSearchEngine, type PostgresEngineOptions } from '@directory/search';
import { interceptedPool, textOf } from './intercepted-pool.js';
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

/** The kinds of statements, by what they do. */
export const KIND = {
  planning: "planning aids: the index's size, lexeme shares, the vocabulary, the planner's guess",
  facetCounts: 'counts of the facet counts table (exact, a few rows)',
  radius: 'a radius: its page and count in one round trip',
  sampleLevels: 'sample levels: the first estimate',
  sampleCount: 'counted again in one sample of the samples table',
  documentsSampleCount: "counted again in one of the documents' samples, or a radius from its index",
  boundedCount: 'count and facets up to the exact bound (1,001 matches)',
  exactCount: 'exact count and facets: every match read',
  sampleTableCount: 'count and facets in a sample table (filters only)',
  rankEveryMatch: 'every match ranked: page, count and facets in one pass',
  page: 'the page: ordered walks and relevance windows',
  other: 'other',
} as const;

/** Kinds by the engine's statement texts (search/src/postgres: count-statements.ts, counting.ts, ranking.ts, pages.ts). */
const KINDS: [kind: string, text: RegExp][] = [
  [
    KIND.planning,
    /^\s*(explain\b|select greatest\(reltuples|select s\.most_common_elems|select word from [\s\S]*search_vocabulary)/,
  ],
  [KIND.facetCounts, /search_facet_counts/],
  [KIND.radius, /^begin;/],
  [KIND.sampleLevels, /^\s*with s0 as materialized/],
  [KIND.sampleCount, /^\s*select count\(\*\) \* \d+ as count from search_samples/],
  [KIND.documentsSampleCount, /^\s*select count\(\*\) \* \d+ as count from search_documents/],
  [
    KIND.boundedCount,
    /^\s*with m as materialized \(select d\.category_slug[\s\S]*from search_documents d [\s\S]*limit \d+\)\s*select case grouping/,
  ],
  [KIND.exactCount, /^\s*with m as materialized \(select d\.category_slug[\s\S]*from search_documents d /],
  [KIND.sampleTableCount, /^\s*with m as materialized \(select d\.category_slug/],
  [KIND.rankEveryMatch, /^\s*with m as materialized \(\s*select d\.id, d\.reviews/],
  [KIND.page, /search_documents/],
];

/** The kinds that read every match to count it exactly (with its facets, or ranking it in the same pass). */
export const EVERY_MATCH_KINDS = [KIND.boundedCount, KIND.exactCount, KIND.rankEveryMatch];

/** The share of the statements' time the kinds took. */
export function timeShareOf(costs: StatementCosts, kinds: readonly string[]): number {
  return round(
    costs.kinds.filter((k) => kinds.includes(k.kind)).reduce((sum, k) => sum + k.share, 0),
    3,
  );
}

export function statementKind(text: string): string {
  const body = /^prepare \w+ as ([\s\S]*)$/.exec(text)?.[1] ?? text;
  return KINDS.find(([, pattern]) => pattern.test(body))?.[0] ?? KIND.other;
}

/** The mix once through an engine (of `options`, the engine's own bounds unless given) on a timing pool. */
export async function measureStatementCosts(
  pool: pg.Pool,
  queries: readonly Pick<BenchQuery, 'query'>[],
  options: PostgresEngineOptions = {},
): Promise<StatementCosts> {
  const byKind = new Map<string, { calls: number; ms: number }>();
  let current = 0;
  // Every statement timed from its send to its answer.
  const timed = interceptedPool(pool, async (statement, _values, send) => {
    const started = performance.now();
    try {
      return await send();
    } finally {
      const ms = performance.now() - started;
      const kind = statementKind(textOf(statement));
      const entry = byKind.get(kind) ?? { calls: 0, ms: 0 };
      byKind.set(kind, { calls: entry.calls + 1, ms: entry.ms + ms });
      current += ms;
    }
  });
  const engine = new PostgresSearchEngine(timed, options);
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
