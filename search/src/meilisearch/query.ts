import { openNowClock } from '../open-now.js';
import { fold, prefixEnd, type NormalizedQuery } from '../text.js';
import { OPEN_SLOT_MINUTES } from './documents.js';

/** A filter value in double quotes; Meilisearch unescapes backslashes and quotes inside. */
export const quote = (value: string | number) => JSON.stringify(value);

export const APPROVED = 'is_approved = true';

export function filters(query: NormalizedQuery): string[] {
  const list = [APPROVED];
  if (query.category) list.push(`category_slug = ${quote(query.category)}`);
  if (query.country) list.push(`country_code = ${quote(query.country)}`);
  if (query.city) list.push(`city_slug = ${quote(query.city)}`);
  if (query.minRating !== undefined) list.push(`rating >= ${query.minRating}`);
  if (query.openNow) list.push(openNowFilter(query.now));
  for (const group of query.locationGroups) list.push(`location_terms IN [${group.map(quote).join(', ')}]`);
  if (query.geo?.radiusKm !== undefined) {
    list.push(`_geoRadius(${query.geo.lat}, ${query.geo.lng}, ${Math.round(query.geo.radiusKm * 1000)})`);
  }
  return list;
}

/** Open in the slot of its zone's local time now: one alternative per group of zones sharing that slot. */
export function openNowFilter(now: Date): string {
  const { groups } = openNowClock(now, OPEN_SLOT_MINUTES);
  const alternatives = groups.map(
    ({ minute, zones }) =>
      `(time_zone IN [${zones.map(quote).join(', ')}] AND open_slots = ${minute / OPEN_SLOT_MINUTES})`,
  );
  return `(${alternatives.join(' OR ')})`;
}

/** The orders of the PostgreSQL engine, down to the last tie (id), so pages never overlap. */
export function sortOf(query: NormalizedQuery): string[] | undefined {
  switch (query.sort) {
    case 'rating':
      return ['rating:desc', 'reviews:desc', 'id:asc'];
    case 'reviews':
      return ['reviews:desc', 'id:asc'];
    case 'name':
      // Places sharing a name: the most reviewed first.
      return ['name_sort:asc', 'reviews:desc', 'id:asc'];
    case 'newest':
      return ['id:desc'];
    case 'distance':
      return query.geo ? [`_geoPoint(${query.geo.lat}, ${query.geo.lng}):asc`] : undefined;
    default:
      return undefined;
  }
}

/**
 * The folded text a suggestion begins with, as the PostgreSQL engine folds it: empty when nothing is left.
 * (Control characters and lone surrogates are dropped: a filter value could not carry them.)
 */
export function suggestionPrefix(q: string): string {
  return fold(q)
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\ud800-\udfff]/gu, '')
    .trim();
}

/**
 * Values of `attribute` that begin with `prefix`: a range in byte order. Meilisearch compares string filters with
 * the stored values as folded (lower case), which the folded attributes already are.
 */
export function beginsWith(attribute: string, prefix: string): string {
  return `(${attribute} >= ${quote(prefix)} AND ${attribute} < ${quote(prefixEnd(prefix))})`;
}
