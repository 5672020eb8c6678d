import { FACET_COUNTS_TABLE } from './facet-counts.js';
import { COUNT_MODULI, SAMPLES_TABLE } from './schema.js';
import type { SearchDb } from './statement-queue.js';

/**
 * Post-stratified totals (Counter.precise): a sample's matches counted by category (or by category and city, for a
 * query narrowed to a place), each such stratum scaled by its own share of the sample, not one scale for all. Why:
 * bench/engine-notes.md "Counting".
 */

/** The columns a stratum is keyed by, by the facet counts' level that counts its documents. */
export const STRATA = {
  category: ['category_slug'],
  category_city: ['category_slug', 'country_code', 'city_slug'],
} as const;
export type StrataLevel = keyof typeof STRATA;
type StratumRow = Partial<Record<(typeof STRATA)['category_city'][number], string | null>>;

/** A stratum's key of a row holding the level's columns (as SQL's concat: null as empty). */
export function stratumKey(level: StrataLevel, row: StratumRow): string {
  return STRATA[level].map((column) => row[column] ?? '').join('/');
}

/** stratumKey in SQL, of a row of `table`. */
const keySql = (level: StrataLevel, table: string) =>
  `concat(${STRATA[level].map((c) => `${table}.${c}`).join(", '/', ")})`;

/** The sampled matches of one stratum (stratumKey). */
export interface StratumCount {
  stratum: string;
  count: number;
}

/**
 * Strata of fewer sampled documents than this are pooled and scaled as one: a few sampled rows would scale a stratum
 * by chance, and a stratum the sample missed would not be scaled at all.
 */
const POOLED_BELOW = 10;

/** Only the finest sample is counted by strata (Counter.precise): a coarser one holding 10,000 matches is scaled whole. */
const STRATIFIED_MODULI = [Math.min(...COUNT_MODULI)];

/** Per sample modulus: each large stratum's documents and sampled documents, and the small ones' pooled. */
export type Strata = Map<
  number,
  {
    large: Map<string, { documents: number; sampled: number }>;
    small: Set<string>;
    pooled: { documents: number; sampled: number };
  }
>;

/**
 * The strata's sizes: documents from the counts the triggers keep, sampled documents counted among the samples'
 * rows (one in 10 of the documents), read at most every `maxAgeMs`.
 */
export class CategoryStrata {
  private readonly read = new Map<StrataLevel, { at: number; strata: Promise<Strata> }>();

  constructor(private readonly maxAgeMs = 60_000) {}

  of(db: SearchDb, level: StrataLevel): Promise<Strata> {
    const read = this.read.get(level);
    if (read && performance.now() - read.at < this.maxAgeMs) return read.strata;
    const strata = this.load(db, level);
    this.read.set(level, { at: performance.now(), strata });
    strata.catch(() => this.read.delete(level));
    return strata;
  }

  private async load(db: SearchDb, level: StrataLevel): Promise<Strata> {
    const { rows } = await db.query<{ stratum: string; documents: string } & Record<string, string>>(
      // Joined by the key's text (a hash join; `is not distinct from` on each column would be a nested loop).
      `with s as (select ${keySql(level, 'd')} as stratum,
                    ${STRATIFIED_MODULI.map((m) => `count(*) filter (where d.id % ${m} = 0) as "m${m}"`).join(', ')}
                  from ${SAMPLES_TABLE} d where d.is_approved group by 1)
       select ${keySql(level, 'c')} as stratum, c.n as documents,
              ${STRATIFIED_MODULI.map((m) => `coalesce(s."m${m}", 0) as "m${m}"`).join(', ')}
       from ${FACET_COUNTS_TABLE} c left join s on s.stratum = ${keySql(level, 'c')}
       where c.level = '${level}' and c.min_rating = 0 and c.n > 0`,
    );
    return new Map(
      STRATIFIED_MODULI.map((modulus) => {
        const sample = { large: new Map(), small: new Set<string>(), pooled: { documents: 0, sampled: 0 } };
        for (const row of rows) {
          const sizes = { documents: Number(row.documents), sampled: Number(row[`m${modulus}`]) };
          if (sizes.sampled >= POOLED_BELOW) sample.large.set(row.stratum, sizes);
          else {
            sample.small.add(row.stratum);
            sample.pooled.documents += sizes.documents;
            sample.pooled.sampled += sizes.sampled;
          }
        }
        return [modulus, sample];
      }),
    );
  }
}

/**
 * A total from the matches one sample (one document in `modulus`) holds, stratum by stratum: each one's sampled
 * matches scaled by its documents over its sampled documents (post-stratification), the small ones' together. A word
 * mostly found in a few categories ("mexican", "bakery"), or in a city ("restaurant" in London), is then counted
 * almost exactly where one scale for all put it ±1/√n off. A stratum the strata do not know yet (a document of the
 * last minute), or one sampled less than it matches, is scaled by the modulus.
 */
export function stratifiedTotal(rows: readonly StratumCount[], modulus: number, strata: Strata): number {
  const level = strata.get(modulus);
  let total = 0;
  let pooled = 0;
  for (const { stratum, count } of rows) {
    const large = level?.large.get(stratum);
    if (large && large.sampled >= count) total += (count * large.documents) / large.sampled;
    else if (level?.small.has(stratum)) pooled += count;
    else total += count * modulus;
  }
  const pool = level?.pooled;
  total += pool && pool.sampled >= pooled && pooled > 0 ? (pooled * pool.documents) / pool.sampled : pooled * modulus;
  return Math.round(total);
}
