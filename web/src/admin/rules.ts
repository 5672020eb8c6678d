/** The admin screens' constants and pure rules (admin spec §3, §5, §9), kept apart so they are unit-tested. */
import type { ApprovalFilter } from '@directory/core/wire/admin-businesses.js';
import type { ExportField } from '@directory/core/export/business-fields.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@directory/core/wire/admin-settings.js';
import { DATE_RANGES, type DateRange } from '@directory/core/wire/exports.js';
import { BATCH_SIZES, MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@directory/core/wire/uploads.js';

/** Admin spec §9. */
export const PAGE_SIZE = 20;
export const MAX_CATEGORY_MATCHES = 100;
export const TOP_CATEGORIES = 8;
export const DASHBOARD_REPORTS = 3;
export const UPLOAD_GAP_MS = 25;
export const CACHE_CLEAR_RELOAD_MS = 2000;
/** The upload form's batch sizes: the api's (core/src/wire/uploads.ts), labelled. */
const BATCH_SIZE_NOTES: Partial<Record<(typeof BATCH_SIZES)[number], string>> = { 100: 'güvenli', 500: 'varsayılan' };
export const BATCH_SIZE_CHOICES = BATCH_SIZES.map((value) => ({
  value,
  label: BATCH_SIZE_NOTES[value] ? `${value} (${BATCH_SIZE_NOTES[value]})` : String(value),
}));

/** Freshness of the admin's data (admin spec §9), in ms. */
export const FRESH = {
  stats: 5 * 60_000,
  uploadReports: 5_000,
  businesses: 2 * 60_000,
  categories: 10 * 60_000,
  countryCodes: 10 * 60_000,
  siteSettings: 5 * 60_000,
} as const;

/** Admin spec §9: shown only while the real figures load. */
export const PLACEHOLDERS = {
  businesses: 1_181_616,
  categories: 3_678,
  visitors: 45_210,
  uptime: '98.2%',
  cpu: 23,
  memory: 67,
  disk: 45,
} as const;

/** The 27 export fields (admin spec §3), in the spec's order: core's list, the one the api validates against. */
export { DEFAULT_EXPORT_FIELDS, EXPORT_FIELDS, type ExportField } from '@directory/core/export/business-fields.js';

export const FIELD_LABELS: Record<ExportField, string> = {
  id: 'ID',
  name: 'İşletme adı',
  slug: 'Slug',
  category: 'Kategori',
  type: 'Tür',
  full_address: 'Tam adres',
  street: 'Sokak',
  city: 'Şehir',
  postal_code: 'Posta kodu',
  country: 'Ülke',
  country_code: 'Ülke kodu',
  phone: 'Telefon',
  latitude: 'Enlem',
  longitude: 'Boylam',
  rating: 'Puan',
  reviews: 'Yorum sayısı',
  reviews_link: 'Yorum bağlantısı',
  photo: 'Fotoğraf',
  logo: 'Logo',
  located_in: 'Bulunduğu yer',
  working_hours: 'Çalışma saatleri',
  verified: 'Doğrulanmış',
  about: 'Hakkında',
  place_id: 'Place ID',
  created_at: 'Oluşturulma',
  updated_at: 'Güncellenme',
  url: 'Web sitesi',
};

/** Admin spec §9: upload-date filters of the export. */
const DATE_RANGE_LABELS: Record<DateRange, string> = {
  all: 'Tüm zamanlar',
  today: 'Bugün',
  yesterday: 'Dün',
  last24hours: 'Son 24 saat',
  last7days: 'Son 7 gün',
  thisweek: 'Bu hafta',
  thismonth: 'Bu ay',
  custom: 'Özel aralık',
};
/** The api's ranges (core/src/wire/exports.ts), labelled, in its order. */
export const DATE_RANGE_CHOICES = DATE_RANGES.map((value) => [value, DATE_RANGE_LABELS[value]] as const);

export interface ExportChoice {
  fields: readonly ExportField[];
  countryCode: string;
  categories: string[];
  dateRange: DateRange;
  startDate: string;
  endDate: string;
}

/**
 * The body of POST /api/admin/exports (the §7 parameters): country and date range omitted for all, dates
 * sent only for a custom range with both set (admin spec §5).
 */
export function exportBody(choice: ExportChoice): Record<string, unknown> {
  const body: Record<string, unknown> = { fields: choice.fields };
  if (choice.countryCode && choice.countryCode !== 'all') body.countryCode = choice.countryCode;
  if (choice.categories.length > 0) body.categories = choice.categories;
  if (choice.dateRange !== 'all') body.dateRange = choice.dateRange;
  if (choice.dateRange === 'custom' && choice.startDate && choice.endDate) {
    body.startDate = choice.startDate;
    body.endDate = choice.endDate;
  }
  return body;
}

/** The category the admin typed, as the list spells it (any case, Turkish i folded alike), or null. */
export function knownCategory(categories: readonly string[], typed: string): string | null {
  const needle = fold(typed.trim());
  return needle ? (categories.find((c) => fold(c) === needle) ?? null) : null;
}

/** Case-insensitive category search (Turkish dotted and dotless i fold alike), at most 100 matches. */
export function matchCategories(categories: readonly string[], query: string, limit = MAX_CATEGORY_MATCHES) {
  const needle = fold(query.trim());
  const matches = needle ? categories.filter((c) => fold(c).includes(needle)) : categories;
  return { shown: matches.slice(0, limit), total: matches.length };
}

function fold(text: string): string {
  return text
    .toLocaleLowerCase('tr')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i');
}

/** Admin spec §3: the sample upload template's columns, with one example row. */
export const TEMPLATE_COLUMNS = [
  'name',
  'address',
  'phone',
  'category',
  'latitude',
  'longitude',
  'rating',
  'reviewCount',
  'place_id',
  'country_code',
] as const;

const TEMPLATE_EXAMPLE = [
  'Örnek Kafe',
  'Bahnhofstrasse 1, 8001 Zürich, Switzerland',
  '+41 44 000 00 00',
  'Cafe',
  '47.3769',
  '8.5417',
  '4.5',
  '120',
  'ChIJ-example-place-id',
  'CH',
];

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The sample template as CSV text (UTF-8 with a BOM so spreadsheet programs read the letters right). */
export function templateCsv(): string {
  return `\ufeff${[TEMPLATE_COLUMNS, TEMPLATE_EXAMPLE].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function hasUploadExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** Admin spec §4/§5: each file over 150 MB is refused on its own, the others kept. */
export function splitBySize<T extends { size: number }>(files: readonly T[]) {
  return {
    accepted: files.filter((f) => f.size <= MAX_UPLOAD_BYTES),
    tooLarge: files.filter((f) => f.size > MAX_UPLOAD_BYTES),
  };
}

/**
 * Admin spec §4: the toast after a batch of uploads. Files the admin cancelled are named as cancelled (issue 34:
 * a cancel is not a "partial success 0/1"); only failures make the toast destructive.
 */
export function uploadSummary(results: readonly { success: boolean; cancelled?: boolean }[]) {
  const ok = results.filter((r) => r.success).length;
  const cancelled = results.filter((r) => !r.success && r.cancelled).length;
  const total = results.length;
  if (ok === total)
    return { title: 'Yükleme tamamlandı', description: `Tüm dosyalar başarıyla yüklendi (${ok}/${total}).`, ok, total };
  if (ok + cancelled === total) {
    return ok === 0
      ? {
          title: 'İptal edildi',
          description: `İçe aktarma iptal edildi; ${cancelled === 1 ? 'dosyadan' : 'dosyalardan'} hiçbir şey kaydedilmedi.`,
          ok,
          total,
        }
      : {
          title: 'Yükleme tamamlandı',
          description: `${ok}/${total} dosya yüklendi, ${cancelled} dosya iptal edildi.`,
          ok,
          total,
        };
  }
  return {
    title: 'Kısmi başarı',
    description: `Kısmi başarı: ${ok}/${total} dosya yüklendi${cancelled ? `, ${cancelled} dosya iptal edildi` : ''}.`,
    ok,
    total,
    destructive: true as const,
  };
}

/** Admin spec §2: sort buttons; the active one flips the order, another starts ascending. */
export const SORT_FIELDS = [
  ['name', 'Ad'],
  ['rating', 'Puan'],
  ['reviewCount', 'Yorum sayısı'],
  ['createdAt', 'Eklenme tarihi'],
] as const;
export type SortField = (typeof SORT_FIELDS)[number][0];

export function nextSort(current: { sortBy: SortField; sortOrder: 'asc' | 'desc' }, chosen: SortField) {
  if (current.sortBy === chosen)
    return { sortBy: chosen, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' } as const;
  return { sortBy: chosen, sortOrder: 'asc' } as const;
}

/** The admin list's query string (category, approval and country omitted for all). */
export function businessListUrl(q: {
  page: number;
  filter: string;
  category: string;
  approval?: ApprovalFilter;
  countryCode?: string;
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
}): string {
  const params = new URLSearchParams({ page: String(q.page), limit: String(PAGE_SIZE) });
  if (q.filter.trim()) params.set('filter', q.filter.trim());
  if (q.category && q.category !== 'all') params.set('category', q.category);
  if (q.approval && q.approval !== 'all') params.set('approval', q.approval);
  if (q.countryCode && q.countryCode !== 'all') params.set('countryCode', q.countryCode);
  params.set('sortBy', q.sortBy);
  params.set('sortOrder', q.sortOrder);
  return `/api/admin/businesses?${params}`;
}

/** Size in bytes of text as UTF-8 (the 50 KB ad limit counts bytes). */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const hasScriptTag = (code: string) => /<script\b/i.test(code);

/** Share of a part in a whole, as a percentage with one decimal (0 when the whole is 0). */
export const shareOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export interface PasswordForm {
  current: string;
  next: string;
  repeat: string;
}

/** What keeps the change-password form from being sent, by field (empty: it may be sent). */
export function passwordFormProblems(form: PasswordForm): Partial<Record<keyof PasswordForm, string>> {
  const problems: Partial<Record<keyof PasswordForm, string>> = {};
  if (form.next && form.next.length < PASSWORD_MIN_LENGTH)
    problems.next = `Şifre en az ${PASSWORD_MIN_LENGTH} karakter olmalı`;
  else if (form.next.length > PASSWORD_MAX_LENGTH)
    problems.next = `Şifre en fazla ${PASSWORD_MAX_LENGTH} karakter olabilir`;
  else if (form.next && form.next === form.current) problems.next = 'Yeni şifre mevcut şifreyle aynı olamaz';
  if (form.repeat && form.repeat !== form.next) problems.repeat = 'Şifreler eşleşmiyor';
  return problems;
}

/** The api's refusal of a password change in the admin's words (its `reason`, else its status). */
export function passwordChangeError(status: number | null, body: string, retryAfterSeconds?: number): string {
  if (status === null) return 'Sunucuya ulaşılamadı. Lütfen tekrar deneyin.';
  let reason: unknown;
  try {
    reason = (JSON.parse(body) as { reason?: unknown }).reason;
  } catch {
    // not JSON
  }
  if (reason === 'wrong-current-password') return 'Mevcut şifre yanlış.';
  if (reason === 'same-password') return 'Yeni şifre mevcut şifreyle aynı olamaz.';
  if (reason === 'weak-password') return 'Bu şifre kullanılamaz: size ait, en az 12 karakterli bir şifre seçin.';
  if (status === 400) return `Şifre ${PASSWORD_MIN_LENGTH} ile ${PASSWORD_MAX_LENGTH} karakter arasında olmalı.`;
  if (status === 429) {
    const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 15 * 60) / 60));
    return `Çok fazla hatalı deneme. ${minutes} dakika sonra tekrar deneyin.`;
  }
  if (status === 403) return 'İstek başka bir siteden geldiği için reddedildi. Sayfayı yenileyip tekrar deneyin.';
  return `Şifre değiştirilemedi (hata ${status}). Lütfen tekrar deneyin.`;
}
