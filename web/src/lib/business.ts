/**
 * Rules of the business detail page (public spec §2, §5) as plain functions, so that the server can
 * render the same title, description and structured data the browser shows.
 */
import { MINUTES_PER_DAY, readDay } from '@directory/core/rules/week-hours.js';
import { typeInSentence } from './proper-adjectives.js';
import { isRated } from './rating.js';

export const SITE_NAME = 'WorldBiz Directory';

export interface BusinessFacts {
  name: string;
  slug: string;
  type: string | null;
  category: string | null;
  rating: number;
  reviews: number;
  city: string | null;
  countryCode: string | null;
  fullAddress: string | null;
  phone: string | null;
  photo: string | null;
  latitude: number | null;
  longitude: number | null;
  workingHours?: Record<string, string> | null;
}

const kindOf = (b: Pick<BusinessFacts, 'type' | 'category'>) => b.type?.trim() || b.category?.trim() || 'Business';

/** '{name} - {type} | {site name}' (public spec §2). */
export function businessTitle(b: BusinessFacts, siteName = SITE_NAME): string {
  return `${b.name} - ${kindOf(b)} | ${siteName}`;
}

/** Built from name, type, city, country code, rating and review count; missing parts are left out. */
export function businessDescription(b: BusinessFacts): string {
  const place = [b.city, b.countryCode].filter((part) => part?.trim()).join(', ');
  // No rating (0) says nothing; a rating without a known count (0 reviews) says no count.
  const from = b.reviews > 0 ? ` from ${plural(b.reviews, 'review')}` : '';
  const rated = isRated(b.rating) ? ` Rated ${b.rating.toFixed(1)} out of 5${from}.` : '';
  return `${b.name} - ${kindOf(b)}${place ? ` in ${place}` : ''}.${rated}`;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Public spec §5: invalid latitude or longitude skips the map (0,0 is the importers' "unknown"). */
export function hasValidCoordinates(latitude: unknown, longitude: unknown): boolean {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return false;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return false;
  return !(latitude === 0 && longitude === 0);
}

/** The generated About sentence when a business has no text of its own ("Zunfthaus is a Swiss restaurant in Zürich."). */
export function aboutFallback(b: Pick<BusinessFacts, 'name' | 'type' | 'category' | 'city'>): string {
  const kind = typeInSentence(b.type?.trim() || b.category?.trim() || 'business');
  return `${b.name} is ${articleFor(kind)} ${kind}${b.city ? ` in ${b.city}` : ''}.`;
}

/**
 * "a" or "an" by the sound of the first word: a word in capitals is read letter by letter ("an HVAC contractor",
 * "an ATM", "a BMW dealer"), any other word by its first letter ("an art gallery").
 */
function articleFor(kind: string): 'a' | 'an' {
  const first = kind.split(/\s/)[0];
  if (/^\p{Lu}[\p{Lu}\d-]+$/u.test(first)) return /^[AEFHILMNORSX]/.test(first) ? 'an' : 'a';
  return /^[aeiou]/i.test(kind) ? 'an' : 'a';
}

/** Get Directions: the maps service's documented link to one place by its place id. */
export function directionsUrl(placeId: string, name: string): string {
  const params = new URLSearchParams({ api: '1', query: name, query_place_id: placeId });
  return `https://www.google.com/maps/search/?${params}`;
}

const DAY_CODES: Record<string, string> = {
  Monday: 'Mo',
  Tuesday: 'Tu',
  Wednesday: 'We',
  Thursday: 'Th',
  Friday: 'Fr',
  Saturday: 'Sa',
  Sunday: 'Su',
};

/**
 * "9AM-5PM", "9-11:30AM, 6-10PM", "6PM-2AM" or "Open 24 hours" as 24-hour ranges ("09:00-17:00", "18:00-02:00"),
 * read by core's hours rule (the one the badge and the search filter use); null when unreadable.
 */
export function hourRanges(text: string): string[] | null {
  const ranges = readDay(text);
  if (!ranges) return null;
  const clock = (minutes: number) => {
    const m = minutes % MINUTES_PER_DAY;
    return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  };
  return ranges.map(([start, end]) =>
    start === 0 && end === MINUTES_PER_DAY ? '00:00-23:59' : `${clock(start)}-${clock(end)}`,
  );
}

/** schema.org openingHours ("Mo 09:00-17:00") of the days whose text is readable; closed days are left out. */
export function openingHours(hours: Record<string, string> | null | undefined): string[] {
  return Object.entries(hours ?? {}).flatMap(([day, text]) => {
    const code = DAY_CODES[day];
    if (!code || /^closed$/i.test(text.trim())) return [];
    return (hourRanges(text) ?? []).map((range) => `${code} ${range}`);
  });
}

/**
 * schema.org LocalBusiness of the page (what search engines read), with the parts that are known; opening
 * hours in schema.org's "Mo 09:00-17:00" form for the days whose stored text ("9AM-5PM") reads as times.
 */
export function businessJsonLd(b: BusinessFacts, pageUrl?: string): Record<string, unknown> {
  const data: Record<string, unknown> = { '@context': 'https://schema.org', '@type': 'LocalBusiness', name: b.name };
  if (pageUrl) data.url = pageUrl;
  if (b.photo) data.image = b.photo;
  if (b.phone) data.telephone = b.phone;
  if (b.fullAddress) {
    data.address = {
      '@type': 'PostalAddress',
      streetAddress: b.fullAddress,
      ...(b.city ? { addressLocality: b.city } : {}),
      ...(b.countryCode ? { addressCountry: b.countryCode } : {}),
    };
  }
  if (hasValidCoordinates(b.latitude, b.longitude))
    data.geo = { '@type': 'GeoCoordinates', latitude: b.latitude, longitude: b.longitude };
  const hours = openingHours(b.workingHours);
  if (hours.length) data.openingHours = hours;
  // schema.org's AggregateRating needs a rating and its count: none for an unrated business or an unknown count.
  if (b.reviews > 0 && isRated(b.rating))
    data.aggregateRating = { '@type': 'AggregateRating', ratingValue: b.rating, reviewCount: b.reviews };
  return data;
}

/**
 * JSON for a <script type="application/ld+json"> element: '<' is escaped so that imported text such as
 * "</script>" cannot end the element early and inject markup.
 */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
