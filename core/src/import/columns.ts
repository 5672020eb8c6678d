import { createHash } from 'node:crypto';
import { fieldsExcept } from '../export/business-fields.js';

/**
 * The 23 import columns: the 27 business fields (admin spec §3) less the four the database assigns, and
 * the header names real files use for them: Google-Maps exports (both Outscraper layouts) and the sample
 * upload template. Headers match case-, space-, dash- and underscore-insensitively.
 */
export const IMPORT_COLUMNS = fieldsExcept(['id', 'slug', 'created_at', 'updated_at']);
/**
 * Columns read when a file has them but not among the spec's 27 fields, so neither exported nor counted in
 * the column report: the business's IANA time zone (Google-Maps exports have it; otherwise it is found from
 * the coordinates or the country, see PlaceFinder).
 */
export const EXTRA_IMPORT_COLUMNS = ['time_zone'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number] | (typeof EXTRA_IMPORT_COLUMNS)[number];

/** Accepted header names per column, most specific first (a file may hold several; the first found wins). */
const ALIASES: Record<ImportColumn, string[]> = {
  name: ['name', 'business_name', 'title'],
  category: ['category', 'main_category'],
  type: ['type', 'subtypes'],
  full_address: ['full_address', 'address', 'formatted_address'],
  street: ['street', 'street_address'],
  city: ['city', 'town'],
  postal_code: ['postal_code', 'postcode', 'zip', 'zip_code'],
  country: ['country'],
  country_code: ['country_code', 'countrycode'],
  phone: ['phone', 'phone_number', 'telephone'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lng', 'lon'],
  rating: ['rating', 'stars'],
  reviews: ['reviews', 'review_count', 'reviewcount', 'reviews_count'],
  reviews_link: ['reviews_link', 'reviews_url'],
  photo: ['photo', 'image', 'image_url'],
  logo: ['logo'],
  located_in: ['located_in'],
  working_hours: ['working_hours', 'workinghours', 'opening_hours', 'hours'],
  verified: ['verified', 'is_verified'],
  about: ['about', 'amenities'],
  place_id: ['place_id', 'placeid', 'google_id'],
  url: ['url', 'site', 'website'],
  time_zone: ['time_zone', 'timezone', 'tz'],
};

/** Column -> the header it is read from (null: not read), as the admin chooses it in the import preview. */
export type ColumnMapping = Partial<Record<ImportColumn, string | null>>;

/** Every column an import reads, in the order the preview lists them. */
export const IMPORT_TARGETS: readonly ImportColumn[] = [...IMPORT_COLUMNS, ...EXTRA_IMPORT_COLUMNS];

/** The full mapping a column extraction amounts to (every column, null where none is read). */
export function mappingOf(columns: ColumnExtraction, headers: readonly string[]): Record<ImportColumn, string | null> {
  const mapping = {} as Record<ImportColumn, string | null>;
  for (const column of IMPORT_TARGETS) {
    const index = columns.indexes[column];
    mapping[column] = index === undefined ? null : headers[index];
  }
  return mapping;
}

/**
 * The two Outscraper layouts (SOURCES.md): classic has `site` and `full_address`, the newer one `website` and
 * `address`; anything else is another layout.
 */
export function detectLayout(headers: readonly string[]): 'classic' | 'newer' | 'other' {
  const has = new Set(headers.map((h) => fold(h)));
  if (has.has('site') && has.has('fulladdress')) return 'classic';
  if (has.has('website') && has.has('address') && !has.has('fulladdress')) return 'newer';
  return 'other';
}

/** A layout's key: its header row, folded, in order (a file with the same headers gets the same mapping). */
export function headerSignature(headers: readonly string[]): string {
  return createHash('sha256')
    .update(headers.map((h) => fold(h)).join('\n'))
    .digest('hex');
}

const fold = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');

export interface ColumnExtraction {
  /** Column -> index of the header cell it was read from. */
  indexes: Partial<Record<ImportColumn, number>>;
  extractedCount: number;
  totalColumns: number;
  /** Percentage of the 23 columns found, one decimal. */
  extractionRate: number;
  successful: (typeof IMPORT_COLUMNS)[number][];
  missing: (typeof IMPORT_COLUMNS)[number][];
}

/**
 * Which header each column is read from: by the aliases above, except for the columns `mapping` names (the
 * admin's choice in the import preview: a header of the file, or null for "not read"). A mapped header the
 * file does not have leaves the column unread.
 */
export function mapColumns(headers: readonly unknown[], mapping: ColumnMapping = {}): ColumnExtraction {
  const positions = new Map<string, number>();
  const exact = new Map<string, number>();
  headers.forEach((header, index) => {
    const text = String(header ?? '');
    const key = fold(text);
    if (key && !positions.has(key)) positions.set(key, index);
    if (!exact.has(text)) exact.set(text, index);
  });
  const indexes: Partial<Record<ImportColumn, number>> = {};
  for (const column of [...IMPORT_COLUMNS, ...EXTRA_IMPORT_COLUMNS]) {
    if (column in mapping) {
      const source = mapping[column];
      const index = source === null || source === undefined ? undefined : exact.get(source);
      if (index !== undefined) indexes[column] = index;
      continue;
    }
    for (const alias of ALIASES[column]) {
      const index = positions.get(fold(alias));
      if (index !== undefined) {
        indexes[column] = index;
        break;
      }
    }
  }
  const successful = IMPORT_COLUMNS.filter((c) => indexes[c] !== undefined);
  const missing = IMPORT_COLUMNS.filter((c) => indexes[c] === undefined);
  return {
    indexes,
    extractedCount: successful.length,
    totalColumns: IMPORT_COLUMNS.length,
    extractionRate: Math.round((successful.length / IMPORT_COLUMNS.length) * 1000) / 10,
    successful,
    missing,
  };
}
