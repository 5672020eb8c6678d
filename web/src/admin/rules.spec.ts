import { changesOf, formOf, validateBusiness } from './business-form.js';
import { formatBytes, formatDuration, timeAgo } from './format.js';
import {
  businessListUrl,
  DEFAULT_EXPORT_FIELDS,
  EXPORT_FIELDS,
  exportBody,
  hasUploadExtension,
  matchCategories,
  knownCategory,
  nextSort,
  passwordChangeError,
  passwordFormProblems,
  splitBySize,
  templateCsv,
  uploadSummary,
  utf8Bytes,
} from './rules.js';
import type { BusinessDetail } from '@directory/core/wire/admin-businesses.js';

describe('admin screen rules', () => {
  it('offers the 27 export fields with the default four', () => {
    expect(EXPORT_FIELDS).toHaveLength(27);
    expect(DEFAULT_EXPORT_FIELDS).toEqual(['name', 'full_address', 'phone', 'type']);
  });

  it('omits country and date range for all, and sends dates only for a complete custom range', () => {
    const base = { fields: DEFAULT_EXPORT_FIELDS, countryCode: 'all', categories: [], startDate: '', endDate: '' };
    expect(exportBody({ ...base, dateRange: 'all' })).toEqual({ fields: DEFAULT_EXPORT_FIELDS });
    expect(exportBody({ ...base, countryCode: 'CH', categories: ['Bakery'], dateRange: 'last7days' })).toEqual({
      fields: DEFAULT_EXPORT_FIELDS,
      countryCode: 'CH',
      categories: ['Bakery'],
      dateRange: 'last7days',
    });
    expect(exportBody({ ...base, dateRange: 'custom', startDate: '2026-01-01' })).toEqual({
      fields: DEFAULT_EXPORT_FIELDS,
      dateRange: 'custom',
    });
    expect(exportBody({ ...base, dateRange: 'custom', startDate: '2026-01-01', endDate: '2026-01-31' })).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    // Dates left over from a custom range are not sent with another range.
    expect(exportBody({ ...base, dateRange: 'today', startDate: '2026-01-01', endDate: '2026-01-31' })).toEqual({
      fields: DEFAULT_EXPORT_FIELDS,
      dateRange: 'today',
    });
  });

  it('searches categories case-insensitively (Turkish letters too) and shows at most 100', () => {
    const categories = [
      'Kuaför',
      'İnşaat',
      'Café',
      'coffee shop',
      ...Array.from({ length: 150 }, (_, i) => `Shop ${i}`),
    ];
    expect(matchCategories(categories, 'COFFEE').shown).toEqual(['coffee shop']);
    expect(matchCategories(categories, 'inşaat').shown).toEqual(['İnşaat']);
    expect(matchCategories(categories, 'cafe').shown).toEqual(['Café']);
    // The business list's picker applies a typed name as the list spells it, and nothing for part of one.
    expect(knownCategory(categories, ' İNŞAAT ')).toBe('İnşaat');
    expect(knownCategory(categories, 'coffee')).toBeNull();
    expect(knownCategory(categories, '')).toBeNull();
    const shops = matchCategories(categories, 'shop');
    expect(shops.shown).toHaveLength(100);
    expect(shops.total).toBe(151);
    expect(matchCategories(categories, 'zzz')).toEqual({ shown: [], total: 0 });
  });

  it('flips the active sort and starts another ascending', () => {
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'name')).toEqual({ sortBy: 'name', sortOrder: 'desc' });
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'name')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'rating')).toEqual({ sortBy: 'rating', sortOrder: 'asc' });
  });

  it('asks for 20 a page and leaves the category out for all', () => {
    expect(businessListUrl({ page: 2, filter: ' joe ', category: 'all', sortBy: 'name', sortOrder: 'asc' })).toBe(
      '/api/admin/businesses?page=2&limit=20&filter=joe&sortBy=name&sortOrder=asc',
    );
    expect(businessListUrl({ page: 1, filter: '', category: 'Café & Bar', sortBy: 'rating', sortOrder: 'desc' })).toBe(
      '/api/admin/businesses?page=1&limit=20&category=Caf%C3%A9+%26+Bar&sortBy=rating&sortOrder=desc',
    );
  });

  it('writes the sample template with the spec columns', () => {
    const [header, example] = templateCsv().slice(1).split('\r\n');
    expect(header).toBe('name,address,phone,category,latitude,longitude,rating,reviewCount,place_id,country_code');
    expect(example.split(',')).toHaveLength(12); // the quoted address holds two commas
    expect(example).toMatch(/^Örnek Kafe,"Bahnhofstrasse 1, 8001 Zürich, Switzerland",/);
  });

  it('refuses each file over 150 MB on its own', () => {
    const files = [
      { name: 'a.csv', size: 150 * 1024 * 1024 },
      { name: 'b.csv', size: 150 * 1024 * 1024 + 1 },
      { name: 'c.xlsx', size: 10 },
    ];
    const { accepted, tooLarge } = splitBySize(files);
    expect(accepted.map((f) => f.name)).toEqual(['a.csv', 'c.xlsx']);
    expect(tooLarge.map((f) => f.name)).toEqual(['b.csv']);
  });

  it('offers .xlsx and .csv, not .xls (no maintained reader; issue 34)', () => {
    expect(['a.CSV', 'b.xlsx', 'c.xls', 'd.pdf'].map(hasUploadExtension)).toEqual([true, true, false, false]);
  });

  it('sums up a batch of uploads', () => {
    expect(uploadSummary([{ success: true }, { success: true }])).toMatchObject({
      description: 'Tüm dosyalar başarıyla yüklendi (2/2).',
    });
    expect(uploadSummary([{ success: true }, { success: false }, { success: true }])).toMatchObject({
      title: 'Kısmi başarı',
      description: 'Kısmi başarı: 2/3 dosya yüklendi.',
      destructive: true,
    });
  });

  it('names a cancelled upload as cancelled, not as a partial success (issue 34)', () => {
    const one = uploadSummary([{ success: false, cancelled: true }]);
    expect(one).toEqual({
      title: 'İptal edildi',
      description: 'İçe aktarma iptal edildi; dosyadan hiçbir şey kaydedilmedi.',
      ok: 0,
      total: 1,
    });
    expect(uploadSummary([{ success: true }, { success: false, cancelled: true }])).toEqual({
      title: 'Yükleme tamamlandı',
      description: '1/2 dosya yüklendi, 1 dosya iptal edildi.',
      ok: 1,
      total: 2,
    });
    expect(uploadSummary([{ success: false }, { success: false, cancelled: true }, { success: true }])).toMatchObject({
      description: 'Kısmi başarı: 1/3 dosya yüklendi, 1 dosya iptal edildi.',
      destructive: true,
    });
  });

  it('counts ad sizes in UTF-8 bytes', () => expect(utf8Bytes('ağ')).toBe(3));

  it('formats sizes, durations and moments in Turkish', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
    expect(formatDuration(42)).toBe('42 sn');
    expect(formatDuration(3 * 86_400 + 4 * 3600 + 12 * 60)).toBe('3 g 4 sa 12 dk');
    const now = Date.now();
    expect(timeAgo(new Date(now - 10_000), now)).toBe('şimdi');
    expect(timeAgo(new Date(now - 5 * 60_000), now)).toBe('5 dakika önce');
    expect(timeAgo(new Date(now - 3 * 3_600_000), now)).toBe('3 saat önce');
    expect(timeAgo(new Date(now - 24 * 3_600_000), now)).toBe('dün');
    expect(timeAgo(new Date(now - 4 * 86_400_000), now)).toBe('4 gün önce');
  });
});

