/**
 * The kinds of problem rows an import reports (issue 34): rows left out (rejected, or skipped as not a
 * business or a duplicate) and values that were not stored as read. Each problem has a kind, counted in the
 * import's result, and a Turkish sentence, written per row in the problems CSV. Browser-safe: the admin's
 * message catalogue (web/src/admin/messages.ts) takes the labels from here, so the CSV and the screen agree.
 * Rows stored unchanged (a re-import) are not problems.
 */

export const IMPORT_PROBLEM_KINDS = [
  'name-empty',
  'name-too-long',
  'unreadable-line',
  'not-a-business',
  'duplicate-in-file',
  'same-name-and-address',
  'position',
  'rating',
  'reviews',
  'country-code',
  'working-hours',
  'about',
  'verified',
  'time-zone',
] as const;
export type ImportProblemKind = (typeof IMPORT_PROBLEM_KINDS)[number];

/** Problem counts by kind; a kind that did not occur is absent. */
export type ImportProblemCounts = Partial<Record<ImportProblemKind, number>>;

/** Whether the row was left out (not imported) or imported with a value changed. */
export const LEFT_OUT_KINDS: readonly ImportProblemKind[] = [
  'name-empty',
  'name-too-long',
  'unreadable-line',
  'not-a-business',
  'duplicate-in-file',
  'same-name-and-address',
];

/** Short Turkish label of each kind (the counts on the screen, the "Sorun" column of the CSV). */
export const IMPORT_PROBLEM_LABELS: Record<ImportProblemKind, string> = {
  'name-empty': 'İsim boş',
  'name-too-long': 'İsim çok uzun',
  'unreadable-line': 'Okunamayan satır',
  'not-a-business': 'İşletme değil',
  'duplicate-in-file': 'Dosyada tekrar eden place_id',
  'same-name-and-address': 'Aynı ad ve adres',
  position: 'Geçersiz konum',
  rating: 'Geçersiz puan',
  reviews: 'Geçersiz yorum sayısı',
  'country-code': 'Geçersiz ülke kodu',
  'working-hours': 'Okunamayan çalışma saatleri',
  about: 'Okunamayan özellikler',
  verified: 'Geçersiz doğrulama değeri',
  'time-zone': 'Geçersiz saat dilimi',
};

/** The Turkish sentence of the CSV's "Açıklama" column: what was wrong and what the import did about it. */
export const IMPORT_PROBLEM_REASONS: Record<ImportProblemKind, string> = {
  'name-empty': 'İsim boş; her işletmenin bir adı olmalı. Satır içe aktarılmadı.',
  'name-too-long': 'İsim 500 karakterden uzun. Satır içe aktarılmadı.',
  'unreadable-line': 'Satır CSV olarak okunamadı (tırnak işaretleri hatalı). Satır içe aktarılmadı.',
  'not-a-business':
    'İşletme değil: kategori (Area ya da Postal code dışında), telefon, çalışma saatleri, puan ya da sokak adresi yok (Google Haritalar dışa aktarımları şehir ve bölgeleri böyle listeler). Satır atlandı.',
  'duplicate-in-file': 'Dosyada aynı place_id ile daha sonra gelen bir satır var; o satır alındı, bu satır atlandı.',
  'same-name-and-address':
    'Aynı ad ve adresle bir işletme zaten kayıtlı ya da dosyada daha sonra geliyor. Satır atlandı.',
  position:
    'Enlem -90 ile 90, boylam -180 ile 180 arasında bir sayı olmalı ve ikisi birlikte verilmeli; tam 0 olan enlem ya da boylam, dışa aktarımların eksik konum için yazdığı değerdir; adresi olmayan bir işletmenin hiçbir ülkeye düşmeyen (denizdeki) konumu da yalnızca bir bölgeye hizmet eden işletmeler için yazılır. Konum boş bırakıldı.',
  rating: 'Puan 0 ile 5 arasında bir sayı olmalı; boş bırakıldı.',
  reviews: 'Yorum sayısı 0 veya daha büyük bir tam sayı olmalı; 0 (ya da en büyük değer) kaydedildi.',
  'country-code':
    'ISO 3166 iki harfli ülke kodu değil; aynı ülkenin iki harfli kodu (USA → US) ya da ülke adından bulunan kod kaydedildi, bulunamadıysa boş bırakıldı.',
  'working-hours': 'Çalışma saatleri okunamadı (her gün saatleriyle bekleniyordu); boş bırakıldı.',
  about: 'Özellikler okunamadı (bozuk JSON); boş bırakıldı.',
  verified: 'true ya da false (evet/hayır, 1/0) bekleniyordu; false kaydedildi.',
  'time-zone': 'IANA saat dilimi değil (Europe/Istanbul gibi); konumdan ya da ülkeden bulundu veya boş bırakıldı.',
};

/** Where the admin downloads every problem row of an import as CSV. */
export const importProblemsUrl = (jobId: string) => `/api/admin/imports/${encodeURIComponent(jobId)}/problems`;

/** The columns the problems CSV starts with, before the row's original columns. */
export const IMPORT_PROBLEM_CSV_COLUMNS = ['Satır', 'Sorun', 'Açıklama', 'Sütun', 'Okunan değer'] as const;
