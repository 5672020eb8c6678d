import type pg from 'pg';
import { HIT_FIELDS, type SearchDocument } from '../search-engine.js';

/**
 * The one definition of the document a business becomes, in SQL, so both engines index the same thing
 * and the PostgreSQL engine can copy documents without a round trip through Node. The helper functions
 * come from the SearchOutbox migration; the open minutes are core's reading of the hours, stored with them
 * (Migration20261127000010OpenMinutes); search_place_terms and search_region_terms (PlaceAliases) add a city's
 * other names and a US state's name.
 */
export const DOCUMENT_COLUMNS = [
  ...HIT_FIELDS,
  'is_approved',
  'location_terms',
  'synonym_phrases',
  'amenities',
] as const satisfies readonly (keyof SearchDocument)[];

/** What a business open 24 hours on each day it opens is also found by ("pharmacy 24 hours", "24/7 plumber"). */
export const AROUND_THE_CLOCK = 'Open 24 hours, 24h, 24/7';

/** Open minutes of the week (local) that are whole days: every range begins and ends at a midnight. */
function openAroundTheClock(minutes: string): string {
  return `not isempty(${minutes}) and not exists (
             select from unnest(${minutes}) r where lower(r) % 1440 <> 0 or upper(r) % 1440 <> 0)`;
}

/**
 * The postal code alone is a location term too ("34104", "EC1A 1BB"), folded and spaced as a location's part is
 * (text.ts locationGroups); the address's own parts only hold it beside the town or state ("fl 34104").
 */
const POSTAL_CODE_TERM = `array_remove(array[nullif(btrim(regexp_replace(search_fold(b.postal_code), '\\s+', ' ', 'g')), '')], null)`;

export const SOURCE_SQL = `
  select b.id, b.slug, b.name,
         nullif(btrim(b.category), '') as category, nullif(b.category_slug, '') as category_slug,
         nullif(btrim(b.type), '') as type,
         nullif(btrim(b.city), '') as city, nullif(b.city_slug, '') as city_slug,
         nullif(btrim(b.country), '') as country, upper(nullif(btrim(b.country_code), '')) as country_code,
         b.full_address, b.phone, b.photo, nullif(btrim(b.url), '') as website, b.latitude, b.longitude, b.rating, b.reviews, b.verified, b.is_approved,
         b.open_minutes, b.unlisted_minutes, coalesce(b.time_zone, 'UTC') as time_zone,
         search_place_terms(search_location_terms(b.city, b.country, b.country_code, b.full_address),
                            b.country_code, nullif(b.city_slug, ''))
           || search_region_terms(b.country_code, b.full_address)
           || ${POSTAL_CODE_TERM} as location_terms,
         search_synonym_phrases(b.name, b.category, b.type) as synonym_phrases,
         nullif(concat_ws(' ', search_amenity_words(b.about),
           case when ${openAroundTheClock('b.open_minutes')} then '${AROUND_THE_CLOCK}' end), '') as amenities
  from businesses b`;

interface SourceRow extends Omit<SearchDocument, 'id'> {
  id: string;
}

function toDocument(row: SourceRow): SearchDocument {
  return { ...row, id: Number(row.id) };
}

/** Documents of these businesses; ids of deleted businesses are simply absent. */
export async function loadDocuments(db: pg.Pool | pg.ClientBase, ids: readonly number[]): Promise<SearchDocument[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<SourceRow>(`${SOURCE_SQL} where b.id = any($1::bigint[])`, [ids]);
  return rows.map(toDocument);
}

/** Every document in id order, in batches (keyset paging keeps each batch an index range scan). */
export async function* allDocuments(db: pg.Pool | pg.ClientBase, batchSize = 10_000): AsyncGenerator<SearchDocument[]> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<SourceRow>(`${SOURCE_SQL} where b.id > $1 order by b.id limit $2`, [
      after,
      batchSize,
    ]);
    if (rows.length === 0) return;
    yield rows.map(toDocument);
    after = Number(rows[rows.length - 1].id);
  }
}
