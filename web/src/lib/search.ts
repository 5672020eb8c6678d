import type { SearchListing } from '@directory/core/wire/listing.js';
import type { FacetCount, SearchAlternatives, SuggestAnswer, Suggestions } from '@directory/core/wire/search.js';
import { type Paged, SEARCH_MAX_PAGE } from '@directory/core/wire/paging.js';
import { typedOpenNow } from '@directory/core/rules/typed-filters.js';
import { plural } from './format.js';

/** One search hit: a listing plus what the search page and its map need (the api's SearchListing). */
export type Hit = SearchListing;

/** A facet value with its count: category slug, country ISO code, or city slug (with its countryCode). */
export type Facet = FacetCount;
export type { SuggestAnswer, Suggestions };

export interface SearchResponse extends Paged {
  businesses: Hit[];
  facets: { category: Facet[]; country: Facet[]; city: Facet[] };
  /** True when totalCount and the facet counts are exact; false when they are estimates ("about N"). */
  exhaustive: boolean;
  processingTimeMs: number;
  /** Only when nothing was found on page 1: what to try instead. */
  alternatives: SearchAlternatives | null;
}

export const SORTS = ['relevance', 'rating', 'reviews', 'distance', 'name'] as const;
export type Sort = (typeof SORTS)[number];
export const PAGE_SIZE = 20;
export const RATINGS = [3, 3.5, 4, 4.5] as const;
export const RADII = [1, 5, 10, 25, 50, 100] as const;

/** A latitude/longitude box in degrees (the map's view); west > east crosses the antimeridian. */
export interface GeoBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The whole search, as it lives in the address bar. Empty strings and undefined mean "not set". */
export interface SearchState {
  q: string;
  location: string;
  category: string;
  country: string;
  city: string;
  minRating?: number;
  openNow: boolean;
  lat?: number;
  lng?: number;
  radiusKm?: number;
  /** "Search this area": only places inside the map's view (bbox=south,west,north,east). */
  bbox?: GeoBox;
  sort: Sort;
  page: number;
}

