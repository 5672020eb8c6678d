import { HIT_FIELDS, type SearchDocument, type SearchHit } from '../search-engine.js';
import { openStateOf, openNowClock } from '../open-now.js';
import type { NormalizedQuery } from '../text.js';
import type { Filter } from './filter.js';
import { distanceSql } from './geo.js';
import { unseenIf, type Sql } from './planning.js';
import { relevanceSql, type RelevancePlan } from './ranking.js';
import { DOCUMENTS_TABLE } from './schema.js';
import type { WordGroups } from './tsquery.js';

/**
 * A page of hits: every sort is an ordered walk that stops at offset + limit (relevance: ranking.ts), so a page
 * costs what it shows, not what matches.
 */

/** A hit as the statements return it. */
export interface HitRow extends Omit<
  SearchDocument,
  'id' | 'is_approved' | 'location_terms' | 'synonym_phrases' | 'amenities'
> {
  /** bigint arrives as text. */
  id: string;
  distance_km?: number | null;
}

const HIT_COLUMNS = HIT_FIELDS.map((c) => `d.${c}`);

/** What relevance ranks first (ranking.ts). */
export interface TypedWords {
  /** The words as typed, when the groups also hold other words (typo variants, word forms). */
  groups: WordGroups | null;
  /** The names (their words) the exact-name tier matches: the words as typed, or with their typo variants. */
  names: string[];
}

/** What a page of hits is asked for (hitsSql's arguments). */
export interface HitsRequest {
  query: NormalizedQuery;
  groups: WordGroups;
  typed: TypedWords;
  filter: Filter;
  offset: number;
  plan: RelevancePlan;
  valuesUnseen: boolean;
}

/** What a statement of hits is built from: its values (the filter's first), and its page. */
export interface HitsStatement {
  values: unknown[];
  /** Adds a value; returns its parameter reference. */
  param: (value: unknown, cast?: string) => string;
  /** Hides an expression's value from the planner when the statement is planned once (planning.ts). */
  unseen: (expression: string) => string;
  /** The hit's columns (the documents as `d`). */
  columns: string[];
  /** `select <columns> from <documents> d` */
  select: string;
  /** The page's limit and offset, as references or (planned once) written in. */
  limit: string;
  skip: string;
  /** The page of the statement's matches in `order`. */
  page: (where: string, order: string) => Sql;
}

/**
 * The statement of a page of hits of the filter, in the query's sort. `valuesUnseen`: planned once for any values
 * (planning.ts).
 */
export function hitsSql(
  query: NormalizedQuery,
  groups: WordGroups,
  typed: TypedWords,
  filter: Filter,
  offset: number,
  plan: RelevancePlan,
  valuesUnseen = false,
): Sql {
  const request = { query, groups, typed, filter, offset, plan, valuesUnseen };
  const { refs } = filter;
  const values = [...filter.values];
  const param = (value: unknown, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const columns = [...HIT_COLUMNS];
  if (query.geo) {
    const lat = refs.lat ?? param(query.geo.lat, '::float8');
    const lng = refs.lng ?? param(query.geo.lng, '::float8');
    columns.push(`${distanceSql(lat, lng)} as distance_km`);
  }
  // Values hidden from the planner (plannedOnce): the page and window sizes are written into the text, as the plan
  // depends on them (a plan for any values guesses a tenth of the rows for a limit it does not know, and collects every
  // match to sort them); the others are read through subqueries, each computed once.
  const unseen = unseenIf(valuesUnseen);
  const limit = valuesUnseen ? String(query.limit) : param(query.limit);
  const skip = valuesUnseen ? String(offset) : param(offset);
  const select = `select ${columns.join(', ')} from ${DOCUMENTS_TABLE} d`;
  const page = (where: string, order: string): Sql => ({
    text: `${select} where ${where} order by ${order} limit ${limit} offset ${skip}`,
    values,
  });
  switch (query.sort) {
    case 'rating':
      return page(filter.where, 'd.rating desc nulls last, d.reviews desc, d.id');
    case 'reviews':
      return page(filter.where, 'd.reviews desc, d.id');
    case 'name':
      // Places sharing a name, most reviewed first (the name index's order).
      return page(filter.where, '(d.name_folded collate "C"), d.reviews desc, d.id');
    case 'newest':
      return page(filter.where, 'd.id desc');
    case 'distance': {
      // Nearest-neighbour walk of the GiST index (planar degrees) picks a window of candidates, which is
      // then ordered by true distance; a generous window makes the planar/great-circle difference moot.
      const candidates = Math.min(20_000, (offset + query.limit) * 4 + 200);
      const window = valuesUnseen ? String(candidates) : param(candidates);
      return {
        text: `select * from (
                 ${select} where ${filter.where} and d.latitude is not null and d.longitude is not null
                 order by point(d.longitude, d.latitude) <-> point(${param(query.geo!.lng, '::float8')}, ${param(query.geo!.lat, '::float8')})
                 limit ${window}) d
               order by d.distance_km, d.id limit ${limit} offset ${skip}`,
        values,
      };
    }
    default:
      if (groups.length === 0) return page(filter.where, 'd.reviews desc, d.id');
  }
  return relevanceSql({ values, param, unseen, columns, select, limit, skip, page }, request);
}

export function toHit(row: HitRow, query: NormalizedQuery): SearchHit {
  const hit: SearchHit = {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    category: row.category,
    category_slug: row.category_slug,
    type: row.type,
    rating: row.rating,
    reviews: row.reviews,
    city: row.city,
    city_slug: row.city_slug,
    country: row.country,
    country_code: row.country_code,
    full_address: row.full_address,
    phone: row.phone,
    photo: row.photo,
    website: row.website,
    latitude: row.latitude,
    longitude: row.longitude,
    verified: row.verified,
    ...openStateOf(row.open_minutes, row.unlisted_minutes, row.time_zone, openNowClock(query.now)),
  };
  if (row.distance_km !== undefined && row.distance_km !== null) hit.distanceKm = Number(row.distance_km);
  return hit;
}
