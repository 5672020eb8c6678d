import { canonicalAbout } from '../rules/amenities.js';
import { countryCodeFromName, countryName } from '../rules/countries.js';
import { parseObjectText } from '../rules/json-text.js';
import { parseWorkingHours } from '../rules/opening-hours.js';
import { businessSlug, slugify } from '../rules/slug.js';
import { SKIP_REASONS } from './business-writer.js';
import { cellBoolean, cellNumber, cellText, detach, Memo } from './cells.js';
import type { ColumnExtraction, ImportColumn } from './columns.js';
import { isoCountryCode } from './country-code.js';
import { namedCity } from '../places/city-names.js';
import { hasAddress, isPlaceholderPosition, PlaceFinder } from '../places/place-finder.js';
import type { ImportProblemKind } from '../wire/import-problems.js';
import { BUSINESS_RANGES } from '../wire/admin-businesses.js';

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
  /** IANA zone the business's hours are in (import-only: not one of the spec's exported fields). */
  time_zone: string | null;
  /**
   * Set when the file has no time zone for the row, so `time_zone` was found from the position or the country (or
   * not at all): the writer then keeps a zone stored for the same place (writeBusinesses).
   */
  time_zone_derived?: boolean;
}

export interface RowRejection {
  rowNumber: number;
  reason: string;
  /** What kind of problem it is (core/src/wire/import-problems.ts: the Turkish label and sentence). */
  kind: ImportProblemKind;
  /** Set when the row is left out as not being a business: it is counted as skipped, not as an error. */
  skip?: { name: string; placeId: string | null };
}

/** A value that was out of range or unreadable: what the file held and what was stored instead. */
export interface RowWarning {
  rowNumber: number;
  column: ImportColumn;
  read: string;
  /** What the business holds for it now (null: left empty). */
  stored: string | null;
  reason: string;
}

export type WarningSink = (warning: RowWarning) => void;

interface Memos {
  slug: Memo<string | null>;
  hours: Memo<string | null>;
  about: Memo<string | null>;
  country: Memo<string | null>;
}

/**
 * The stored form of working hours: JSON of weekday -> text ("9-11:30AM, 1-5PM" for a list); null when the text
 * cannot be read. The demo generator stores its hours through it too, so an import of its export changes nothing.
 */
export const normalHours = (text: string) => {
  const hours = parseWorkingHours(text);
  return hours ? JSON.stringify(hours) : null;
};
const normalAbout = canonicalAbout;

/**
 * normalizeRow for the rows of one file, with the per-value work (slugs of categories and cities, parsed
 * opening hours and amenities, country names) done once per distinct value.
 */
export function rowNormalizer(
  columns: ColumnExtraction,
  warn: WarningSink = () => undefined,
  places: PlaceFinder = new PlaceFinder(),
): (values: readonly unknown[], rowNumber: number) => BusinessRow | RowRejection {
  const memos: Memos = {
    slug: new Memo((text) => slugify(text) || null),
    hours: new Memo(normalHours),
    about: new Memo(normalAbout, 5_000),
    country: new Memo(countryCodeFromName),
  };
  return (values, rowNumber) => normalizeWith(values, columns, rowNumber, memos, warn, places);
}

/**
 * Validates and normalises one data row (admin spec §3 columns). A row without a name is rejected with a
 * sentence, a row that is a place rather than a business is skipped with one; a value out of range or
 * unreadable is left empty (or 0, false) and reported to `warn`, so a real file still lands and says what changed.
 */
export function normalizeRow(
  values: readonly unknown[],
  columns: ColumnExtraction,
  rowNumber: number,
  warn: WarningSink = () => undefined,
): BusinessRow | RowRejection {
  return normalizeWith(values, columns, rowNumber, null, warn, new PlaceFinder());
}

/**
 * Categories Google Maps gives places that are not businesses, lower case: "Postal code" (three results of
 * shared/data/real/us_ny_pa_hvac_contractors.xlsx) and "Area" ("Midtown Manhattan" in an admin's file). Towns
 * have none. A row with one of them still lists a business when it has a phone, hours, a rating or a street.
 */
const PLACE_KINDS: ReadonlySet<string> = new Set(['area', 'postal code']);

