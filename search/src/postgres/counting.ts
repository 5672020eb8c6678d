import type { FacetValue, SearchFacets } from '../search-engine.js';
import type { NormalizedQuery } from '../text.js';
import { radiusStatsSql, samplesSql, statsSql } from './count-statements.js';
import { facetCountsSql, facetFiltersTotalSql } from './facet-counts.js';
import { FACET_COLUMNS, facetsSql, farthestOf, toFacets, totalOf, type FacetRow } from './facets.js';
import { onDocuments, type Filter } from './filter.js';
import { scaledToRadius } from './geo.js';
import {
  fixedFacetColumns,
  plannedRows,
  prepared,
  preparedUnlessValuesInText,
  withoutBitmapScans,
  type Sql,
} from './planning.js';
import {
  COUNT_MODULI,
  DOCUMENT_COUNT_MODULI,
  DOCUMENTS_TABLE,
  SAMPLE_BROWSE_KEYS,
  SAMPLE_MODULI,
  SAMPLES_TABLE,
} from './schema.js';
import type { SearchDb } from './statement-queue.js';
import type { WordGroups } from './tsquery.js';

/**
 * Totals and facets, exact or estimated. A query that filters by nothing but facets is counted exactly by the
 * facet counts (facet-counts.ts). Other matches are counted exactly up to exactCountUpTo; beyond it the total
 * is estimated from a sample index (one document in 10, 100 or 1000, search_samples), a coarser one or the
 * planner, then counted again (Counter.precise): below PRECISE_MATCHES exactly, with the facets; beyond, in a
 * sample, precisely enough to be within 2 %, with `exhaustive` false and the facets estimates (toFacets: a value's
 * count only when it is as precise). Counting is the one cost that grows with the number of matches, so it is
 * bounded. Why, and what it costs: bench/engine-notes.md "Counting".
 */

export interface Stats {
  total: number;
  facets: SearchFacets;
  exhaustive: boolean;
}

/** Rows a filter-only count reads at most (Counter.filteredStats): about 15 ms of PostgreSQL on a 2-core host. */
export const FILTERED_ROWS_UP_TO = 50_000;

/**
 * An estimate of fewer matches is counted exactly; of more, again in a sample that holds about this many of them
 * (countModulus: a standard error of at most 1/√n, 0.89 %), so the total is within 2 % (Counter.precise).
 */
export const PRECISE_MATCHES = 12_500;

/** How many matches a sample level read, of one document in `modulus`. */
export interface CoarseCount {
  modulus: number;
  counted: number;
}

/** A sample index: one document in `modulus`, trusted from `trusted` matches found, reading at most `rows`. */
export interface SampleLevel {
  modulus: number;
  trusted: number;
  rows: number;
}

/**
 * The sample indexes, smallest first. exactCountUpTo matches put a binomial number of them in a sample: a level
 * is trusted from 8 standard deviations above its mean (176 in the tenth for 1,000), so a sample finding more
 * never mistakes a countable set for a large one.
 */
export function sampleLevels(exactCountUpTo: number, minSampleMatches = 200, sampleRows = 500): SampleLevel[] {
  const sample = exactCountUpTo + 1;
  return [...SAMPLE_MODULI]
    .sort((a, b) => b - a)
    .map((modulus) => {
      const share = 1 / modulus;
      const mean = exactCountUpTo * share;
      const trusted = Math.ceil(mean + 8 * Math.sqrt(mean * (1 - share)));
      const atLeast = Math.max(trusted, minSampleMatches);
      return { modulus, trusted: atLeast, rows: Math.max(atLeast, Math.min(sample, sampleRows)) };
    });
}

/**
 * Lexemes pay for a sample when there is text to intersect with, or filters no one b-tree serves; one filter
 * alone, a country and city, or a category and country (each an index's prefix) is better served by its
 * b-tree: a range scan that stops at the sample. A radius sample walks the GiST index nearest first instead.
 */
