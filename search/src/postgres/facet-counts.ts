import pg from 'pg';
import type { NormalizedQuery } from '../text.js';
import { fixedFacetColumns, type Sql } from './planning.js';

/**
 * Exact counts of the approved documents by category, country and city, kept by the documents table's own
 * triggers (every insert, update, delete and truncate, whoever runs it), so a query fixing nothing but those
 * filters is counted and faceted exactly by reading a few rows, however many it matches, and the counts never
 * outlive the rows they count. The same triggers delete a deleted document's sample (search_samples).
 *
 * One row per level (a set of the three columns, each value set counted once), per minimum rating (0: any; else
 * one of RATING_THRESHOLDS, counting the documents rated at least that) and per value, with its count `n` (zero once
 * its documents are gone: skipped when read, gone at the next rebuild); and one row per spelling of each value's
 * label (levels *_label, minimum rating 0), which names it by the least spelling still in use.
 */
export const FACET_COUNTS_TABLE = 'search_facet_counts';

/** The levels, by the columns their rows are grouped by. */
const LEVELS = {
  all: [],
  category: ['category_slug'],
  country: ['country_code'],
  city: ['country_code', 'city_slug'],
  category_country: ['category_slug', 'country_code'],
  category_city: ['category_slug', 'country_code', 'city_slug'],
} as const satisfies Record<string, readonly FacetColumn[]>;
type Level = keyof typeof LEVELS;
type FacetColumn = 'category_slug' | 'country_code' | 'city_slug';

/** The label levels: a facet's value columns and the column holding its label. */
const LABELS = {
  category_label: { columns: ['category_slug'], label: 'category' },
  country_label: { columns: ['country_code'], label: 'country' },
  city_label: { columns: ['country_code', 'city_slug'], label: 'city' },
} as const;

const KEY = ['category_slug', 'country_code', 'city_slug'] as const;

/** The minimum ratings the counts answer: the ones the site offers (web/src/lib/search.ts RATINGS). */
export const RATING_THRESHOLDS = [3, 3.5, 4, 4.5];

/** The table, its indexes (named by the generation) and its triggers are created by these statements. */
export function createFacetCountsTableSql(table: string): string {
  return `create unlogged table ${pg.escapeIdentifier(table)} (
    level text not null, min_rating double precision not null, category_slug text collate "C",
    country_code text collate "C", city_slug text collate "C", label text collate "C", n bigint not null)
    with (fillfactor = 70)`;
}

/**
 * The unique key the triggers add to, which also serves the levels read within a category; and the key in country
 * order, for those read within a country or city. Neither holds the count, so adding to one rewrites its row alone
 * (a heap-only update, the table leaving room in its pages for them), and a level's values are ordered by their
 * count when read: a few thousand rows at most.
 */
export function createFacetCountsIndexesSql(table: string, generation: string): string[] {
  const t = pg.escapeIdentifier(table);
  const name = (suffix: string) => pg.escapeIdentifier(`search_facet_counts_${generation}_${suffix}`);
  return [
    `create unique index ${name('key')} on ${t} (level, min_rating, category_slug, country_code, city_slug, label)
       nulls not distinct`,
    `create index ${name('in_country')} on ${t} (level, min_rating, country_code, city_slug, category_slug)`,
  ];
}

/** The documents' columns the counts are grouped by. */
const COUNTED = ['category_slug', 'country_code', 'city_slug', 'category', 'country', 'city'];

/** The bits grouping(...columns) sets for a grouping set of `grouped`: one for each column it leaves out. */
function groupingBits(columns: readonly string[], grouped: readonly string[]): number {
  return columns.reduce((sum, column, i) => (grouped.includes(column) ? sum : sum + 2 ** (columns.length - 1 - i)), 0);
}

/**
 * The counts `changes` add: each row of it (the counted columns, the rating and `sign`, 1 for a document that came,
 * -1 for one that went) in every level, at every minimum rating it reaches, and in its labels' levels, added up; a
 * value whose changes cancel out (an update that moved no facet) is left out.
 */
