import type pg from 'pg';
import type { Suggestions } from '../search-engine.js';
import { fold, TYPO_MIN_LETTERS, typosAllowed } from '../text.js';
import { DOCUMENTS_TABLE, VOCABULARY_TABLE } from './schema.js';
import { editDistance, typoVariants } from './typos.js';
import { tsquery, type WordGroups } from './tsquery.js';

/**
 * Autocomplete that forgives typos, as search does ("zeughauskeler" → Zeughauskeller, "bakerx" → Bakery). It runs
 * only for what the prefix rules found too few of, so a prefix that matches pays nothing for it. The last word is
 * still being typed, so it is compared with the beginnings of words: within one edit of a word's first letters.
 */

/** Names with the words, each as typed or a typo variant (the last one as a prefix or within one edit of a prefix). */
type NameSuggestion = Suggestions['businesses'][number];

export async function namesWithTypos(
  pool: pg.Pool,
  words: readonly string[],
  exclude: readonly string[],
  limit: number,
): Promise<NameSuggestion[]> {
  if (limit <= 0 || !words.some((w) => w.length >= TYPO_MIN_LETTERS)) return [];
  const groups: WordGroups = await typoVariants(pool, words.slice(0, -1));
  const last = words[words.length - 1];
  groups.push([`${last}*`, ...(await prefixVariants(pool, last))]);
  if (groups.every((alternatives) => alternatives.length === 1)) return [];
  const { rows } = await pool.query<NameSuggestion>(
    `select d.name, d.slug, d.city from ${DOCUMENTS_TABLE} d
      where d.is_approved and d.name_words @@ to_tsquery('simple', $1) and not (d.slug = any($2::text[]))
      order by d.reviews desc, d.id limit $3`,
    [tsquery(groups), exclude, limit],
  );
  return rows;
}

/** Vocabulary words whose beginning is within the edits allowed of the prefix (none for a short prefix). */
async function prefixVariants(pool: pg.Pool, prefix: string): Promise<string[]> {
  if (prefix.length < TYPO_MIN_LETTERS) return [];
  const { rows } = await pool.query<{ word: string }>(
    `select word from ${VOCABULARY_TABLE} where word <> $1 order by word <-> $1, word limit 50`,
    [prefix],
  );
  return rows
    .map((r) => r.word)
    .filter((word) => !word.startsWith(prefix) && prefixDistance(prefix, word) <= typosAllowed(prefix))
    .slice(0, 5);
}

/** Categories and cities whose folded label begins within the edits allowed of the prefix, the most frequent first. */
export async function placesAndCategoriesWithTypos(
  pool: pg.Pool,
  prefix: string,
  limit: number,
): Promise<Pick<Suggestions, 'categories' | 'cities'>> {
  if (prefix.length < TYPO_MIN_LETTERS) return { categories: [], cities: [] };
  // The stats views hold one row per category and per city, a small table: ordered by trigram distance to the
  // prefix (their beginning is what is compared), then kept when the beginning is within the edits allowed.
  const nearest = async <R extends { label: string }>(sql: string) => {
    const { rows } = await pool.query<R>(sql, [prefix]);
    return rows.filter((row) => prefixDistance(prefix, fold(row.label)) <= typosAllowed(prefix)).slice(0, limit);
  };
  const [categories, cities] = await Promise.all([
    nearest<{ label: string; slug: string; count: number }>(
      `select category as label, category_slug as slug, business_count as count from category_stats
        order by left(search_fold(category), length($1) + 1) <-> $1, business_count desc, category_slug limit 50`,
    ),
    nearest<{ label: string; slug: string; country_code: string; count: number }>(
      `select city as label, city_slug as slug, country_code, business_count as count from city_stats
        order by left(search_fold(city), length($1) + 1) <-> $1, business_count desc, city_slug, country_code limit 50`,
    ),
  ]);
  const byCount = <T extends { count: number }>(list: T[]) => list.sort((a, b) => b.count - a.count);
  return {
    categories: byCount(categories.map(({ label, slug, count }) => ({ name: label, slug, count }))),
    cities: byCount(
      cities.map(({ label, slug, country_code, count }) => ({ name: label, slug, countryCode: country_code, count })),
    ),
  };
}

/** The fewest edits from `typed` to a beginning of `word` one letter shorter, as long or one letter longer. */
export function prefixDistance(typed: string, word: string): number {
  let best = Infinity;
  for (let length = typed.length - 1; length <= typed.length + 1; length++)
    if (length > 0 && length <= word.length) best = Math.min(best, editDistance(typed, word.slice(0, length)));
  return best;
}