export function sampleByLexemes(query: NormalizedQuery, groups: WordGroups): boolean {
  if (query.geo?.radiusKm !== undefined) return false;
  const fixed = fixedFacetColumns(query);
  const oneBtree = fixed.length === 1 || (fixed.length === 2 && fixed.includes('country_code'));
  return fixed.length > 0 && (groups.length > 0 || query.locationGroups.length > 0 || !oneBtree);
}

/** No words, location or radius, and the facet filters are one of the samples' b-tree keys (SAMPLE_BROWSE_KEYS). */
export function browsesSampleBtrees(query: NormalizedQuery, groups: WordGroups): boolean {
  if (groups.length > 0 || query.locationGroups.length > 0 || query.geo?.radiusKm !== undefined) return false;
  const fixed = fixedFacetColumns(query);
  return SAMPLE_BROWSE_KEYS.some((key) => key.length === fixed.length && key.every((c) => fixed.includes(c)));
}

/** No words, location, radius or box: the query filters by columns only (Counter.filteredStats counts it). */
export function filtersOnly(query: NormalizedQuery, groups: WordGroups): boolean {
  return (
    groups.length === 0 &&
    query.locationGroups.length === 0 &&
    query.geo?.radiusKm === undefined &&
    query.bounds === null
  );
}

/** Counts a search's matches and facets within the engine's bounds (exactCountUpTo, the sample levels, facetLimit). */
export class Counter {
  private readonly filteredRowsUpTo: number;
  private readonly preciseMatches: number;

  constructor(
    readonly exactCountUpTo: number,
    private readonly levels: SampleLevel[],
    readonly facetLimit: number,
    bounds: { filteredRowsUpTo?: number; preciseMatches?: number } = {},
  ) {
    this.filteredRowsUpTo = bounds.filteredRowsUpTo ?? FILTERED_ROWS_UP_TO;
    this.preciseMatches = bounds.preciseMatches ?? PRECISE_MATCHES;
  }

  /**
   * Total and facets of a query that filters by nothing an index searches (open now, a minimum rating, facets no
   * sample b-tree serves), where the planner could only guess: every row of the finest table holding at most
   * filteredRowsUpTo documents is read — the documents themselves (exact), else one in 10 to 1000 (COUNT_MODULI),
   * scaled, its error about 1/√(matches read). When that is more than 2 % allows, the total is counted again in a
   * finer sample of the table (precise, `samplesOnly`: the documents offer no index to count such a filter by). A
   * query a sample b-tree serves (`sampledInstead`) is counted exactly when the documents are that few, else by that
   * b-tree.
   */
  async filteredStats(db: SearchDb, filter: Filter, sampledInstead: (() => Promise<Stats>) | null): Promise<Stats> {
    const { rows: sized } = await db.query<{ documents: number }>(
      // The planner's count of rows, or (never analysed) ten a page, fewer than any page holds.
      `select greatest(reltuples, pg_relation_size(oid) / 8192 * 10)::float8 as documents
       from pg_class where oid = to_regclass($1)`,
      [DOCUMENTS_TABLE],
    );
    const documents = sized[0]?.documents ?? 0;
    const modulus =
      [1, ...[...COUNT_MODULI].sort((a, b) => a - b)].find((m) => documents / m <= this.filteredRowsUpTo) ??
      Math.max(...COUNT_MODULI);
    // A sample b-tree serves the query better than reading a sample table through.
    if (modulus > 1 && sampledInstead) return sampledInstead();
    const sampled = modulus === 1 ? '' : ` and d.id % ${modulus} = 0`;
    const [table, read] = modulus === 1 ? [DOCUMENTS_TABLE, onDocuments(filter)] : [SAMPLES_TABLE, filter];
    const { rows } = await db.query<FacetRow>({
      text: `with m as materialized (select ${FACET_COLUMNS} from ${table} d where ${read.where}${sampled})
             ${facetsSql('m', false)}`,
      values: read.values,
    });
    if (modulus === 1) return { total: totalOf(rows), facets: this.facetsOf(rows), exhaustive: true };
    const total = totalOf(rows) * modulus;
    const estimate = { total, facets: this.facetsOf(rows, modulus), exhaustive: false };
    return (modulus - 1) * this.preciseMatches <= total ? estimate : this.precise(db, filter, estimate, true);
  }