function countsOfSql(changes: string): string {
  const levels = Object.entries(LEVELS);
  const levelGrouping = `grouping(${KEY.join(', ')})`;
  const levelOf = levels.map(([level, columns]) => `when ${groupingBits(KEY, columns)} then '${level}'`).join(' ');
  const labels = Object.entries(LABELS).map(([level, { columns, label }]) => ({ level, grouped: [...columns, label] }));
  const labelGrouping = `grouping(${COUNTED.join(', ')})`;
  const keyOf = KEY.map((c) => `case when grouping(${c}) = 0 then ${c} end as ${c}`).join(', ');
  return `select case ${levelGrouping} ${levelOf} end as level, min_rating, ${keyOf}, null as label, sum(sign) as n
      from (${changes}) changes
        cross join unnest(array[0, ${RATING_THRESHOLDS.join(', ')}]::float8[]) as thresholds (min_rating)
      where min_rating = 0 or rating >= min_rating
      group by grouping sets (${levels.map(([, columns]) => `(${['min_rating', ...columns].join(', ')})`).join(', ')})
      having sum(sign) <> 0
    union all
    select case ${labelGrouping} ${labels.map((l) => `when ${groupingBits(COUNTED, l.grouped)} then '${l.level}'`).join(' ')} end,
      0, ${keyOf},
      case ${labelGrouping} ${Object.values(LABELS)
        .map(({ columns, label }) => `when ${groupingBits(COUNTED, [...columns, label])} then ${label}`)
        .join(' ')} end,
      sum(sign)
      from (${changes}) changes
      group by grouping sets (${labels.map((l) => `(${l.grouped.join(', ')})`).join(', ')})
      having sum(sign) <> 0`;
}

/** The approved rows of `relation` as changes of `sign` (countsOfSql). */
function changesOf(relation: string, sign: 1 | -1): string {
  return `select ${COUNTED.join(', ')}, rating, ${sign} as sign from ${relation} where is_approved`;
}

const COLUMNS = ['level', 'min_rating', ...KEY, 'label', 'n'].join(', ');
const UNIQUE = ['level', 'min_rating', ...KEY, 'label'].join(', ');

/** Adds the changes to the table (upserts in key order, so concurrent writers never deadlock). */
function addCountsSql(table: string, changes: string): string {
  return `insert into ${table} (${COLUMNS})
    select ${COLUMNS} from (${countsOfSql(changes)}) c order by ${UNIQUE}
    on conflict (${UNIQUE}) do update set n = ${table}.n + excluded.n`;
}

/** Fills a fresh table, before its indexes, from every document of `documents` (setup over an index, rebuilds). */
export function fillFacetCountsSql(table: string, documents: string): string {
  return `insert into ${pg.escapeIdentifier(table)} (${COLUMNS})
    select ${COLUMNS} from (${countsOfSql(changesOf(pg.escapeIdentifier(documents), 1))}) c`;
}

/** The documents table's triggers that keep the counts (createFacetCountsTriggersSql): one per event. */
export const FACET_COUNTS_TRIGGERS = 4;

/**
 * The trigger function (one for every table, as the live tables' names are fixed) and the documents table's
 * triggers: transition tables allow one event per trigger, hence one for each.
 */
export function createFacetCountsTriggersSql(documents: string, samples: string): string[] {
  const d = pg.escapeIdentifier(documents);
  const counts = pg.escapeIdentifier(FACET_COUNTS_TABLE);
  const trigger = (event: string, referencing: string) =>
    `create or replace trigger search_facet_counts_${event} after ${event} on ${d} ${referencing}
       for each statement execute function search_facet_counts_apply()`;
  return [
    `create or replace function search_facet_counts_apply() returns trigger language plpgsql as $$
     begin
       if tg_op = 'TRUNCATE' then
         delete from ${counts};
         delete from ${pg.escapeIdentifier(samples)};
         return null;
       end if;
       if tg_op = 'INSERT' then
         ${addCountsSql(counts, changesOf('new_rows', 1))};
       elsif tg_op = 'UPDATE' then
         ${addCountsSql(counts, `${changesOf('old_rows', -1)} union all ${changesOf('new_rows', 1)}`)};
       else
         ${addCountsSql(counts, changesOf('old_rows', -1))};
         delete from ${pg.escapeIdentifier(samples)} s using old_rows o where s.id = o.id;
       end if;
       return null;
     end $$`,
    trigger('insert', 'referencing new table as new_rows'),
    trigger('update', 'referencing old table as old_rows new table as new_rows'),
    trigger('delete', 'referencing old table as old_rows'),
    `create or replace trigger search_facet_counts_truncate after truncate on ${d} for each statement
       execute function search_facet_counts_apply()`,
  ];
}

/** The level whose rows hold exactly these columns, if any. */
function levelOf(columns: readonly FacetColumn[]): Level | null {
  const found = Object.entries(LEVELS).find(
    ([, key]) => key.length === columns.length && key.every((c) => columns.includes(c)),
  );
  return found ? (found[0] as Level) : null;
}

