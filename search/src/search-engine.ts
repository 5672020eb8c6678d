/**
 * The search port (DESIGN.md "Search engine port"): one interface for the index, implemented by the
 * Meilisearch engine and the embedded PostgreSQL engine. Both pass search-engine.spec.ts.
 */

/** `newest`: most recently added first (the public business list). */
export type SearchSort = 'relevance' | 'rating' | 'reviews' | 'distance' | 'name' | 'newest';
export const SEARCH_SORTS: readonly SearchSort[] = ['relevance', 'rating', 'reviews', 'distance', 'name', 'newest'];

/** A visitor's query. Only approved businesses are ever returned. */
export interface SearchQuery {
  q?: string;
  /** A city, a country name or code, or a comma-separated address part ("Zürich", "CH", "Bahnhofstrasse"). */
  location?: string;
  /** Category slug. */
  category?: string;
  /** ISO country code. */
  country?: string;
  /** City slug (pair it with country where city names repeat across countries). */
  city?: string;
  minRating?: number;
  /** Open at this minute at the business's local time (its open minutes of the week in its zone; open-now.ts). */
  openNow?: boolean;
  lat?: number;
  lng?: number;
  radiusKm?: number;
  /** Only places inside this box (a map's view). */
  bounds?: GeoBounds;
  sort?: SearchSort;
  page?: number;
  limit?: number;
  /** The instant openNow refers to; defaults to now. */
  now?: Date;
}

/**
 * A latitude/longitude box in degrees, south <= north. West greater than east: the box crosses the antimeridian
 * (from west to 180 and from -180 to east).
 */
export interface GeoBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A business as a search answers it: the document's public fields, with open-now instead of the week's minutes. */
export interface SearchHit extends Omit<
  SearchDocument,
  'is_approved' | 'open_minutes' | 'unlisted_minutes' | 'time_zone' | 'location_terms' | 'synonym_phrases' | 'amenities'
> {
  /**
   * At the query's instant in the business's zone; null when the business has no (readable) opening hours, or its
   * table does not list that day.
   */
  openNow: boolean | null;
  /** When open: the local time it closes ("11 PM", "Sat 2 AM"); null when never or unknown. */
  closesAt: string | null;
  /** When closed: the local time it opens next ("11:30 AM", "Mon 9 AM"); null when never or unknown. */
  opensAt: string | null;
  /** Present when the query gave lat/lng. */
  distanceKm?: number;
}

export interface FacetValue {
  value: string;
  label: string;
  /**
   * The matches with this value: exact, or (when the answer is not exhaustive) an estimate within 2 %; null when the
   * engine could only estimate it more roughly (the values are still in order of their estimates).
   */
  count: number | null;
  /** City facets only: a city slug is unique within its country. */
  countryCode?: string;
}

export interface SearchFacets {
  category: FacetValue[];
  country: FacetValue[];
  city: FacetValue[];
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  facets: SearchFacets;
  /** False when the engine counted a sample of a very large result set and scaled (see each engine). */
  exhaustive: boolean;
  processingTimeMs: number;
}

/** The shape the api answers and the web reads (core/src/wire/search.ts). */
import type { Suggestions } from '@directory/core';
export type { Suggestions };

/** What the index stores per business; produced by the SQL projection in sync/source.ts. */
export interface SearchDocument {
  id: number;
  slug: string;
  name: string;
  category: string | null;
  category_slug: string | null;
  type: string | null;
  city: string | null;
  city_slug: string | null;
  country: string | null;
  country_code: string | null;
  full_address: string | null;
  phone: string | null;
  photo: string | null;
  /** The business's own website as stored (the page decides whether it is a link it can show). */
  website: string | null;
  latitude: number | null;
  longitude: number | null;
  rating: number | null;
  reviews: number;
  verified: boolean;
  is_approved: boolean;
  /**
   * Open minutes of the week in local time (core's weekIntervals) as an int4multirange literal ("{[540,1020)}", "{}"
   * when closed all week); null when the hours are missing or unreadable.
   */
  open_minutes: string | null;
  /**
   * The minutes of the days the hours do not list (core's unlistedIntervals), where the state is unknown; null when
   * every day is listed.
   */
  unlisted_minutes: string | null;
  /** The zone the open minutes are local to; UTC for a business without one (as the detail page reads it). */
  time_zone: string;
  /** Folded places a location filter matches exactly (city, country, code, address parts). */
  location_terms: string[];
  /** The phrases of the admin's synonyms the business answers (search_synonyms), matched as its lowest field. */
  synonym_phrases: string | null;
  /** The amenities it has (search_amenity_words), matched as its lowest field with the phrases. */
  amenities: string | null;
}

/**
 * The stored fields a hit is made of (open_minutes, unlisted_minutes and time_zone become openNow); both engines
 * retrieve exactly these.
 */
export const HIT_FIELDS = [
  'id',
  'slug',
  'name',
  'category',
  'category_slug',
  'type',
  'city',
  'city_slug',
  'country',
  'country_code',
  'full_address',
  'phone',
  'photo',
  'website',
  'latitude',
  'longitude',
  'rating',
  'reviews',
  'verified',
  'open_minutes',
  'unlisted_minutes',
  'time_zone',
] as const satisfies readonly (keyof SearchDocument)[];

export interface WriteOptions {
  /** Resolve only once the documents are searchable (read-your-writes). */
  wait?: boolean;
}

export interface SearchEngine {
  readonly kind: 'postgres' | 'meilisearch';
  /** Creates the index and applies its settings; idempotent, safe to call at every start. */
  setup(): Promise<void>;
  /** True when the index is missing or was built by an older layout: run a full reindex. */
  needsReindex(): Promise<boolean>;
  upsert(documents: readonly SearchDocument[], options?: WriteOptions): Promise<void>;
  delete(ids: readonly number[], options?: WriteOptions): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult>;
  suggest(q: string, limit?: number): Promise<Suggestions>;
  /** Number of documents stored (approved or not). */
  count(): Promise<number>;
  /**
   * Full rebuild without downtime: `fill` writes every document into a fresh index through the writer it
   * is given, then the fresh index replaces the live one atomically.
   */
  rebuild(fill: (writer: DocumentWriter) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface DocumentWriter {
  upsert(documents: readonly SearchDocument[]): Promise<void>;
}