  /**
   * Total and facets from one bounded sample of the matches; the coarser sample index or the planner estimates
   * what lies beyond. Within a radius, see radiusStats.
   *
   * `sampleable` (the filter as tsvector lexemes, or for the samples' b-trees) is first asked of the sample indexes,
   * smallest first: one that finds enough matches proves there are more than can be counted exactly, and gives the
   * total (scaled: from a coarser sample's count or the planner's guess when the sample is full) and facets. A query
   * no sample trusts has few matches: they are counted.
   */
  async stats(db: SearchDb, filter: Filter, sampleable: Filter | null): Promise<Stats> {
    if (filter.circle)
      return this.radiusStats(
        db,
        (await withoutBitmapScans(db, [this.radiusStatsSql(filter)]))[0] as FacetRow[],
        filter,
      );
    const sampled = await this.sampledStats(db, filter, sampleable);
    if ('stats' in sampled) return this.precise(db, sampled.sampleable, sampled.stats);
    const rows = (
      await db.query<FacetRow>(prepared(statsSql(onDocuments(filter.everyMatch ?? filter), this.exactCountUpTo + 1)))
    ).rows;
    const stats = await this.statsOf(db, rows, filter, sampled.coarser);
    return stats.exhaustive || !sampleable ? stats : this.precise(db, sampleable, stats);
  }

  /**
   * An estimated total (a few hundred sampled matches: ±7 %; a density or a bound: worse) counted again, precisely
   * enough to be within 2 % (countModulus): below preciseMatches, exactly among the documents, with the facets
   * (`exhaustive` then true); else every match of the coarsest sample that holds enough of them — one of the samples
   * table's, or one of the documents' own (DOCUMENT_COUNT_MODULI) — scaled; a radius, whose index holds its
   * coordinates, exactly from the index alone. The facets, read from a few hundred matches, are scaled with the total
   * and stay estimates. A count that finds fewer matches than the estimate said is counted again at the finer
   * modulus it then needs (bench/engine-notes.md "Counting").
   * `sampleable`: a filter the sample indexes answer (stats), which the documents' indexes answer too; `samplesOnly`:
   * one of filters only (filteredStats), counted in the samples table alone, read through (one in 10 at the finest,
   * so a total below 112,500 is within 2 % less surely: 1.1 % standard error for 75,000).
   */
  async precise(db: SearchDb, sampleable: Filter, estimate: Stats, samplesOnly = false): Promise<Stats> {
    const moduli = samplesOnly ? COUNT_MODULI : this.moduliOf(sampleable);
    const finest = Math.min(...moduli);
    let total = estimate.total;
    // A count too low for its modulus ((m − 1) × preciseMatches > total) asks for a finer one: m only decreases.
    for (;;) {
      if (total < this.preciseMatches && finest === 1) return this.exactly(db, sampleable);
      const modulus = countModulus(total, this.preciseMatches, moduli);
      total = await this.countIn(db, sampleable, modulus);
      if (modulus === finest || (modulus - 1) * this.preciseMatches <= total) break;
    }
    if (total === estimate.total) return estimate;
    // A sample that held none tells no facets to scale (a filter-only estimate: its finest sample is counted again).
    if (estimate.total === 0) return { ...estimate, total };
    return { ...estimate, total, facets: scaledFacets(estimate.facets, total / estimate.total) };
  }

  /** Every match among the documents, counted with the facets. */
  private async exactly(db: SearchDb, sampleable: Filter): Promise<Stats> {
    const every = onDocuments(sampleable);
    const { rows } = await db.query<FacetRow>(
      preparedUnlessValuesInText(
        {
          text: `with m as materialized (select ${FACET_COLUMNS} from ${DOCUMENTS_TABLE} d where ${every.where})
                 ${facetsSql('m', false)}`,
          values: every.values,
        },
        every,
      ),
    );
    return { total: totalOf(rows), facets: this.facetsOf(rows), exhaustive: true };
  }

