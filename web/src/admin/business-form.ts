import {
  type BusinessDetail,
  BUSINESS_RANGES,
  BUSINESS_TEXT_LIMITS as MAX,
  COUNTRY_CODE_PATTERN,
} from '@directory/core/wire/admin-businesses.js';

/** The edit form's fields (strings as typed), checked against the api's limits (core/src/wire/admin-businesses.ts). */
export interface BusinessForm {
  name: string;
  category: string;
  type: string;
  phone: string;
  fullAddress: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  countryCode: string;
  latitude: string;
  longitude: string;
  rating: string;
  reviews: string;
  url: string;
  photo: string;
  verified: boolean;
  isApproved: boolean;
}
export type TextField = Exclude<keyof BusinessForm, 'verified' | 'isApproved'>;

export const TEXT_FIELDS: { name: TextField; label: string; max?: number; type?: string; wide?: boolean }[] = [
  { name: 'name', label: 'İşletme adı', max: MAX.name, wide: true },
  { name: 'category', label: 'Kategori', max: MAX.category },
  { name: 'type', label: 'Tür', max: MAX.type },
  { name: 'phone', label: 'Telefon', max: MAX.phone, type: 'tel' },
  { name: 'fullAddress', label: 'Tam adres', max: MAX.fullAddress, wide: true },
  { name: 'street', label: 'Sokak', max: MAX.street },
  { name: 'city', label: 'Şehir', max: MAX.city },
  { name: 'postalCode', label: 'Posta kodu', max: MAX.postalCode },
  { name: 'country', label: 'Ülke', max: MAX.country },
  { name: 'countryCode', label: 'Ülke kodu', max: 2 },
  { name: 'latitude', label: 'Enlem', type: 'number' },
  { name: 'longitude', label: 'Boylam', type: 'number' },
  { name: 'rating', label: 'Puan (0–5)', type: 'number' },
  { name: 'reviews', label: 'Yorum sayısı', type: 'number' },
  { name: 'url', label: 'Web sitesi', type: 'url', wide: true },
  { name: 'photo', label: 'Fotoğraf adresi', type: 'url', wide: true },
];

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function formOf(b: BusinessDetail): BusinessForm {
  return {
    name: b.name,
    category: text(b.category),
    type: text(b.type),
    phone: text(b.phone),
    fullAddress: text(b.fullAddress),
    street: text(b.street),
    city: text(b.city),
    postalCode: text(b.postalCode),
    country: text(b.country),
    countryCode: text(b.countryCode),
    latitude: text(b.latitude),
    longitude: text(b.longitude),
    rating: text(b.rating),
    reviews: text(b.reviews),
    url: text(b.url),
    photo: text(b.photo),
    verified: b.verified,
    isApproved: b.isApproved,
  };
}

const number = (value: string) => (value.trim() === '' ? null : Number(value.trim().replace(',', '.')));

function isWebAddress(value: string): boolean {
  for (const candidate of [value, `https://${value}`]) {
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')) return true;
    } catch {
      // try the next form
    }
  }
  return false;
}

/** Problems per field, in the admin's words; empty when the form can be saved. */
export function validateBusiness(form: BusinessForm): Partial<Record<TextField, string>> {
  const errors: Partial<Record<TextField, string>> = {};
  for (const field of TEXT_FIELDS) {
    if (field.max && field.name !== 'countryCode' && form[field.name].trim().length > field.max) {
      errors[field.name] = `${field.label} en fazla ${field.max} karakter olabilir.`;
    }
  }
  if (!form.name.trim()) errors.name = 'İşletme adı zorunludur.';
  if (form.countryCode.trim() && !COUNTRY_CODE_PATTERN.test(form.countryCode.trim())) {
    errors.countryCode = 'Ülke kodu iki harf olmalıdır (ör. TR).';
  }
  const range = (field: keyof typeof BUSINESS_RANGES, label: string) => {
    const { min, max } = BUSINESS_RANGES[field];
    const value = number(form[field]);
    if (value !== null && (!Number.isFinite(value) || value < min || value > max)) {
      errors[field] = `${label} ${min} ile ${max} arasında bir sayı olmalıdır.`;
    }
  };
  range('latitude', 'Enlem');
  range('longitude', 'Boylam');
  range('rating', 'Puan');
  const reviews = number(form.reviews);
  if (reviews !== null && (!Number.isInteger(reviews) || reviews < 0)) {
    errors.reviews = 'Yorum sayısı 0 veya daha büyük bir tam sayı olmalıdır.';
  } else if (reviews !== null && reviews > BUSINESS_RANGES.reviews.max) {
    errors.reviews = `Yorum sayısı en fazla ${BUSINESS_RANGES.reviews.max} olabilir.`;
  }
  for (const field of ['url', 'photo'] as const) {
    if (form[field].trim() && !isWebAddress(form[field].trim())) {
      errors[field] = 'Geçerli bir web adresi girin (ör. https://ornek.com).';
    }
  }
  return errors;
}

/** The PUT body: only what changed, empty text as null, numbers as numbers, the country code upper case. */
export function changesOf(original: BusinessForm, form: BusinessForm): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const { name } of TEXT_FIELDS) {
    if (form[name].trim() === original[name].trim()) continue;
    const value = form[name].trim();
    if (['latitude', 'longitude', 'rating'].includes(name)) changes[name] = number(value);
    else if (name === 'reviews') changes[name] = number(value) ?? 0;
    else if (name === 'countryCode') changes[name] = value ? value.toUpperCase() : null;
    else if (name === 'name') changes[name] = value;
    else if (name === 'url' || name === 'photo')
      changes[name] = value ? (/^https?:\/\//i.test(value) ? value : `https://${value}`) : null;
    else changes[name] = value || null;
  }
  if (form.verified !== original.verified) changes.verified = form.verified;
  if (form.isApproved !== original.isApproved) changes.isApproved = form.isApproved;
  return changes;
}
