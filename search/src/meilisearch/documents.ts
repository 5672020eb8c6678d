import type { FacetValue, SearchDocument, SearchHit } from '../search-engine.js';
import { readWeekIntervalsText } from '@directory/core';
import { openStateOf, openNowClock } from '../open-now.js';
import { fold, haversineKm, searchWords, type NormalizedQuery } from '../text.js';

/**
 * Meilisearch filters "open now" by quarter-hour slots of the local week: a business is in slot k when it is open at
 * minute 15k, and a query asks for the slot its zone's minute falls in; the hits' flag is judged at that slot's start.
 */
export const OPEN_SLOT_MINUTES = 15;

/** A stored document: the shared fields plus what Meilisearch filters, sorts and facets on. */
export interface MeiliDocument extends SearchDocument {
  /** The quarter hours of the local week (OPEN_SLOT_MINUTES) at whose start the business is open. */
  open_slots: number[];
  /** The name's words as the PostgreSQL engine's name_folded (searchWords): name order and name-prefix ranges. */
  name_sort: string;
  /** Folded labels: category and city suggestions are ranges of them. */
  category_fold: string | null;
  city_fold: string | null;
  /** Facet keys (see facetKey): the value and this document's spelling of its label. */
  category_facet: string | null;
  country_facet: string | null;
  city_facet: string | null;
  _geo?: { lat: number; lng: number };
}

export type FacetName = 'category' | 'country' | 'city';

/**
 * Meilisearch folds facet values (Unicode compatibility decomposition, lower case) and answers one spelling per
 * folded value, so "Coffee shop" and "coffee shop" would come back as one of them, whichever it met first. Each
 * part is written in a form those folds leave as it is (percent-encoded UTF-8, lower-case hex, every capital and
 * symbol encoded; the parts joined by commas, which the encoding never leaves), so every spelling stays a value of its own and facetLabel can pick the same one as the
 * PostgreSQL engine: the least in byte order.
 */
export function facetKey(...parts: string[]): string {
  return parts.map(caseSafe).join(',');
}

function caseSafe(text: string): string {
  return encodeURIComponent(text)
    .replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())
    .replace(/[A-Z!'()*~._-]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The parts of a facet key; null for one Meilisearch cut short (a label of hundreds of characters). */
export function facetParts(key: string): string[] | null {
  try {
    return key.split(',').map(decodeURIComponent);
  } catch {
    return null;
  }
}

export function toMeiliDocument(doc: SearchDocument): MeiliDocument {
  const withGeo = doc.latitude !== null && doc.longitude !== null;
  return {
    ...doc,
    open_slots: openSlots(doc.open_minutes),
    name_sort: searchWords(doc.name).join(' '),
    category_fold: doc.category_slug ? fold(doc.category ?? doc.category_slug) : null,
    city_fold: doc.city_slug ? fold(doc.city ?? doc.city_slug) : null,
    category_facet: doc.category_slug ? facetKey(doc.category_slug, doc.category ?? doc.category_slug) : null,
    country_facet: doc.country_code ? facetKey(doc.country_code, doc.country ?? doc.country_code) : null,
    city_facet:
      doc.city_slug && doc.country_code ? facetKey(doc.city_slug, doc.country_code, doc.city ?? doc.city_slug) : null,
    ...(withGeo ? { _geo: { lat: doc.latitude!, lng: doc.longitude! } } : {}),
  };
}

/** The slots (OPEN_SLOT_MINUTES) at whose start open minutes (a multirange literal) are open. */
export function openSlots(openMinutes: string | null): number[] {
  const slots: number[] = [];
  for (const [start, end] of readWeekIntervalsText(openMinutes) ?? []) {
    for (let slot = Math.ceil(start / OPEN_SLOT_MINUTES); slot * OPEN_SLOT_MINUTES < end; slot++) slots.push(slot);
  }
  return slots;
}

/** Byte order (code units, as the PostgreSQL engine compares in Node): labels, values and ties. */
export function compare(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * A facet distribution merged per value (a city's within its country): the counts of its spellings added, the
 * least spelling in byte order its label; the most frequent values first, ties by value, as the PostgreSQL engine.
 * Meilisearch counts every match of a value, so each count is exact.
 */
export function mergeFacets(
  distribution: Record<string, number> | undefined,
  facet: FacetName,
  limit: number,
): (FacetValue & { count: number })[] {
  const merged = new Map<string, FacetValue & { count: number }>();
  for (const [key, count] of Object.entries(distribution ?? {})) {
    const parts = facetParts(key);
    if (!parts || parts.length !== (facet === 'city' ? 3 : 2)) continue;
    const [value, countryCode, label] = facet === 'city' ? parts : [parts[0], undefined, parts[1]];
    const id = countryCode ? `${countryCode}/${value}` : value;
    const seen = merged.get(id);
    if (!seen) merged.set(id, { value, label, count, ...(countryCode ? { countryCode } : {}) });
    else {
      seen.count += count;
      if (compare(label, seen.label) < 0) seen.label = label;
    }
  }
  return [...merged.values()]
    .sort((a, b) => b.count - a.count || compare(a.value, b.value) || compare(a.countryCode ?? '', b.countryCode ?? ''))
    .slice(0, limit);
}

export function toHit(doc: object, query: NormalizedQuery): SearchHit {
  const d = doc as unknown as SearchDocument;
  const hit: SearchHit = {
    id: Number(d.id),
    slug: d.slug,
    name: d.name,
    category: d.category ?? null,
    category_slug: d.category_slug ?? null,
    type: d.type ?? null,
    rating: d.rating ?? null,
    reviews: d.reviews ?? 0,
    city: d.city ?? null,
    city_slug: d.city_slug ?? null,
    country: d.country ?? null,
    country_code: d.country_code ?? null,
    full_address: d.full_address ?? null,
    phone: d.phone ?? null,
    photo: d.photo ?? null,
    website: d.website ?? null,
    latitude: d.latitude ?? null,
    longitude: d.longitude ?? null,
    verified: Boolean(d.verified),
    ...openStateOf(
      d.open_minutes,
      d.unlisted_minutes ?? null,
      d.time_zone ?? null,
      openNowClock(query.now, OPEN_SLOT_MINUTES),
    ),
  };
  if (query.geo && hit.latitude !== null && hit.longitude !== null) {
    hit.distanceKm = haversineKm(query.geo.lat, query.geo.lng, hit.latitude, hit.longitude);
  }
  return hit;
}
