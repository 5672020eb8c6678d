/** Search synonyms as the admin edits them (api answers and the admin screen's rules). Browser-safe. */

/** A query holding `phrase` also finds the businesses whose name, category or type hold every word of `means`. */
export interface SearchSynonym {
  id: number;
  phrase: string;
  means: string;
  updatedAt: string;
}

export const SYNONYM_RULES = {
  maxChars: 60,
  /** Turkish, as the admin screen and the api's 400 answers say it. */
  empty: 'İfade ve anlamı boş olamaz.',
  tooLong: 'İfade ve anlamı en fazla 60 karakter olabilir.',
  noWord: 'İfade ve anlamı en az bir harf ya da rakam içermelidir.',
  same: 'İfade ile anlamı aynı olamaz.',
  duplicate: 'Bu eş anlam zaten var.',
  notFound: 'Eş anlam bulunamadı.',
} as const;
