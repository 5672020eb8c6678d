import snowball from 'snowball-stemmers';

/**
 * The English Snowball stem (the algorithm of PostgreSQL's english_stem dictionary) of a folded word of the
 * letters a–z, or null when it is the word itself or not such a word. Search's word forms and the category
 * merge share it, so "bakeries" finds "Bakery" and "restaurants" is the category "Restaurant".
 */
const english = snowball.newStemmer('english');

export function englishStem(word: string): string | null {
  if (!/^[a-z]+$/.test(word)) return null;
  const stem = english.stem(word);
  return stem && stem !== word ? stem : null;
}
