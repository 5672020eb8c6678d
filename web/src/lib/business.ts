/**
 * Rules of the business detail page (public spec §2, §5) as plain functions, so that the server can
 * render the same title, description and structured data the browser shows.
 */
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
  const rated = b.reviews > 0 ? ` Rated ${b.rating.toFixed(1)} out of 5 from ${plural(b.reviews, 'review')}.` : '';
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

/** The generated About sentence when a business has no text of its own. */
export function aboutFallback(b: Pick<BusinessFacts, 'name' | 'type' | 'category' | 'city'>): string {
  const kind = (b.type?.trim() || b.category?.trim() || 'business').toLowerCase();
  const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
  return `${b.name} is ${article} ${kind}${b.city ? ` in ${b.city}` : ''}.`;
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

/** "9AM-5PM", "9-11:30AM, 6-10PM" or "Open 24 hours" as 24-hour ranges ("09:00-17:00"); null when unreadable. */
export function hourRanges(text: string): string[] | null {
  if (/^open 24 hours$/i.test(text.trim())) return ['00:00-23:59'];
  const ranges: string[] = [];
  for (const part of text.split(',')) {
    const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*(AM|PM)?\s*[-–]\s*(\d{1,2})(?::(\d{2}))?\s*(AM|PM)\s*$/i.exec(part);
    if (!m) return null;
    const to24 = (h: number, meridiem: string) => (h % 12) + (meridiem.toUpperCase() === 'PM' ? 12 : 0);
    const end = to24(Number(m[4]), m[6]);
    // "9-11:30AM": the start shares the end's AM/PM unless that would put it after the end ("11-2PM").
    let start = to24(Number(m[1]), m[3] ?? m[6]);
    if (!m[3] && start * 60 + Number(m[2] ?? 0) > end * 60 + Number(m[5] ?? 0)) start = to24(Number(m[1]), 'AM');
    const pad = (n: number) => String(n).padStart(2, '0');
    ranges.push(`${pad(start)}:${m[2] ?? '00'}-${pad(end)}:${m[5] ?? '00'}`);
  }
  return ranges;
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
  if (b.reviews > 0 && b.rating > 0)
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
