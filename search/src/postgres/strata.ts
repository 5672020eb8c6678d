import { FACET_COUNTS_TABLE } from './facet-counts.js';
import { COUNT_MODULI, SAMPLES_TABLE } from './schema.js';
import type { SearchDb } from './statement-queue.js';

/**
 * Post-stratified totals (Counter.precise): a sample's matches counted category by category and each category
 * scaled by its own share of the sample, not one scale for all. Why: bench/engine-notes.md "Counting".
 */

/** The sampled matches of one category ('' for none). */
export interface StratumCount {
  category: string;
  count: number;
}

/** Per category ('' for none): its approved documents, and how many of them each count sample holds. */
export type Strata = Map<string, { documents: number; sampled: Map<number, number> }>;

/**
 * The sizes of the categories and of their share of each sample, read at most every `maxAgeMs` (the triggers keep the
 * documents' counts; a sample's share is counted among its rows, one in 10 of the documents).
 */
export class CategoryStrata {
  private read: { at: number; strata: Promise<Strata> } | null = null;

  constructor(private readonly maxAgeMs = 60_000) {}

  of(db: SearchDb): Promise<Strata> {
    if (this.read && performance.now() - this.read.at < this.maxAgeMs) return this.read.strata;
    const strata = this.load(db);
    this.read = { at: performance.now(), strata };
    strata.catch(() => (this.read = null));
    return strata;
  }

  private async load(db: SearchDb): Promise<Strata> {
    const { rows } = await db.query<{ category: string; documents: string } & Record<string, string>>(
      `select coalesce(s.category_slug, '') as category,
              ${COUNT_MODULI.map((m) => `count(*) filter (where s.id % ${m} = 0) as "m${m}"`).join(', ')},
              (select coalesce(sum(c.n), 0) from ${FACET_COUNTS_TABLE} c where c.level = 'category'
                and c.min_rating = 0 and c.category_slug is not distinct from s.category_slug) as documents
       from ${SAMPLES_TABLE} s where s.is_approved group by s.category_slug`,
    );
    return new Map(
      rows.map((row) => [
        row.category,
        { documents: Number(row.documents), sampled: new Map(COUNT_MODULI.map((m) => [m, Number(row[`m${m}`])])) },
      ]),
    );
  }
}

/**
 * A total from the matches one sample (one document in `modulus`) holds, category by category: each category's
 * sampled matches scaled by its documents over its sampled documents (post-stratification). A word mostly found in a
 * few categories ("mexican", "bakery") is then counted almost exactly where one scale for all put it ±1/√n off; a
 * category the strata do not know yet (a document of the last minute) is scaled by the modulus.
 */
export function stratifiedTotal(rows: readonly StratumCount[], modulus: number, strata: Strata): number {
  let total = 0;
  for (const { category, count } of rows) {
    const stratum = strata.get(category);
    const sampled = stratum?.sampled.get(modulus) ?? 0;
    total +=
      stratum && sampled >= count && stratum.documents > 0 ? (count * stratum.documents) / sampled : count * modulus;
  }
  return Math.round(total);
}