  /**
   * The moduli a filter's matches can be counted at: every match (1), the documents' samples when one search of their
   * GIN index finds the matches (their words, facets as lexemes or open hours), and the samples table's (a GIN index
   * of each count modulus for lexemes; the b-trees and GiST indexes of SAMPLE_MODULI otherwise).
   */
  private moduliOf(sampleable: Filter): number[] {
    const documents = onDocuments(sampleable).text && !sampleable.circle ? DOCUMENT_COUNT_MODULI : [];
    return [1, ...documents, ...(sampleable.text ? COUNT_MODULI : SAMPLE_MODULI)];
  }

  /**
   * Every match of one sample (one document in `modulus`: the documents' own below the finest of the samples
   * table), scaled by the modulus; at 1, every match, counted alone (a radius: from its GiST index alone).
   */
  private async countIn(db: SearchDb, sampleable: Filter, modulus: number): Promise<number> {
    const onSamples = modulus >= Math.min(...COUNT_MODULI);
    const filter = onSamples ? sampleable : onDocuments(sampleable);
    const sampled = onSamples
      ? ` and d.id % ${modulus} = 0`
      : modulus > 1
        ? ` and d.sample_moduli @> '{${modulus}}'::smallint[]`
        : '';
    const { rows } = await db.query<{ count: string }>(
      preparedUnlessValuesInText(
        {
          text: `select count(*) * ${modulus} as count from ${onSamples ? SAMPLES_TABLE : DOCUMENTS_TABLE} d
                 where ${filter.where}${sampled}`,
          values: filter.values,
        },
        filter,
      ),
    );
    return Number(rows[0].count);
  }

  /** The facets of counted rows (exact), or of sampled rows `scale` times fewer than the matches (toFacets). */
  facetsOf(rows: FacetRow[], scale?: number): SearchFacets {
    return toFacets(
      rows,
      this.facetLimit,
      scale === undefined ? undefined : { scale, preciseFrom: this.preciseMatches },
    );
  }

  /**
   * The sample levels' answer (see stats), or the finest count they read when none could answer. All levels
   * are one statement (samplesSql), which decides which of them are read.
   */
  async sampledStats(
    db: SearchDb,
    filter: Filter,
    sampleable: Filter | null,
  ): Promise<{ stats: Stats; sampleable: Filter } | { coarser: CoarseCount | null }> {
    if (!sampleable) return { coarser: null };
    // Each level reads every sampled match up to its bound: common lexemes are tested on those rows (buildFilter).
    const { rows } = await db.query<FacetRow>(
      preparedUnlessValuesInText(samplesSql(sampleable.everyMatch ?? sampleable, this.levels), sampleable),
    );
    // A level's count is null when PostgreSQL did not read it.
    const read = rows.filter((r) => r.facet === 'level' && r.count !== null);
    const counted = new Map(read.map((r) => [Number(r.value), Number(r.count)]));
    let coarser: CoarseCount | null = null;
    for (const { modulus, trusted, rows: limit } of this.levels) {
      const count = counted.get(modulus);
      if (count === undefined) continue;
      if (count >= trusted) {
        const total = count < limit ? count * modulus : await this.beyond(db, coarser, count * modulus, filter);
        return {
          stats: { total, facets: this.facetsOf(rows, total / count), exhaustive: false },
          sampleable,
        };
      }
      coarser = { modulus, counted: count };
    }
    return { coarser };
  }

  /** The exact total and facets of a query the facet counts answer (countedByFacets). */
  async facetStats(db: SearchDb, query: NormalizedQuery): Promise<Stats> {
    const { rows } = await db.query<FacetRow>(prepared(facetCountsSql(query, this.facetLimit)));
    return { total: totalOf(rows), facets: this.facetsOf(rows), exhaustive: true };
  }

  /**
   * An estimate no greater than the exact number of documents its category, country and city filters match (the
   * planner's guess, read when samples fall short, may be of rows long deleted), its facets scaled with it.
   */
  async withinFacetFilters(db: SearchDb, query: NormalizedQuery, stats: Stats): Promise<Stats> {
    const sql = stats.exhaustive ? null : facetFiltersTotalSql(query);
    if (!sql) return stats;
    const bound = Number((await db.query<{ count: string }>(prepared(sql))).rows[0].count);
    if (stats.total <= bound) return stats;
    return { total: bound, facets: scaledFacets(stats.facets, bound / stats.total, bound), exhaustive: false };
  }

