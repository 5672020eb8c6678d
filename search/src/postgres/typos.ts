import { typosAllowed } from '../text.js';
import { VOCABULARY_TABLE } from './schema.js';
import type { SearchDb } from './statement-queue.js';
import type { WordGroups } from './tsquery.js';

/**
 * Typo tolerance, as Meilisearch counts it: when the words as typed find few matches, each word of 5+ letters may
 * also stand for the vocabulary words within one edit of it (two from 9 letters; a swap of neighbours is one edit).
 * Beyond Meilisearch, a word of 4 letters that is no indexed word may stand for the words of 5 letters it is one
 * letter short of ("hitl" → "hiltl", "abou" → "about"): a word of 5+ letters with one typo, a letter dropped.
 */

/** Exact matches below this count trigger the pass that tolerates typos. */
export const FUZZY_BELOW = 10;
/** Typo variants considered per query word. */
const MAX_VARIANTS = 5;

/** The typo pass runs: the words as typed found fewer than FUZZY_BELOW, and a word is long enough to have typos. */
export function toleratesTypos(words: readonly string[], exactTotal: number): boolean {
  return words.length > 0 && exactTotal < FUZZY_BELOW && words.some((w) => w.length >= LETTER_DROPPED);
}

/** The length of a word of 5 letters with one dropped. */
const LETTER_DROPPED = 4;

/** Per word, itself and its typo variants: the vocabulary words nearest by trigrams, kept when within the edits allowed. */
export async function typoVariants(db: Pick<SearchDb, 'query'>, words: readonly string[]): Promise<WordGroups> {
  return Promise.all(
    words.map(async (word) => {
      if (word.length < LETTER_DROPPED) return [word];
      if (word.length === LETTER_DROPPED) {
        // Nearest first as below, kept when one letter longer and the word itself is none of the vocabulary.
        const { rows } = await db.query<{ word: string }>(
          `select word from (select word from ${VOCABULARY_TABLE} order by word <-> $1, word limit 50) nearest
           where length(word) = ${LETTER_DROPPED + 1}
             and not exists (select 1 from ${VOCABULARY_TABLE} where word = $1)`,
          [word],
        );
        const variants = rows.map((r) => r.word).filter((v) => editDistance(word, v) === 1);
        return [word, ...variants.slice(0, MAX_VARIANTS)];
      }
      const { rows } = await db.query<{ word: string }>(
        // Nearest by trigram distance, without a similarity threshold: a swap of neighbours in a short
        // word ("gloden") shares few trigrams with the word meant, yet is one edit away.
        `select word from ${VOCABULARY_TABLE} where word <> $1 order by word <-> $1, word limit 50`,
        [word],
      );
      const allowed = typosAllowed(word);
      const variants = rows.map((r) => r.word).filter((v) => editDistance(word, v) <= allowed);
      return [word, ...variants.slice(0, MAX_VARIANTS)];
    }),
  );
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