describe('the business edit form', () => {
  const detail: BusinessDetail = {
    id: 7,
    name: 'Joe Plumbing',
    slug: 'joe-plumbing',
    category: 'Plumber',
    type: null,
    fullAddress: null,
    street: null,
    city: 'Austin',
    postalCode: null,
    country: null,
    countryCode: 'US',
    phone: null,
    latitude: 30.2,
    longitude: -97.7,
    rating: 4.5,
    reviews: 10,
    url: null,
    photo: null,
    placeId: null,
    verified: false,
    isApproved: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };

  it('validates as the api does', () => {
    const form = formOf(detail);
    expect(validateBusiness(form)).toEqual({});
    expect(
      validateBusiness({
        ...form,
        name: '  ',
        countryCode: 'USA',
        latitude: '91',
        longitude: 'east',
        rating: '5.5',
        reviews: '1.5',
        url: 'not a url',
      }),
    ).toEqual({
      name: 'İşletme adı zorunludur.',
      countryCode: 'Ülke kodu iki harf olmalıdır (ör. TR).',
      latitude: 'Enlem -90 ile 90 arasında bir sayı olmalıdır.',
      longitude: 'Boylam -180 ile 180 arasında bir sayı olmalıdır.',
      rating: 'Puan 0 ile 5 arasında bir sayı olmalıdır.',
      reviews: 'Yorum sayısı 0 veya daha büyük bir tam sayı olmalıdır.',
      url: 'Geçerli bir web adresi girin (ör. https://ornek.com).',
    });
    expect(validateBusiness({ ...form, city: 'x'.repeat(301) }).city).toBe('Şehir en fazla 300 karakter olabilir.');
  });

  it('sends only what changed, typed as the api wants it', () => {
    const original = formOf(detail);
    expect(changesOf(original, original)).toEqual({});
    expect(
      changesOf(original, {
        ...original,
        name: ' Joe Plumbing & Heating ',
        city: '',
        countryCode: 'ch',
        rating: '4,8',
        latitude: '',
        reviews: '12',
        url: 'joe.example.com',
        verified: true,
      }),
    ).toEqual({
      name: 'Joe Plumbing & Heating',
      city: null,
      countryCode: 'CH',
      rating: 4.8,
      latitude: null,
      reviews: 12,
      url: 'https://joe.example.com',
      verified: true,
    });
  });

  it('checks the change-password form before sending it', () => {
    expect(passwordFormProblems({ current: '', next: '', repeat: '' })).toEqual({});
    expect(passwordFormProblems({ current: 'x', next: 'short', repeat: 'short' })).toEqual({
      next: 'Şifre en az 12 karakter olmalı',
    });
    expect(passwordFormProblems({ current: 'x', next: 'twelve-chars', repeat: 'twelve-charz' })).toEqual({
      repeat: 'Şifreler eşleşmiyor',
    });
    expect(passwordFormProblems({ current: 'same-password!', next: 'same-password!', repeat: '' }).next).toBe(
      'Yeni şifre mevcut şifreyle aynı olamaz',
    );
    expect(passwordFormProblems({ current: 'x', next: 'twelve-chars', repeat: 'twelve-chars' })).toEqual({});
  });

  it("words the api's password refusals in Turkish", () => {
    expect(passwordChangeError(400, '{"reason":"wrong-current-password","message":"The current…"}')).toBe(
      'Mevcut şifre yanlış.',
    );
    expect(passwordChangeError(400, '{"reason":"same-password"}')).toBe('Yeni şifre mevcut şifreyle aynı olamaz.');
    expect(passwordChangeError(400, '{"message":["newPassword must be at least 12 characters"]}')).toBe(
      'Şifre 12 ile 1000 karakter arasında olmalı.',
    );
    expect(passwordChangeError(429, '{}', 600)).toBe('Çok fazla hatalı deneme. 10 dakika sonra tekrar deneyin.');
    expect(passwordChangeError(null, '')).toBe('Sunucuya ulaşılamadı. Lütfen tekrar deneyin.');
    expect(passwordChangeError(500, 'oops')).toBe('Şifre değiştirilemedi (hata 500). Lütfen tekrar deneyin.');
  });
});
