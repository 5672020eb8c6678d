import { parseAbout } from '../rules/amenities.js';
import { countryCodeFromName, countryName } from '../rules/countries.js';
import { parseWorkingHours } from '../rules/opening-hours.js';
import { businessSlug, slugify } from '../rules/slug.js';
import type { ColumnExtraction, ImportColumn } from './columns.js';

/** A business ready to be written: every column of the businesses table that an import sets. */
export interface BusinessRow {
  name: string;
  slug: string;
  category: string | null;
  type: string | null;
  full_address: string | null;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  country_code: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  reviews_link: string | null;
  photo: string | null;
  logo: string | null;
  located_in: string | null;
  working_hours: string | null;
  verified: boolean;
  about: string | null;
  place_id: string | null;
  url: string | null;
  category_slug: string | null;
  city_slug: string | null;
}

export interface RowRejection {
  rowNumber: number;
  reason: string;
}

/** Spreadsheet tools write these for an empty cell. */
const EMPTY_MARKERS = new Set(['', 'none', 'nan', 'null', 'n/a', 'undefined']);

/** A cell as text: trimmed, numbers without exponent, dates as ISO, empty markers as null. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  const text = String(value).trim();
  return EMPTY_MARKERS.has(text.toLowerCase()) ? null : text;
}

function cellNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = cellText(value);
  if (text === null) return null;
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

function cellBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  const text = cellText(value)?.toLowerCase();
  return text === 'true' || text === '1' || text === 'yes' || text === 'y' || text === 'verified';
}

/**
 * Validates and normalises one data row (admin spec §3 columns). A row without a name is rejected with a
 * sentence; out-of-range values are dropped rather than failing the row, so a real file still lands.
 */
export function normalizeRow(
  values: readonly unknown[],
  columns: ColumnExtraction,
  rowNumber: number,
): BusinessRow | RowRejection {
  const raw = (column: ImportColumn): unknown => {
    const index = columns.indexes[column];
    return index === undefined ? undefined : values[index];
  };
  const text = (column: ImportColumn) => cellText(raw(column));

  const name = text('name');
  if (!name) return { rowNumber, reason: 'The name is empty; every business needs a name.' };
  if (name.length > 500) return { rowNumber, reason: 'The name is longer than 500 characters.' };

  let latitude = cellNumber(raw('latitude'));
  let longitude = cellNumber(raw('longitude'));
  if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    latitude = null;
    longitude = null;
  }
  const ratingValue = cellNumber(raw('rating'));
  const rating = ratingValue !== null && ratingValue >= 0 && ratingValue <= 5 ? ratingValue : null;
  const reviewsValue = cellNumber(raw('reviews'));
  const reviews = reviewsValue !== null && reviewsValue >= 0 ? Math.min(Math.round(reviewsValue), 2_147_483_647) : 0;

  let countryCode = text('country_code')?.toUpperCase() ?? null;
  if (countryCode && !/^[A-Z]{2}$/.test(countryCode)) countryCode = null;
  let country = text('country');
  countryCode ??= countryCodeFromName(country);
  if (!country && countryCode) country = countryName(countryCode);

  const type = text('type');
  const category = text('category') ?? type;
  const city = text('city');
  const fullAddress = text('full_address');
  const placeId = text('place_id');
  const hours = parseWorkingHours(text('working_hours'));
  const about = parseAbout(text('about'));

  return {
    name,
    slug: businessSlug(name, city, placeId ?? `${name}|${fullAddress ?? ''}`),
    category,
    type,
    full_address: fullAddress,
    street: text('street'),
    city,
    postal_code: text('postal_code'),
    country,
    country_code: countryCode,
    phone: text('phone'),
    latitude,
    longitude,
    rating,
    reviews,
    reviews_link: text('reviews_link'),
    photo: text('photo'),
    logo: text('logo'),
    located_in: text('located_in'),
    working_hours: hours ? JSON.stringify(hours) : null,
    verified: cellBoolean(raw('verified')),
    about: about ? JSON.stringify('text' in about ? about.text : about.groups) : null,
    place_id: placeId,
    url: text('url'),
    category_slug: slugify(category) || null,
    city_slug: slugify(city) || null,
  };
}

export function isRejection(row: BusinessRow | RowRejection): row is RowRejection {
  return 'reason' in row;
}