function numberIn(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

/** Reads the state from the query string, dropping values the api would refuse (so a bad link still searches). */
export function parseSearch(params: URLSearchParams): SearchState {
  const text = (name: string, max = 200) => (params.get(name) ?? '').trim().slice(0, max);
  const lat = numberIn(params.get('lat'), -90, 90);
  const lng = numberIn(params.get('lng'), -180, 180);
  const hasPoint = lat !== undefined && lng !== undefined;
  const rawSort = params.get('sort') as Sort | null;
  let sort: Sort = rawSort && SORTS.includes(rawSort) ? rawSort : 'relevance';
  if (sort === 'distance' && !hasPoint) sort = 'relevance';
  const page = numberIn(params.get('page'), 1, SEARCH_MAX_PAGE);
  const country = text('country').toUpperCase();
  // "pizza open now" typed: the words, with the "Open now" box ticked.
  const typed = typedOpenNow(text('q'));
  return {
    q: typed.q,
    location: text('location'),
    category: text('category'),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    city: text('city'),
    minRating: numberIn(params.get('minRating'), 0, 5) || undefined,
    openNow: params.get('openNow') === 'true' || typed.openNow,
    lat: hasPoint ? lat : undefined,
    lng: hasPoint ? lng : undefined,
    radiusKm: hasPoint ? numberIn(params.get('radiusKm'), 0.1, 20_000) : undefined,
    bbox: parseBox(params.get('bbox')),
    sort,
    page: page && Number.isInteger(page) ? page : 1,
  };
}

/** The query string for the address bar: only what is set, in a stable order, so equal searches share a link. */
export function searchToParams(state: Partial<SearchState>): URLSearchParams {
  const out = new URLSearchParams();
  const put = (name: string, value: string | number | undefined | false) => {
    if (value !== undefined && value !== '' && value !== false) out.set(name, String(value));
  };
  put('q', state.q?.trim());
  put('location', state.location?.trim());
  put('category', state.category);
  put('country', state.country);
  put('city', state.city);
  put('minRating', state.minRating);
  put('openNow', state.openNow ? 'true' : undefined);
  const hasPoint = state.lat !== undefined && state.lng !== undefined;
  if (hasPoint) {
    put('lat', state.lat);
    put('lng', state.lng);
    put('radiusKm', state.radiusKm);
  }
  if (state.bbox) put('bbox', [state.bbox.south, state.bbox.west, state.bbox.north, state.bbox.east].join(','));
  if (state.sort && state.sort !== 'relevance' && (state.sort !== 'distance' || hasPoint)) put('sort', state.sort);
  if (state.page && state.page > 1) put('page', state.page);
  return out;
}

/** "south,west,north,east" as the api accepts it (four numbers in range, south < north), else undefined. */
export function parseBox(raw: string | null): GeoBox | undefined {
  const parts = raw?.split(',') ?? [];
  if (parts.length !== 4 || parts.some((p) => !/^\s*-?\d+(\.\d+)?\s*$/.test(p))) return undefined;
  const [south, west, north, east] = parts.map(Number);
  const inRange = Math.abs(south) <= 90 && Math.abs(north) <= 90 && Math.abs(west) <= 180 && Math.abs(east) <= 180;
  return inRange && south < north ? { south, west, north, east } : undefined;
}

/**
 * A map's view as a box for the address: each edge rounded to about 100 m (roundCoordinate), longitudes brought
 * into -180..180 (a view wider than the world is all of it), latitudes within ±90.
 */
export function viewBox(view: GeoBox): GeoBox {
  const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
  const whole = view.east - view.west >= 360;
  const clamp = (lat: number) => Math.max(-90, Math.min(90, roundCoordinate(lat)));
  const south = clamp(view.south);
  let north = clamp(view.north);
  if (north <= south) north = Math.min(90, south + 0.001);
  return {
    south,
    north,
    west: whole ? -180 : roundCoordinate(wrap(view.west)),
    east: whole ? 180 : roundCoordinate(view.east === 180 ? 180 : wrap(view.east)),
  };
}

/** A picked category: its page, or with a location typed, the search of that category in it. */
export function categoryTarget(slug: string, location: string | undefined): string {
  const where = location?.trim();
  return where
    ? `/search?${searchToParams({ category: slug, location: where })}`
    : `/categories/${encodeURIComponent(slug)}`;
}

/**
 * The search of exactly what a count beside a link counts (a category's businesses in a country, or in a city of
 * it): its total is that count, where the category's or the country's own page would show more.
 */
export function countedSearchHref(counted: { category: string; countryCode: string; city?: string }): string {
  return searchHref({ category: counted.category, country: counted.countryCode.toUpperCase(), city: counted.city });
}

/** "pizza in Zürich" picked from the suggestions: a search of the words in that city. */
export function searchInCityTarget(q: string, city: { slug: string; countryCode: string }): string {
  return `/search?${searchToParams({ q, country: city.countryCode, city: city.slug })}`;
}

/** The api call for a state (page size fixed at PAGE_SIZE). */
export function searchApiUrl(state: SearchState): string {
  const params = searchToParams(state);
  if (!params.has('page')) params.set('page', '1');
  params.set('limit', String(PAGE_SIZE));
  return `/api/search?${params}`;
}

/** A link to /search for a keyword and place, as the other pages' search boxes send. */
export function searchHref(state: Partial<SearchState> = {}): string {
  const query = searchToParams(state).toString();
  return query ? `/search?${query}` : '/search';
}

/** Rounds a coordinate to about 100 m: enough to sort by distance, without putting the exact spot in a shared link. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** An estimate to three figures, as the visitor reads it: 28,633 → "28,600". */
function rounded(estimate: number): string {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, estimate))) - 2);
  return (Math.round(estimate / step) * step).toLocaleString('en-US');
}

/** Beyond its exact count the engine estimates the total: shown rounded, as "About 28,600 results". */
export function resultCount(total: number, exhaustive: boolean): string {
  if (!exhaustive) return `About ${rounded(total)} results`;
  return plural(total, 'result');
}

/**
 * A facet value's count, as the search a click on it finds: exact when the answer is exhaustive, else an estimate
 * within 2 %, said to be one ("about 1,230"); none when the engine did not count it (null).
 */
export function facetCount(count: number | null, exhaustive: boolean): string | null {
  if (count === null) return null;
  return exhaustive ? count.toLocaleString('en-US') : `about ${rounded(count)}`;
}

export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${km < 10 ? km.toFixed(1) : Math.round(km).toLocaleString('en-US')} km`;
}

/**
 * The sentence a failed search shows: the api's 400 answers carry `{message: [...]}` after the status (see
 * request() in api.ts), a 429 (too many searches from this address) its sentence; anything else reads as a
 * general failure. `invalid`: the search itself cannot run; `limited`: it can, a little later.
 */
export function searchErrorMessage(error: unknown): { invalid: boolean; limited: boolean; text: string } {
  const raw = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(raw);
  if (!match || (match[1] !== '400' && match[1] !== '429')) return { invalid: false, limited: false, text: raw };
  let messages: string[] = [];
  try {
    const body = JSON.parse(match[2]) as { message?: string | string[] };
    messages = Array.isArray(body.message) ? body.message : body.message ? [body.message] : [];
  } catch {
    // not JSON: the raw text below
  }
  const text = messages.length ? messages.join('; ') : match[2];
  return { invalid: match[1] === '400', limited: match[1] === '429', text };
}
