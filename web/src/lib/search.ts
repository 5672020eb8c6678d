import type { SearchListing } from '@directory/core/wire/listing.js';
import type { FacetCount, SearchAlternatives, Suggestions } from '@directory/core/wire/search.js';
import { type Paged, SEARCH_MAX_PAGE } from '@directory/core/wire/paging.js';
import { plural } from './format.js';

/** One search hit: a listing plus what the search page and its map need (the api's SearchListing). */
export type Hit = SearchListing;

/** A facet value with its count: category slug, country ISO code, or city slug (with its countryCode). */
export type Facet = FacetCount;
export type { Suggestions };

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
  return {
    q: text('q'),
    location: text('location'),
    category: text('category'),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    city: text('city'),
    minRating: numberIn(params.get('minRating'), 0, 5) || undefined,
    openNow: params.get('openNow') === 'true',
    lat: hasPoint ? lat : undefined,
    lng: hasPoint ? lng : undefined,
    radiusKm: hasPoint ? numberIn(params.get('radiusKm'), 0.1, 20_000) : undefined,
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
  if (state.sort && state.sort !== 'relevance' && (state.sort !== 'distance' || hasPoint)) put('sort', state.sort);
  if (state.page && state.page > 1) put('page', state.page);
  return out;
}

/** A picked category: its page, or with a location typed, the search of that category in it. */
export function categoryTarget(slug: string, location: string | undefined): string {
  const where = location?.trim();
  return where
    ? `/search?${searchToParams({ category: slug, location: where })}`
    : `/categories/${encodeURIComponent(slug)}`;
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
 * A facet value's count, as the search a click on it finds: exact when the answer is exhaustive, else an estimate,
 * said to be one ("about 1,230").
 */
export function facetCount(count: number, exhaustive: boolean): string {
  return exhaustive ? count.toLocaleString('en-US') : `about ${rounded(count)}`;
}

export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${km < 10 ? km.toFixed(1) : Math.round(km).toLocaleString('en-US')} km`;
}

/**
 * The sentence a failed search shows: the api's 400 answers carry `{message: [...]}` after the status
 * (see request() in api.ts); anything else reads as a general failure.
 */
export function searchErrorMessage(error: unknown): { invalid: boolean; text: string } {
  const raw = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(raw);
  if (match && match[1] === '400') {
    try {
      const body = JSON.parse(match[2]) as { message?: string | string[] };
      const messages = Array.isArray(body.message) ? body.message : body.message ? [body.message] : [];
      if (messages.length) return { invalid: true, text: messages.join('; ') };
    } catch {
      // not JSON: fall through to the raw text
    }
    return { invalid: true, text: match[2] };
  }
  return { invalid: false, text: raw };
}