const MAX_REVIEWS = BUSINESS_RANGES.reviews.max;
const WARNINGS = {
  latitude: 'Latitude must be a number from -90 to 90; the position was left empty.',
  longitude: 'Longitude must be a number from -180 to 180; the position was left empty.',
  halfPosition: 'A position needs both latitude and longitude; the position was left empty.',
  placeholderPosition:
    'A latitude or longitude of exactly 0 is what exports write for a missing one; the position was left empty.',
  seaPosition:
    'The position is in no country (the sea) and the business has no address: exports put businesses that only ' +
    'serve an area there; the position was left empty.',
  rating: 'Rating must be a number from 0 to 5; left empty.',
  reviewsUnreadable: 'The review count is not a number; stored 0.',
  reviewsNegative: 'The review count cannot be negative; stored 0.',
  reviewsTooLarge: `The review count is above ${MAX_REVIEWS}; stored ${MAX_REVIEWS}.`,
  countryCode: 'Not an ISO 3166 country code.',
  countryCodeMapped: 'Not an ISO 3166 alpha-2 code; stored as the alpha-2 code of the same country.',
  hours: 'The opening hours could not be read (expected each weekday with its hours); left empty.',
  about: 'The amenities could not be read (malformed JSON); left empty.',
  verified: 'Expected true or false (yes/no, 1/0); stored false.',
  timeZone: 'Not an IANA time zone (such as Europe/Zurich).',
} as const;

function normalizeWith(
  values: readonly unknown[],
  columns: ColumnExtraction,
  rowNumber: number,
  memos: Memos | null,
  warn: WarningSink,
  places: PlaceFinder,
): BusinessRow | RowRejection {
  const raw = (column: ImportColumn): unknown => {
    const index = columns.indexes[column];
    return index === undefined ? undefined : values[index];
  };
  const text = (column: ImportColumn) => cellText(raw(column));
  const report = (column: ImportColumn, stored: unknown, reason: string) =>
    warn({
      rowNumber,
      column,
      read: detach(cellText(raw(column)) ?? String(raw(column))),
      stored: stored === null ? null : String(stored),
      reason,
    });

  const name = text('name');
  if (!name) return { rowNumber, kind: 'name-empty', reason: 'The name is empty; every business needs a name.' };
  if (name.length > 500) return { rowNumber, kind: 'name-too-long', reason: 'The name is longer than 500 characters.' };

  const fullAddress = text('full_address');
  const street = text('street');
  const addressed = hasAddress({ full_address: fullAddress, street });
  const [latitude, longitude] = position(raw('latitude'), raw('longitude'), addressed, report);
  const rating = ratingOf(raw('rating'), report);
  const reviews = reviewsOf(raw('reviews'), report);

  const codeText = text('country_code');
  const isoCode = codeText === null ? null : isoCountryCode(codeText);
  let country = text('country');
  const countryCode =
    isoCode ?? (country === null ? null : memos ? memos.country.get(country) : countryCodeFromName(country));
  if (codeText !== null && isoCode === null)
    report(
      'country_code',
      countryCode,
      `${WARNINGS.countryCode} ${countryCode ? 'Read from the country.' : 'Left empty.'}`,
    );
  // "USA" and "UK" are stored as another code ("US", "GB"), so they are reported like any value not stored as
  // read; "us" is not: the same code in lower case (a warning on every row of such a file would bury the rest).
  else if (codeText !== null && isoCode !== codeText.toUpperCase())
    report('country_code', isoCode, WARNINGS.countryCodeMapped);
  if (!country && countryCode) country = countryName(countryCode);

  const type = text('type');
  const category = text('category') ?? type;
  const phone = text('phone');
  const url = text('url');
  const placeId = text('place_id');
  const hoursText = text('working_hours');
  const aboutText = text('about');
  const slugOf = (value: string | null) =>
    value === null ? null : memos ? memos.slug.get(value) : slugify(value) || null;

  const looksLikeExport = columns.indexes.category !== undefined || columns.indexes.type !== undefined;
  // A website does not count: towns have one too; nor does a category that is a kind of place.
  const trade = [category, type].find((kind) => kind !== null && !PLACE_KINDS.has(kind.toLowerCase())) ?? null;
  const listed = trade ?? phone ?? hoursText ?? rating ?? (reviews > 0 ? reviews : null);
  if (looksLikeExport && listed === null && !hasStreetAddress(street, fullAddress))
    return {
      rowNumber,
      kind: 'not-a-business',
      reason: SKIP_REASONS.notABusiness,
      skip: { name: detach(name), placeId },
    };

  const workingHours = hoursText === null ? null : memos ? memos.hours.get(hoursText) : normalHours(hoursText);
  if (hoursText !== null && workingHours === null && !/^\{\s*\}$/.test(hoursText))
    report('working_hours', null, WARNINGS.hours);
  const about = aboutText === null ? null : memos ? memos.about.get(aboutText) : normalAbout(aboutText);
  if (aboutText !== null && about === null && aboutText.startsWith('{') && parseObjectText(aboutText) === null)
    report('about', null, WARNINGS.about);
  const verified = cellBoolean(raw('verified'));
  if (verified === null) report('verified', false, WARNINGS.verified);

  const place = places.complete({
    city: text('city'),
    postal_code: text('postal_code'),
    country,
    country_code: countryCode,
    full_address: fullAddress,
    street,
    latitude,
    longitude,
    timeZone: text('time_zone'),
  });
  if (place.timeZoneUnreadable)
    report(
      'time_zone',
      place.time_zone,
      `${WARNINGS.timeZone} ${place.time_zone ? 'Found from the position or the country.' : 'Left empty.'}`,
    );
  const city = place.city;
  // The slug names the city as GeoNames does, whatever the file's spelling: the canonicalisation after the
  // write may store another spelling (canonical/), and an export of it imported again gives the same slug.
  const slugCity =
    city !== null && place.country_code !== null
      ? (namedCity(city, place.country_code, latitude !== null && longitude !== null ? { latitude, longitude } : null)
          ?.name ?? city)
      : city;

  return {
    name,
    slug: businessSlug(name, slugCity, placeId ?? `${name}|${fullAddress ?? ''}`),
    category,
    type,
    full_address: fullAddress,
    street,
    city,
    postal_code: place.postal_code,
    country: place.country,
    country_code: place.country_code,
    phone,
    latitude,
    longitude,
    rating,
    reviews,
    reviews_link: text('reviews_link'),
    photo: text('photo'),
    logo: text('logo'),
    located_in: text('located_in'),
    working_hours: workingHours,
    verified: verified === true,
    about,
    place_id: placeId,
    url,
    category_slug: slugOf(category),
    city_slug: slugOf(city),
    time_zone: place.time_zone,
    time_zone_derived: text('time_zone') === null,
  };
}

