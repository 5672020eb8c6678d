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
  if (typeof value === 'string') {
    const text = value.trim();
    return maybeEmptyMarker(text) && EMPTY_MARKERS.has(text.toLowerCase()) ? null : text;
  }
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  const text = String(value).trim();
  return maybeEmptyMarker(text) && EMPTY_MARKERS.has(text.toLowerCase()) ? null : text;
}

/**
 * Cheap pre-check of EMPTY_MARKERS (every cell of a million rows goes through it): empty, or at most 9
 * characters starting with n or u, as the markers do.
 */
function maybeEmptyMarker(text: string): boolean {
  if (text.length === 0) return true;
  if (text.length > 9) return false;
  const first = text.charCodeAt(0) | 0x20;
  return first === 0x6e || first === 0x75;
}

/** True when every cell of a row is empty (a blank line of a spreadsheet, not counted as a row). */
export function isBlank(values: readonly unknown[]): boolean {
  for (const value of values) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' ? value.trim() !== '' : String(value).trim() !== '') return false;
  }
  return true;
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
 * Remembers the results of a pure function of a cell for the values seen most (a file repeats its
 * categories, cities and opening hours over and over). Bounded: when full it starts again.
 */
class Memo<V> {
  private readonly values = new Map<string, V>();
  constructor(
    private readonly compute: (key: string) => V,
    private readonly limit = 20_000,
  ) {}

  get(key: string): V {
    let value = this.values.get(key);
    if (value === undefined && !this.values.has(key)) {
      value = this.compute(key);
      if (this.values.size >= this.limit) this.values.clear();
      this.values.set(detach(key), value);
    }
    return value as V;
  }
}

/**
 * A copy of a string that does not keep the text it was cut from alive. A cell read from a file is a slice
 * of the chunk it came from (V8 shares the chunk's characters), so keeping one cell for the whole import (a
 * place id in the duplicate check, a name in the report's skipped rows) would keep its whole chunk: for
 * every kept cell, hundreds of kilobytes.
 */
export function detach(text: string): string {
  // Concatenating then slicing makes V8 flatten into a fresh string of just these characters.
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

interface Memos {
  slug: Memo<string | null>;
  hours: Memo<string | null>;
  about: Memo<string | null>;
  country: Memo<string | null>;
}

const normalHours = (text: string) => {
  const hours = parseWorkingHours(text);
  return hours ? JSON.stringify(hours) : null;
};
const normalAbout = (text: string) => {
  const about = parseAbout(text);
  return about ? JSON.stringify('text' in about ? about.text : about.groups) : null;
};

/**
 * normalizeRow for the rows of one file, with the per-value work (slugs of categories and cities, parsed
 * opening hours and amenities, country names) done once per distinct value.
 */
export function rowNormalizer(
  columns: ColumnExtraction,
): (values: readonly unknown[], rowNumber: number) => BusinessRow | RowRejection {
  const memos: Memos = {
    slug: new Memo((text) => slugify(text) || null),
    hours: new Memo(normalHours),
    about: new Memo(normalAbout, 5_000),
    country: new Memo(countryCodeFromName),
  };
  return (values, rowNumber) => normalizeWith(values, columns, rowNumber, memos);
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
  return normalizeWith(values, columns, rowNumber, null);
}

function normalizeWith(
  values: readonly unknown[],
  columns: ColumnExtraction,
  rowNumber: number,
  memos: Memos | null,
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
  countryCode ??= country === null ? null : memos ? memos.country.get(country) : countryCodeFromName(country);
  if (!country && countryCode) country = countryName(countryCode);

  const type = text('type');
  const category = text('category') ?? type;
  const city = text('city');
  const fullAddress = text('full_address');
  const placeId = text('place_id');
  const hoursText = text('working_hours');
  const aboutText = text('about');
  const slugOf = (value: string | null) =>
    value === null ? null : memos ? memos.slug.get(value) : slugify(value) || null;

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
    working_hours: hoursText === null ? null : memos ? memos.hours.get(hoursText) : normalHours(hoursText),
    verified: cellBoolean(raw('verified')),
    about: aboutText === null ? null : memos ? memos.about.get(aboutText) : normalAbout(aboutText),
    place_id: placeId,
    url: text('url'),
    category_slug: slugOf(category),
    city_slug: slugOf(city),
  };
}

export function isRejection(row: BusinessRow | RowRejection): row is RowRejection {
  return 'reason' in row;
}
