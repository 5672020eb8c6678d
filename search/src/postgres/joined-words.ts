import { stemOf } from '../word-forms.js';
import { VOCABULARY_TABLE } from './schema.js';
import type { SearchDb } from './statement-queue.js';

/**
 * Words typed apart that the index holds as one ("zeughaus keller" → zeughauskeller, "mc donalds" → McDonald's):
 * neighbours whose join, or the join's English stem, is an indexed word, joined left to right. Null when no pair
 * joins. Only the vocabulary's words count (it holds every indexed word of 4+ letters), so a join never invents one.
 */
export async function joinedWords(db: Pick<SearchDb, 'query'>, words: readonly string[]): Promise<string[] | null> {
  if (words.length < 2) return null;
  const joins = words.slice(1).map((word, i) => words[i] + word);
  const candidates = [...new Set(joins.flatMap((join) => [join, stemOf(join)]).filter((w): w is string => !!w))];
  const { rows } = await db.query<{ word: string }>(
    `select word from ${VOCABULARY_TABLE} where word = any($1::text[])`,
    [candidates],
  );
  const indexed = new Set(rows.map((r) => r.word));
  const joinsAt = (i: number) => indexed.has(joins[i]) || indexed.has(stemOf(joins[i]) ?? '');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (i < words.length - 1 && joinsAt(i)) {
      out.push(joins[i]);
      i++;
    } else out.push(words[i]);
  }
  return out.length < words.length ? out : null;
}
