import { countryCodeOfName, typedOpenNow } from '@directory/core';
import type { GeoBounds, SearchQuery, SearchSort } from './search-engine.js';

/**
 * Folding the visitor's text the way search_fold() (migration SearchOutbox: lower(unaccent(x))) folds
 * the stored text, so JS-built filter values match SQL-built terms. unaccent expands a few letters that
 * NFKD keeps whole; the table covers the common ones.
 */
const EXPANSIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

export function fold(text: string): string {
  return text
    .replace(/[ßæÆœŒøØłŁđĐðþı]/g, (c) => EXPANSIONS[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The least string above every string that begins with `prefix`, in code point order (which is UTF-8 byte
 * order, and so collation "C" and text_pattern_ops): its last character that has a successor, incremented.
 * (A prefix of U+10FFFF only has none: then that character again, which bounds all but longer runs of it.)
 */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  while (chars.length > 0) {
    const last = chars.pop()!.codePointAt(0)!;
    // Past the surrogates, which are no characters of their own.
    if (last < 0x10ffff) return chars.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return `${prefix}\u{10FFFF}`;
}

/**
 * What separates words: punctuation, symbols, spaces, control or unassigned code points, and the marks that only
 * dress a symbol (enclosing marks, variation selectors: "⚡️", "®️", "1️⃣"). Everything else (letters, their marks,
 * digits) is part of a word, so "N.A.", "A/C", "McDonald's", "co-op" and "x.com" are cut at
 * the dot, slash, apostrophe, hyphen. The PostgreSQL engine's search_words() is generated from this class
 * (postgres/words.ts), so documents and queries are cut alike.
 */
export const WORD_SEPARATOR = /[\p{P}\p{S}\p{Z}\p{C}\p{Me}\p{Variation_Selector}]/u;
const WORD_SEPARATORS = new RegExp(`${WORD_SEPARATOR.source}+`, 'u');

/** The folded words of a text, cut at WORD_SEPARATOR. */
export function searchWords(text: string): string[] {
  return fold(text).split(WORD_SEPARATORS).filter(Boolean);
}

/** Words of a query (searchWords), at most ten. */
export function queryWords(q: string | undefined): string[] {
  return q ? searchWords(q).slice(0, 10) : [];
}

/**
 * Words that join what is sought to where it is sought ("gyms in Hyderabad", "restaurants near Zürich", "cafés en
 * Madrid", "pizzeria da Michele"), folded as queryWords folds them, longest first.
 */
const CONNECTORS: readonly (readonly string[])[] = [
  ['close', 'to'],
  ['next', 'to'],
  ['pres', 'de'],
  ['cerca', 'de'],
  ['in'],
  ['near'],
  ['nearby'],
  ['around'],
  ['at'],
  ['bei'],
  ['im'],
  ['nahe'],
  ['en'],
  ['dans'],
  ['de'],
  ['da'],
  ['yakininda'],
];

/** Words that say which of what is sought the visitor prefers ("best pizza", "top gyms in Hyderabad"). */
const QUALIFIERS = new Set(['best', 'top', 'good', 'great', 'cheap', 'nice', 'affordable', 'popular']);

/**
 * The words a match must hold: qualifiers beginning the query are none of them, nor is a connector between two
 * other words, nor "near me" ending the query (nothing else tells where the visitor is). A business whose name holds
 * them still ranks first: the exact-name tier compares names with the words as typed.
 */
export function matchedWords(words: readonly string[]): string[] {
  const nearMe = words.length > 2 && words.at(-2) === 'near' && words.at(-1) === 'me';
  let sought = nearMe ? words.slice(0, -2) : words;
  while (sought.length > 1 && QUALIFIERS.has(sought[0])) sought = sought.slice(1);
  const kept: string[] = [];
  for (let i = 0; i < sought.length;) {
    const connector =
      kept.length > 0
        ? CONNECTORS.find((c) => i + c.length < sought.length && c.every((w, j) => sought[i + j] === w))
        : undefined;
    if (connector) i += connector.length;
    else kept.push(sought[i++]);
  }
  return kept;
}

/**
 * "pizza in zu": what is sought and the beginning of the place typed after the last connector (CONNECTORS), as
 * typed; null when no connector stands between words. Autocomplete suggests the places that beginning names.
 */
export function placeAfterConnector(q: string): { sought: string; place: string } | null {
  const tokens = q.trim().split(/\s+/).filter(Boolean);
  const folded = tokens.map((token) => fold(token));
  // The place begins at `place`; the longest connector ending just before it wins ("près de", not "de").
  for (let place = tokens.length - 1; place >= 2; place--) {
    const connector = CONNECTORS.find(
      (c) => place - c.length >= 1 && c.every((word, j) => folded[place - c.length + j] === word),
    );
    if (connector)
      return { sought: tokens.slice(0, place - connector.length).join(' '), place: tokens.slice(place).join(' ') };
  }
  return null;
}

/**
 * A location becomes one group of alternatives per comma-separated part; a business matches when every
 * group has a term in its location_terms. A country name also matches by its code ("Germany" → "de", "UK" → "gb",
 * "USA" → "us").
 */
export function locationGroups(location: string | undefined): string[][] {
  if (!location) return [];
  return location
    .split(',')
    .map((part) => fold(part).replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((part) => {
      const code = countryCodeOfName(part)?.toLowerCase();
      return code && code !== part ? [part, code] : [part];
    });
}

export interface NormalizedQuery extends Omit<SearchQuery, 'page' | 'limit' | 'sort' | 'now' | 'bounds'> {
  page: number;
  limit: number;
  sort: SearchSort;
  /** The words a match must hold (matchedWords). */
  words: string[];
  /** Every word as typed (queryWords), which the exact-name tier compares names with. */
  typedWords: string[];
  locationGroups: string[][];
  /** The instant openNow (the filter and the hits' flag) is judged at. */
  now: Date;
  geo: { lat: number; lng: number; radiusKm?: number } | null;
  /** The query's box when valid (validBounds), else none. */
  bounds: GeoBounds | null;
}

export const MAX_LIMIT = 100;

/** Defaults and bounds shared by both engines, so the same query means the same thing to each. */
export function normalizeQuery(query: SearchQuery): NormalizedQuery {
  const finite = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);
  const lat = finite(query.lat);
  const lng = finite(query.lng);
  const geo =
    lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
      ? { lat, lng, radiusKm: finite(query.radiusKm) && query.radiusKm! > 0 ? query.radiusKm : undefined }
      : null;
  const sort = query.sort === 'distance' && !geo ? 'relevance' : (query.sort ?? 'relevance');
  const text = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);
  // "pizza open now" is a search of "pizza" open now (typedOpenNow).
  const typed = typedOpenNow(query.q ?? '');
  return {
    q: text(typed.q),
    location: text(query.location),
    category: text(query.category)?.toLowerCase(),
    country: text(query.country)?.toUpperCase(),
    city: text(query.city)?.toLowerCase(),
    minRating: finite(query.minRating),
    openNow: query.openNow === true || typed.openNow,
    page: Math.max(1, Math.floor(finite(query.page) ?? 1)),
    limit: Math.min(MAX_LIMIT, Math.max(1, Math.floor(finite(query.limit) ?? 20))),
    sort,
    words: matchedWords(queryWords(typed.q)),
    typedWords: queryWords(typed.q),
    locationGroups: locationGroups(query.location),
    now: query.now ?? new Date(),
    geo,
    bounds: validBounds(query.bounds),
  };
}

/** The box when its corners are finite degrees in range with south <= north; else null (no box). */
export function validBounds(bounds: GeoBounds | undefined): GeoBounds | null {
  if (!bounds) return null;
  const { south, west, north, east } = bounds;
  const within = (n: number, limit: number) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit;
  if (!within(south, 90) || !within(north, 90) || !within(west, 180) || !within(east, 180) || south > north)
    return null;
  return { south, west, north, east };
}

/**
 * The box as [west, south, east, north] boxes that do not cross the antimeridian: one, or two when west > east
 * (from west to 180 and from -180 to east).
 */
export function unwrappedBoxes({ south, west, north, east }: GeoBounds): [number, number, number, number][] {
  return west <= east
    ? [[west, south, east, north]]
    : [
        [west, south, 180, north],
        [-180, south, east, north],
      ];
}

/** Great-circle distance, the same formula the PostgreSQL engine runs in SQL. */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
export const EARTH_RADIUS_KM = 6371;

/** Facet keys both engines produce ("slug\u001flabel"), merged into {value, label, count}. */
export const FACET_SEPARATOR = '\u001f';

/** A word of this many letters may hold one typo; from TWO_TYPOS_FROM letters, two (both engines count alike). */
export const TYPO_MIN_LETTERS = 5;
export const TWO_TYPOS_FROM = 9;

/** Edits a word may hold and still stand for a word of the index. */
export function typosAllowed(word: string): number {
  return word.length >= TWO_TYPOS_FROM ? 2 : word.length >= TYPO_MIN_LETTERS ? 1 : 0;
}