  /** A radius's count and facets: the finest sample's nearest matches first (radiusStatsSql). */
  radiusStatsSql(filter: Filter): Sql {
    return radiusStatsSql(filter, this.levels.at(-1)!, this.exactCountUpTo + 1);
  }

  /**
   * Total and facets of a radius from radiusStatsSql's rows. The planner's guess for a point in a box is a constant
   * whatever the box holds, so a radius is counted from its nearest matches. A sample that finds enough matches to
   * be trusted answers: every sampled match within the radius when it read fewer than its bound, scaled by the
   * sample's share; else its farthest read match tells the density. When the sample holds too few, the nearest
   * matches themselves answer (they were read instead), as statsOf reads them. A density's estimate (off by up to
   * ±190 % at 1.2M) is then counted again (precise).
   */
  async radiusStats(db: SearchDb, rows: FacetRow[], filter: Filter): Promise<Stats> {
    const sampled = rows.filter((row) => row.source === 'sample');
    const { modulus, trusted, rows: bound } = this.levels.at(-1)!;
    const counted = totalOf(sampled);
    if (counted < trusted) {
      const nearest = await this.statsOf(
        db,
        rows.filter((row) => row.source === 'exact'),
        filter,
        null,
      );
      return nearest.exhaustive ? nearest : this.precise(db, filter, nearest);
    }
    const inSample =
      counted < bound ? counted : (scaledToRadius(counted, farthestOf(sampled), filter.circle!.radiusKm) ?? counted);
    const total = inSample * modulus;
    return this.precise(db, filter, {
      total,
      facets: this.facetsOf(sampled, total / counted),
      exhaustive: false,
    });
  }

  /** Total and facets from statsSql's rows: exact below its bound, else estimated (see stats). */
  private async statsOf(db: SearchDb, rows: FacetRow[], filter: Filter, coarser: CoarseCount | null): Promise<Stats> {
    const sample = this.exactCountUpTo + 1;
    const counted = totalOf(rows);
    if (counted < sample) return { total: counted, facets: this.facetsOf(rows), exhaustive: true };
    // Within a radius, scaled from the nearest matches' density; the planner's guess when they tell none.
    const total =
      (filter.circle && scaledToRadius(counted, farthestOf(rows), filter.circle.radiusKm)) ||
      (await this.beyond(db, coarser, counted, filter));
    return { total, facets: this.facetsOf(rows, total / counted), exhaustive: false };
  }

  /**
   * A total beyond a full sample: the coarser sample's count when it holds enough matches to be within ±15 %,
   * else the planner's guess.
   */
  async beyond(db: SearchDb, coarser: CoarseCount | null, atLeast: number, filter: Filter): Promise<number> {
    return Math.max(
      atLeast,
      coarser && coarser.counted >= 45 ? coarser.counted * coarser.modulus : await plannedRows(db, filter),
    );
  }
}

/** Facet counts multiplied by `factor`, rounded, each at most `cap`. */
function scaledFacets(facets: SearchFacets, factor: number, cap = Infinity): SearchFacets {
  return Object.fromEntries(
    Object.entries(facets).map(([name, values]) => [
      name,
      values.map((value: FacetValue) => ({
        ...value,
        count: value.count === null ? null : Math.min(cap, Math.round(value.count * factor)),
      })),
    ]),
  ) as unknown as SearchFacets;
}

/**
 * The coarsest of `moduli` (one document in m) whose sample of `total` matches is counted within 2 %: a count of a
 * sample scaled by m is off by √((m − 1) / total) in relative standard error, at most 1/√preciseMatches (0.89 % for
 * 12,500: 2 % is 2.2 of them, 97 % of counts, and more where m is rounded down), so m ≤ 1 + total / preciseMatches;
 * the finest of `moduli` when none is as coarse.
 */
function countModulus(total: number, preciseMatches: number, moduli: readonly number[]): number {
  const coarsest = 1 + total / preciseMatches;
  return Math.max(Math.min(...moduli), ...moduli.filter((m) => m <= coarsest));
}
