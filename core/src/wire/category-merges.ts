/** Category merges as the admin edits them (api answers and the admin screen's rules). Browser-safe. */

/** Businesses whose category is `spelling` (or the same by case, accents and plural) are stored under `into`. */
export interface CategoryMerge {
  id: number;
  spelling: string;
  into: string;
  createdAt: string;
}

export const CATEGORY_MERGE_RULES = {
  maxChars: 100,
  /** Turkish, as the admin screen and the api's 400 answers say it. */
  empty: 'Kategori yazımı ve hedef kategori boş olamaz.',
  tooLong: 'Kategori yazımı ve hedef kategori en fazla 100 karakter olabilir.',
  noWord: 'Kategori yazımı ve hedef kategori en az bir harf ya da rakam içermelidir.',
  same: 'Bu yazım zaten bu kategoriyle aynı sayılıyor (büyük/küçük harf, aksan ve tekil/çoğul fark etmez).',
  intoMerged: 'Hedef kategori başka bir kategoriye birleştiriliyor; doğrudan onun hedefini seçin.',
  spellingIsTarget: 'Bu yazım başka birleştirmelerin hedefi; önce o birleştirmeleri değiştirin.',
  duplicate: 'Bu yazım için zaten bir birleştirme var.',
  notFound: 'Birleştirme bulunamadı.',
} as const;
