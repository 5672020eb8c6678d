import type pg from 'pg';
import { OPEN_MINUTES_WRITER } from '../import/business-writer.js';
import { slugify } from '../rules/slug.js';
import { weekMinutesOf } from '../rules/week-hours.js';
import { countryName } from '../rules/countries.js';
import type { PlaceCounts } from '../wire/uploads.js';
import { AREA_OR_QUARTER_PATTERN } from './address.js';
import { countryAt } from './country-at.js';
import { placeNear } from './gazetteer.js';
import { hasAddress, isPlaceholderPosition, PlaceFinder, type PlaceInput } from './place-finder.js';
import { timeZoneAt } from './time-zone.js';

export interface PlaceBackfill {
  /**
   * Businesses looked at: those without a city, a country or a time zone, at a placeholder position, or with a
   * city written as an area or a town with its municipality.
   */
  examined: number;
  /** Of those, the ones that got something. */
  updated: number;
  counts: PlaceCounts;
}

interface Stored {
  id: string;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  country_code: string | null;
  full_address: string | null;
  street: string | null;
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
}

/**
 * Completes the place of businesses stored before imports did (PlaceFinder's rules: the address, then the
 * coordinates, then the country for the zone), and reads again what older imports read wrongly (withoutOlderReadings),
 * batch by batch in id order, each batch its own statement so the table is never locked for long. Business slugs
 * are kept (their pages' addresses do not change); the search outbox triggers carry the new places to the engines.
 * The caller refreshes the aggregates after (and canonicalises the cities: Novi Beograd is Belgrade by its names).
 * Running it again changes nothing.
 */
export async function backfillPlaces(
  client: pg.ClientBase,
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<PlaceBackfill> {
  const batchSize = options.batchSize ?? 1000;
  const finder = new PlaceFinder();
  let examined = 0;
  let updated = 0;
  let after = '0';
  for (;;) {
    options.signal?.throwIfAborted();
    const { rows } = await client.query<Stored>(
      // pg reads bigint as a string; ordered by the column itself (an id::text column would order as text).
      `select id, city, postal_code, country, country_code, full_address, street, latitude, longitude, time_zone
       from businesses where id > $1 and (city is null or country_code is null or time_zone is null
         or latitude = 0 or longitude = 0 or city ~* $3)
       order by id limit $2`,
      [after, batchSize, AREA_OR_QUARTER_PATTERN],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    examined += rows.length;
    const changed: (Omit<Stored, 'full_address' | 'street' | 'latitude' | 'longitude'> & {
      city_slug: string | null;
      placeholder: boolean;
    })[] = [];
    for (const row of rows) {
      const place = finder.complete(withoutOlderReadings(row));
      // Emptied as an import now leaves it (normalize-row.ts): it would pin the business where it is not.
      const placeholder =
        row.latitude !== null &&
        row.longitude !== null &&
        isPlaceholderPosition(row.latitude, row.longitude, hasAddress(row));
      if (
        !placeholder &&
        place.city === row.city &&
        place.postal_code === row.postal_code &&
        place.country === row.country &&
        place.country_code === row.country_code &&
        place.time_zone === row.time_zone
      )
        continue;
      const { timeZoneUnreadable: _unreadable, ...columns } = place;
      changed.push({
        id: row.id,
        ...columns,
        city_slug: place.city === null ? null : slugify(place.city) || null,
        placeholder,
      });
    }
    if (changed.length > 0) {
      const column = (key: keyof (typeof changed)[number]) => changed.map((row) => row[key]);
      const result = await client.query(
        `update businesses b set city = v.city, city_slug = v.city_slug, postal_code = v.postal_code,
           country = v.country, country_code = v.country_code, time_zone = v.time_zone,
           latitude = case when v.placeholder then null else b.latitude end,
           longitude = case when v.placeholder then null else b.longitude end, updated_at = now()
         from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[])
           as v(id, city, city_slug, postal_code, country, country_code, time_zone, placeholder)
         where b.id = v.id`,
        [
          column('id'),
          column('city'),
          column('city_slug'),
          column('postal_code'),
          column('country'),
          column('country_code'),
          column('time_zone'),
          column('placeholder'),
        ],
      );
      updated += result.rowCount ?? 0;
    }
  }
  return { examined, updated, counts: finder.counts };
}

const AREA_OR_QUARTER = new RegExp(AREA_OR_QUARTER_PATTERN, 'i');

/**
 * The stored place as PlaceFinder is to complete it, without what older imports read wrongly: at a placeholder
 * position (isPlaceholderPosition), the country, town and zone that position gives, which they read from it; a
 * city that is the address's last part whole (its postal code aside) and names an area or a town with its
 * municipality ("Grad Beograd", "Beograd - Zemun 11080"), which they took for the town. A file that gave the same
 * cannot be told apart (the country a placeholder position falls in, the address's last part as the city): it is
 * read again too.
 */
function withoutOlderReadings(row: Stored): PlaceInput {
  let { city, country, country_code: countryCode, time_zone: timeZone } = row;
  const { latitude, longitude, full_address: address } = row;
  if (latitude !== null && longitude !== null && isPlaceholderPosition(latitude, longitude, hasAddress(row))) {
    if (city !== null && city === placeNear(latitude, longitude, countryCode)?.name) city = null;
    if (timeZone !== null && timeZone === timeZoneAt(latitude, longitude, countryCode)) timeZone = null;
    if (countryCode !== null && countryCode === countryAt(latitude, longitude)) {
      if (country === countryName(countryCode)) country = null;
      countryCode = null;
    }
  }
  if (city !== null && address !== null && AREA_OR_QUARTER.test(city)) {
    const last = address
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .pop();
    if (last?.replace(/\s+\d{4,6}$/, '') === city) city = null;
  }
  return { ...row, city, country, country_code: countryCode, timeZone };
}

/**
 * Writes the open and unlisted minutes (weekMinutesOf) of businesses that have hours but no open minutes (stored
 * before imports wrote them, or emptied by a migration), batch by batch in id order; hours that cannot be read stay
 * without (and are read again by the next run). Returns how many businesses got them.
 */
export async function backfillOpenMinutes(
  client: pg.ClientBase,
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  let updated = 0;
  let after = '0';
  for (;;) {
    options.signal?.throwIfAborted();
    const { rows } = await client.query<{ id: string; working_hours: string }>(
      `select id, working_hours from businesses
       where id > $1 and working_hours is not null and open_minutes is null order by id limit $2`,
      [after, batchSize],
    );
    if (rows.length === 0) return updated;
    after = rows[rows.length - 1].id;
    const read = rows.flatMap((row) => {
      const minutes = weekMinutesOf(row.working_hours);
      return minutes.open === null ? [] : [{ id: row.id, ...minutes, hours: row.working_hours }];
    });
    if (read.length === 0) continue;
    await client.query('begin');
    try {
      await client.query(OPEN_MINUTES_WRITER);
      // Only where the hours are still those read (an import may have written others meanwhile).
      const result = await client.query(
        `update businesses b
         set open_minutes = v.open::int4multirange, unlisted_minutes = v.unlisted::int4multirange, updated_at = now()
         from unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) as v(id, open, unlisted, hours)
         where b.id = v.id and b.working_hours = v.hours`,
        [read.map((r) => r.id), read.map((r) => r.open), read.map((r) => r.unlisted), read.map((r) => r.hours)],
      );
      await client.query('commit');
      updated += result.rowCount ?? 0;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  }
}
