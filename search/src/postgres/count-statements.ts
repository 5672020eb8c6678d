import type { SampleLevel } from './counting.js';
import { FACET_COLUMNS, facetsSql } from './facets.js';
import type { Filter } from './filter.js';
import { distanceSql } from './geo.js';
import type { Sql } from './planning.js';
import { DOCUMENTS_TABLE, SAMPLES_TABLE } from './schema.js';

/** The statements Counter (counting.ts) reads its matches and samples with. */

/**
 * The facet columns of up to `limit` matches of the filter in `table` (with `condition` added): within a radius
 * the nearest first, with their distance.
 */
function countedMatchesSql(filter: Filter, table: string, limit: number, condition = ''): string {
  const { circle } = filter;
  const distance = circle ? `, ${distanceSql(circle.lat, circle.lng)} as distance_km` : '';
  const nearest = circle ? `order by point(d.longitude, d.latitude) <-> point(${circle.lng}, ${circle.lat})` : '';
  return `select ${FACET_COLUMNS}${distance} from ${table} d where ${filter.where}${condition} ${nearest} limit ${limit}`;
}

/**
 * One row per facet value and spelling and one 'total' row, from the first `sample` matches: fewer than `sample`
 * are all of them.
 */
export function statsSql(filter: Filter, sample: number): Sql {
  return {
    text: `with m as materialized (${countedMatchesSql(filter, DOCUMENTS_TABLE, sample)}) ${facetsSql('m', false)}`,
    values: filter.values,
  };
}

/**
 * A radius's FacetRows from the finest sample (its nearest `level.rows` matches, source 'sample'), and from the
 * nearest `exactRows` matches themselves (source 'exact') only when the sample found fewer than it needs to be
 * trusted: a one-time filter on its count, checked before the documents' GiST index is walked. The total rows'
 * value is the farthest match read (km).
 */
export function radiusStatsSql(filter: Filter, level: SampleLevel, exactRows: number): Sql {
  const untrusted = ` and (select count(*) from s) < ${level.trusted}`;
  return {
    text: `with s as materialized (${countedMatchesSql(filter, SAMPLES_TABLE, level.rows)}),
           e as materialized (${countedMatchesSql(filter, DOCUMENTS_TABLE, exactRows, untrusted)})
           select 'sample' as source, f.* from (${facetsSql('s', true)}) f
           union all select 'exact', f.* from (${facetsSql('e', true)}) f`,
    values: filter.values,
  };
}

/**
 * The sample levels (coarsest first) in one statement. Level i reads up to its rows from its sample index
 * only when no coarser level was trusted and the finest one read allows at least half of the matches it needs
 * to be trusted (a one-time filter on the coarser levels' `n{i}` row, checked before its index is read). A
 * count c allows up to c + 2√c + 1 (two standard deviations above it, and 1 for a count of 0: a coarse sample
 * holds few matches of a mid-sized set, often none). Returns one 'level' row per level (value: its modulus,
 * count: the matches it read, null when it was not read) and the FacetRows of the trusted level, if any.
 */
export function samplesSql(filter: Filter, levels: readonly SampleLevel[]): Sql {
  const previous = (i: number, column: 'allowed' | 'done') => `(select ${column} from n${i - 1})`;
  const ctes = levels.flatMap(({ modulus, rows, trusted }, i) => {
    const runs =
      i === 0 ? 'true' : `not ${previous(i, 'done')} and ${previous(i, 'allowed')} * 2 >= ${modulus * trusted}`;
    const allowed = `(count(*) + 2 * sqrt(count(*)) + 1) * ${modulus}`;
    const count =
      i === 0
        ? `count(*) as n, true as read, ${allowed} as allowed, count(*) >= ${trusted} as done`
        : `count(*) as n, ${runs} as read, case when ${runs} then ${allowed} else ${previous(i, 'allowed')} end as allowed,
           ${previous(i, 'done')} or count(*) >= ${trusted} as done`;
    return [
      `s${i} as materialized (select ${FACET_COLUMNS} from ${SAMPLES_TABLE} d
         where ${filter.where} and d.id % ${modulus} = 0 and ${runs} limit ${rows})`,
      `n${i} as materialized (select ${count} from s${i})`,
    ];
  });
  const trusted = levels.map((level, i) => `select * from s${i} where (select n from n${i}) >= ${level.trusted}`);
  const counts = levels.map(
    ({ modulus }, i) => `select 'level', '${modulus}', null, null, case when read then n end from n${i}`,
  );
  return {
    text: `with ${ctes.join(',\n')}, m as (${trusted.join(' union all ')})
           ${facetsSql('m', false)} union all ${counts.join(' union all ')}`,
    values: filter.values,
  };
}