type Report = (column: ImportColumn, stored: unknown, reason: string) => void;

/** Latitude and longitude, both kept or both left empty. */
function position(
  latitudeCell: unknown,
  longitudeCell: unknown,
  hasAddress: boolean,
  report: Report,
): [number | null, number | null] {
  const latitude = cellNumber(latitudeCell);
  const longitude = cellNumber(longitudeCell);
  if (latitude === undefined && longitude === undefined) return [null, null];
  const latitudeOk = latitude !== undefined && Math.abs(latitude) <= 90;
  const longitudeOk = longitude !== undefined && Math.abs(longitude) <= 180;
  if (latitudeOk && longitudeOk) {
    if (!isPlaceholderPosition(latitude, longitude, hasAddress)) return [latitude, longitude];
    // Not stored either: it would pin the business on a map and in radius searches where it is not.
    const zero = latitude === 0 || longitude === 0;
    report(
      latitude !== 0 && longitude === 0 ? 'longitude' : 'latitude',
      null,
      zero ? WARNINGS.placeholderPosition : WARNINGS.seaPosition,
    );
    return [null, null];
  }
  if (latitude !== undefined) report('latitude', null, latitudeOk ? WARNINGS.halfPosition : WARNINGS.latitude);
  if (longitude !== undefined) report('longitude', null, longitudeOk ? WARNINGS.halfPosition : WARNINGS.longitude);
  return [null, null];
}

function ratingOf(cell: unknown, report: Report): number | null {
  const rating = cellNumber(cell);
  if (rating === undefined) return null;
  if (rating >= 0 && rating <= 5) return rating;
  report('rating', null, WARNINGS.rating);
  return null;
}

function reviewsOf(cell: unknown, report: Report): number {
  const reviews = cellNumber(cell);
  if (reviews === undefined) return 0;
  if (Number.isNaN(reviews)) report('reviews', 0, WARNINGS.reviewsUnreadable);
  else if (reviews < 0) report('reviews', 0, WARNINGS.reviewsNegative);
  else if (reviews > MAX_REVIEWS) report('reviews', MAX_REVIEWS, WARNINGS.reviewsTooLarge);
  else return Math.round(reviews);
  return reviews > MAX_REVIEWS ? MAX_REVIEWS : 0;
}

/** A street, or an address whose first part holds a house number: what a town or an area result lacks. */
function hasStreetAddress(street: string | null, fullAddress: string | null): boolean {
  if (street) return true;
  if (!fullAddress) return false;
  const comma = fullAddress.indexOf(',');
  return /\d/.test(comma === -1 ? fullAddress : fullAddress.slice(0, comma));
}

/** The kind of problem a warning about `column` is (latitude and longitude make one position). */
export function warningKind(column: ImportColumn): ImportProblemKind {
  switch (column) {
    case 'latitude':
    case 'longitude':
      return 'position';
    case 'rating':
      return 'rating';
    case 'reviews':
      return 'reviews';
    case 'country_code':
      return 'country-code';
    case 'working_hours':
      return 'working-hours';
    case 'about':
      return 'about';
    case 'verified':
      return 'verified';
    default:
      return 'time-zone';
  }
}

export function isRejection(row: BusinessRow | RowRejection): row is RowRejection {
  return 'reason' in row;
}
