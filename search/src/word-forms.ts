import { englishStem } from '@directory/core';

/**
 * Word forms: plural and singular (and other inflections) match each other through their English Snowball stem,
 * the algorithm of PostgreSQL's english_stem dictionary (the same stems over the corpus's 4,600 words: the relevance
 * suite's word-forms.spec.ts; words of the letters a–z only, which English words are). A document holds, besides its words, the stem of each word whose stem differs from
 * it, marked (`=bakeri` for "bakery"); a query word stands also for its stem, marked and as a word ("bakeries" →
 * `=bakeri`, `bakeri`), so "bakeries" finds "Bakery" and "gym" finds "Gyms".
 */
/** The mark of a stem among a document's words (no letter or digit: never a word of its own). */
export const STEM_MARK = '=';

/** The English stem of a folded word of the letters a–z, or null when it is the word itself (or none). */
export const stemOf = englishStem;

/** What a query word stands for besides itself: its stem, marked (documents' inflections) and as a word. */
export function wordFormsOf(word: string): string[] {
  const stem = stemOf(word);
  return stem ? [`${STEM_MARK}${stem}`, stem] : [];
}
