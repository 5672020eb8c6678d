import type { SearchEngine, SearchQuery, SearchResult } from '@directory/search';
import { round } from './stats.js';

/**
 * Whether each facet value of broad queries counts what a click on it finds (issue 31, "counts that match"): an
 * exact count must equal the clicked total; an estimate (either not exhaustive) must be within 2 % of it. At scale,
 * beside the cost of the broad queries themselves.
 */
export interface FacetCountsCheck {
  /** Facet values clicked. */
  checked: number;
  /** Facet values given without a count (an estimate that would not be within 2 %): not clicked. */
  uncounted: number;
  /** Of them, both counts exact. */
  exact: number;
  /** Exact counts that differ, and estimates off by more than 2 %. */
  mismatches: { query: SearchQuery; count: number; total: number; exhaustive: boolean }[];
  /** The largest gap between an estimated facet count and its click's total, in %. */
  largestEstimateGapPercent: number;
  /** One at a time: p50 and max of every search the check ran (ms). */
  searchMs: { p50: number; max: number };
}

/** Every facet value of `query`'s answer as the query a click on it runs, with the count the facet showed. */
function clicks(query: SearchQuery, result: SearchResult): [SearchQuery, number | null][] {
  return [
    ...result.facets.category.map((f): [SearchQuery, number | null] => [{ ...query, category: f.value }, f.count]),
    ...result.facets.country.map((f): [SearchQuery, number | null] => [{ ...query, country: f.value }, f.count]),
    ...result.facets.city.map((f): [SearchQuery, number | null] => [
      { ...query, country: f.countryCode, city: f.value },
      f.count,
    ]),
  ];
}

/**
 * Broad queries: none at all (an empty home search), the most common category and country, a rating filter, and
 * words: the most common category's name alone and within its most common city, and a rarer category's name.
 */
export async function checkFacetCounts(engine: SearchEngine): Promise<FacetCountsCheck> {
  const times: number[] = [];
  const timed = async (query: SearchQuery) => {
    const started = performance.now();
    const result = await engine.search({ ...query, limit: 20 });
    times.push(performance.now() - started);
    return result;
  };
  const all = await timed({});
  const broad: SearchQuery[] = [{}, { minRating: 4 }];
  if (all.facets.category[0]) broad.push({ category: all.facets.category[0].value });
  if (all.facets.country[0]) broad.push({ country: all.facets.country[0].value });
  const [common, rarer] = [all.facets.category[0], all.facets.category.at(-1)];
  if (common) {
    const words = await timed({ q: common.label });
    broad.push({ q: common.label });
    const city = words.facets.city[0];
    if (city) broad.push({ q: common.label, country: city.countryCode, city: city.value });
  }
  if (rarer && rarer !== common) broad.push({ q: rarer.label });
  const check: FacetCountsCheck = {
    checked: 0,
    uncounted: 0,
    exact: 0,
    mismatches: [],
    largestEstimateGapPercent: 0,
    searchMs: { p50: 0, max: 0 },
  };
  for (const query of broad) {
    const answer = await timed(query);
    for (const [clicked, count] of clicks(query, answer)) {
      if (count === null) {
        check.uncounted += 1;
        continue;
      }
      const result = await timed(clicked);
      const exhaustive = answer.exhaustive && result.exhaustive;
      const gap = result.total === 0 ? (count === 0 ? 0 : 100) : (Math.abs(count - result.total) / result.total) * 100;
      check.checked += 1;
      if (exhaustive) check.exact += 1;
      else check.largestEstimateGapPercent = Math.max(check.largestEstimateGapPercent, round(gap, 1));
      if (exhaustive ? count !== result.total : gap > 2)
        check.mismatches.push({ query: clicked, count, total: result.total, exhaustive });
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  check.searchMs = { p50: round(sorted[Math.floor(sorted.length / 2)]), max: round(sorted.at(-1) ?? 0) };
  return check;
}
