import { prefixEnd } from '../text.js';
import { prepared } from './planning.js';
import { MIN_TYPO_WORD, PREFIX_LEXEME_LENGTHS, VOCABULARY_TABLE } from './schema.js';
import type { SearchDb } from './statement-queue.js';

/** A prefix is replaced by the vocabulary words it begins when they are at most this many. */
const MAX_PREFIX_EXPANSION = 32;

/**
 * The last word as typed is a prefix ("coffee sh"). GIN answers a prefix by collecting every entry that begins it
 * into a bitmap before intersecting, so a prefix of 3 or 4 letters is its `^` lexeme (every word's first letters are
 * indexed), and a longer one the vocabulary words it begins — the vocabulary holds every indexed word of
 * MIN_TYPO_WORD+ letters — unless it begins too many words. Shorter ones stay prefixes. `begunByNone`: no indexed
 * word begins it, so the words as typed find nothing.
 */
export async function lastWordAlternatives(
  db: SearchDb,
  words: readonly string[],
): Promise<{ alternatives: string[]; begunByNone: boolean }> {
  const last = words.at(-1);
  const as = (alternatives: string[], begunByNone = false) => ({ alternatives, begunByNone });
  if (last === undefined) return as([]);
  if (PREFIX_LEXEME_LENGTHS.includes(last.length)) return as([`^${last}`]);
  if (last.length < MIN_TYPO_WORD) return as([`${last}*`]);
  // The words it begins are a range of the vocabulary's key (collation "C"), planned once (prepared).
  const { rows } = await db.query<{ word: string }>(
    prepared({
      text: `select word from ${VOCABULARY_TABLE} where word >= $1 and word < $2 order by word
               limit ${MAX_PREFIX_EXPANSION + 1}`,
      values: [last, prefixEnd(last)],
    }),
  );
  // None: no indexed word begins it (the vocabulary holds every one this long), and the prefix itself
  // finds that at no cost.
  if (rows.length === 0) return as([`${last}*`], true);
  return as(rows.length > MAX_PREFIX_EXPANSION ? [`${last}*`] : rows.map((r) => r.word));
}