/** The query's minimum rating as the counts keep it (0: none), or null when they keep none such. */
function countedRating(minRating: number | undefined): number | null {
  if (minRating === undefined) return 0;
  return RATING_THRESHOLDS.includes(minRating) ? minRating : null;
}

/**
 * The counts answer a query that filters by nothing but a category, a country, a country and city, or a category
 * with those (a city alone names several places, counted by the documents), and a minimum rating the site offers.
 * A box (the map's view) is not counted by facet: its matches are read.
 */
export function countedByFacets(query: NormalizedQuery): boolean {
  return (
    query.words.length === 0 &&
    query.locationGroups.length === 0 &&
    query.geo?.radiusKm === undefined &&
    query.bounds === null &&
    countedRating(query.minRating) !== null &&
    !query.openNow &&
    levelOf(fixedFacetColumns(query) as FacetColumn[]) !== null
  );
}

/**
 * The query's category, country and city as conditions on the counts (`c`), with their values, and its minimum
 * rating when the counts keep it (else none: a bound of its total).
 */
function fixedFilters(query: NormalizedQuery) {
  const values: unknown[] = [countedRating(query.minRating) ?? 0];
  const fixed = (
    [
      ['category_slug', query.category],
      ['country_code', query.country],
      ['city_slug', query.city],
    ] as const
  ).flatMap(([column, value]) => (value === undefined ? [] : [[column, value] as [FacetColumn, string]]));
  const conditions = fixed.map(([column, value]) => {
    values.push(value);
    return `c.${column} = $${values.length}`;
  });
  const within = (level: Level) =>
    [`c.level = '${level}'`, 'c.min_rating = $1::float8', 'c.n > 0', ...conditions].join(' and ');
  return { values, columns: fixed.map(([column]) => column), within };
}

/**
 * The exact number of documents the query's category, country and city filters (and minimum rating, when counted)
 * match, of which its other filters keep some: a bound of any estimate of its total. Null when a city alone filters it (no level counts that).
 */
export function facetFiltersTotalSql(query: NormalizedQuery): Sql | null {
  const { values, columns, within } = fixedFilters(query);
  const level = levelOf(columns);
  if (!level) return null;
  return {
    text: `select coalesce(sum(c.n), 0)::text as count from ${FACET_COUNTS_TABLE} c where ${within(level)}`,
    values,
  };
}

/**
 * FacetRows (facetsSql's shape) of a query countedByFacets: its total, and each facet's `limit` most frequent values
 * within its filters, each labelled by the least spelling of its label still counted.
 */
export function facetCountsSql(query: NormalizedQuery, limit: number): Sql {
  const { values, columns: fixedColumns, within } = fixedFilters(query);
  const total = `select c.n from ${FACET_COUNTS_TABLE} c where ${within(levelOf(fixedColumns)!)}`;
  const facet = (name: 'category' | 'country' | 'city', columns: FacetColumn[], label: keyof typeof LABELS) => {
    const level = levelOf([...new Set([...fixedColumns, ...columns])])!;
    const value = columns.at(-1)!;
    const order = name === 'city' ? 'c.n desc, c.city_slug, c.country_code' : `c.n desc, c.${value}`;
    const labelled = LABELS[label].columns.map((column) => `l.${column} = f.${column === value ? 'value' : column}`);
    return {
      rows: `select '${name}' as facet, c.${value} as value, c.country_code, c.n from ${FACET_COUNTS_TABLE} c
        where ${within(level)} and c.${value} is not null ${name === 'city' ? 'and c.country_code is not null' : ''}
        order by ${order} limit ${limit}`,
      label: `(select min(l.label) from ${FACET_COUNTS_TABLE} l where l.level = '${label}' and l.min_rating = 0 and l.n > 0
        and l.category_slug is${label === 'category_label' ? ' not' : ''} null and ${labelled.join(' and ')})`,
    };
  };
  const facets = [
    facet('category', ['category_slug'], 'category_label'),
    facet('country', ['country_code'], 'country_label'),
    facet('city', ['country_code', 'city_slug'], 'city_label'),
  ];
  return {
    text: `select 'total' as facet, null as value, null as label, null as country_code, coalesce(sum(n), 0)::text as count
        from (${total}) t
      ${facets
        .map(
          (f) => `union all select f.facet, f.value, ${f.label}, f.country_code, f.n::text
        from (${f.rows}) f`,
        )
        .join('\n')}`,
    values,
  };
}
