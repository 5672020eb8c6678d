import type pg from 'pg';
import { OPEN_MINUTES_WRITER } from '../import/business-writer.js';
import { slugify } from '../rules/slug.js';
import { openMinutesOf } from '../rules/week-hours.js';
import type { PlaceCounts } from '../wire/uploads.js';
import { PlaceFinder } from './place-finder.js';

export interface PlaceBackfill {
  /** Businesses without a city, a country or a time zone that were looked at. */
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
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
}

/**
 * Completes the place of businesses stored before imports did (PlaceFinder's rules: the address, then the
 * coordinates, then the country for the zone), batch by batch in id order, each batch its own statement so
 * the table is never locked for long. Business slugs are kept (their pages' addresses do not change); the
 * search outbox triggers carry the new places to the engines. The caller refreshes the aggregates after.
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
      `select id, city, postal_code, country, country_code, full_address, latitude, longitude, time_zone
       from businesses where id > $1 and (city is null or country_code is null or time_zone is null)
       order by id limit $2`,
      [after, batchSize],
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    examined += rows.length;
    const changed: (Omit<Stored, 'full_address' | 'latitude' | 'longitude'> & { city_slug: string | null })[] = [];
    for (const row of rows) {
      const place = finder.complete({ ...row, timeZone: row.time_zone });
      if (
        place.city === row.city &&
        place.postal_code === row.postal_code &&
        place.country === row.country &&
        place.country_code === row.country_code &&
        place.time_zone === row.time_zone
      )
        continue;
      const { timeZoneUnreadable: _unreadable, ...columns } = place;
      changed.push({ id: row.id, ...columns, city_slug: place.city === null ? null : slugify(place.city) || null });
    }
    if (changed.length > 0) {
      const column = (key: keyof (typeof changed)[number]) => changed.map((row) => row[key]);
      const result = await client.query(
        `update businesses b set city = v.city, city_slug = v.city_slug, postal_code = v.postal_code,
           country = v.country, country_code = v.country_code, time_zone = v.time_zone, updated_at = now()
         from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           as v(id, city, city_slug, postal_code, country, country_code, time_zone)
         where b.id = v.id`,
        [
          column('id'),
          column('city'),
          column('city_slug'),
          column('postal_code'),
          column('country'),
          column('country_code'),
          column('time_zone'),
        ],
      );
      updated += result.rowCount ?? 0;
    }
  }
  return { examined, updated, counts: finder.counts };
}

/**
 * Writes the open minutes (openMinutesOf) of businesses that have hours but none, stored before imports wrote
 * them, batch by batch in id order; hours that cannot be read stay without (and are read again by the next run).
 * Returns how many businesses got them.
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
      const minutes = openMinutesOf(row.working_hours);
      return minutes === null ? [] : [{ id: row.id, minutes, hours: row.working_hours }];
    });
    if (read.length === 0) continue;
    await client.query('begin');
    try {
      await client.query(OPEN_MINUTES_WRITER);
      // Only where the hours are still those read (an import may have written others meanwhile).
      const result = await client.query(
        `update businesses b set open_minutes = v.minutes::int4multirange, updated_at = now()
         from unnest($1::bigint[], $2::text[], $3::text[]) as v(id, minutes, hours)
         where b.id = v.id and b.working_hours = v.hours`,
        [read.map((r) => r.id), read.map((r) => r.minutes), read.map((r) => r.hours)],
      );
      await client.query('commit');
      updated += result.rowCount ?? 0;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  }
}
