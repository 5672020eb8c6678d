import type { FacetValue, SearchFacets } from '../search-engine.js';
import { FACET_COLUMN_NAMES } from './schema.js';

/** A row of a counting statement: one facet value and spelling of its label, the total, or a sample level's count. */
export interface FacetRow {
  /** Which relation a row of radiusStatsSql describes. */
  source?: 'sample' | 'exact';
  /** 'level': a sample level's count (samplesSql). */
  facet: 'total' | 'category' | 'country' | 'city' | 'level';
  value: string | null;
  label: string | null;
  country_code: string | null;
  /** bigint arrives as text; null only for a sample level that was not read. */
  count: string | null;
}

export const FACET_COLUMNS = FACET_COLUMN_NAMES.map((column) => `d.${column}`).join(', ');

/**
 * FacetRows of `relation` (FACET_COLUMNS, and distance_km when `farthest` is asked for the total row), from one
 * hashed pass (grouping sets): one per facet value and spelling of its label, which toFacets adds up. Grouped by
 * their spellings, the labels cost a hash key each, where aggregating the least spelling here cost a comparison of
 * texts for every match.
 */
export function facetsSql(relation: string, farthest: boolean): string {
  // grouping() has a bit set for each column a set leaves out: 7 none grouped, 3 the category, 5 the
  // country, 4 the country and city.
  const set = 'grouping(category_slug, country_code, city_slug)';
  return `select case ${set} when 7 then 'total' when 3 then 'category' when 5 then 'country' else 'city' end as facet,
            case ${set} when 7 then ${farthest ? 'max(distance_km)::text' : 'null'} when 3 then category_slug
              when 5 then country_code else city_slug end as value,
            case ${set} when 3 then category when 5 then country when 4 then city end as label,
            country_code, count(*) as count
          from ${relation}
          group by grouping sets ((), (category_slug, category), (country_code, country), (country_code, city_slug, city))`;
}

/** The matches the rows counted (their 'total' row). */
export function totalOf(rows: FacetRow[]): number {
  return Number(rows.find((r) => r.facet === 'total')?.count ?? 0);
}

/** The farthest match the rows counted, in km (a radius's total row, facetsSql's `farthest`). */
export function farthestOf(rows: FacetRow[]): number {
  return Number(rows.find((r) => r.facet === 'total')?.value ?? 0);
}

/**
 * The `limit` most frequent values of each facet. Exact rows give their counts; rows of a sample (`estimate`) give
 * a value's count scaled to the matches only when it rests on `preciseFrom` sampled rows (a standard error of
 * 1/√n: 0.89 % for PRECISE_MATCHES, 12,500), else null: a few hundred sampled rows put a value's count ±10 % off or worse, and a
 * number shown is what a click on it finds, or within 2 % of it.
 */
export function toFacets(
  rows: FacetRow[],
  limit: number,
  estimate?: { scale: number; preciseFrom: number },
): SearchFacets {
  const facets: SearchFacets = { category: [], country: [], city: [] };
  const byCount = (a: FacetRow, b: FacetRow) =>
    Number(b.count) - Number(a.count) ||
    compare(a.value, b.value) ||
    (a.facet === 'city' ? compare(a.country_code, b.country_code) : 0);
  for (const row of bySpellingsAdded(rows).sort(byCount)) {
    if (
      row.facet === 'total' ||
      row.facet === 'level' ||
      row.value === null ||
      (row.facet === 'city' && row.country_code === null)
    )
      continue;
    if (facets[row.facet].length === limit) continue;
    const counted = Number(row.count);
    const value: FacetValue = {
      value: row.value,
      label: row.label ?? row.value,
      count: !estimate ? counted : counted >= estimate.preciseFrom ? Math.round(counted * estimate.scale) : null,
    };
    if (row.facet === 'city') value.countryCode = row.country_code ?? undefined;
    facets[row.facet].push(value);
  }
  return facets;
}

/**
 * One row per facet value (a city's within its country): the counts of its spellings added (facetsSql), the least of
 * them in byte order its label, which puts a capitalised one ("Coffee shop") first.
 */
function bySpellingsAdded(rows: FacetRow[]): FacetRow[] {
  const values = new Map<string, FacetRow>();
  for (const row of rows) {
    const key = JSON.stringify([row.facet, row.value, row.country_code]);
    const seen = values.get(key);
    if (!seen) values.set(key, { ...row });
    else {
      seen.count = String(Number(seen.count) + Number(row.count));
      if (row.label !== null && (seen.label === null || compare(row.label, seen.label) < 0)) seen.label = row.label;
    }
  }
  return [...values.values()];
}

/** Byte order, as the C collation the database sorted the facets in. */
function compare(a: string | null, b: string | null): number {
  return a === b ? 0 : (a ?? '') < (b ?? '') ? -1 : 1;
}
