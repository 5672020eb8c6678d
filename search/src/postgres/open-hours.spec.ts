import pg from 'pg';
import { mulberry32 } from '@directory/core';
import { createSuiteDatabase } from '../../../testing/database.js';

/**
 * search_open_hours (the documents' open_hours, which an open-now search's index search reads): every UTC hour in
 * which a place is open at its zone's local time is among them, whatever the instant of the two years around the
 * document's writing — daylight saving, half- and quarter-hour zones, a zone that leaves its daylight time for a
 * month (Casablanca), overnight hours that wrap into Sunday — and they stay few (not the whole week).
 */
const ZONES = [
  'UTC',
  'America/New_York',
  'America/St_Johns',
  'America/Santiago',
  'Europe/Zurich',
  'Africa/Casablanca',
  'Asia/Tehran',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];

/** Open minutes of the week (Sunday 00:00 = 0) as core's weekIntervals store them: sorted, never wrapping. */
function randomHours(seed: number): string {
  const random = mulberry32(seed);
  const next = (n: number) => Math.floor(random() * n);
  const ranges: string[] = [];
  let at = next(600);
  while (at < 10_080) {
    const end = Math.min(10_080, at + 1 + next(900));
    ranges.push(`[${at},${end})`);
    at = end + 1 + next(1_500);
  }
  return `{${ranges.join(',')}}`;
}

const HOURS = [
  '{[0,10080)}',
  '{[0,1),[10079,10080)}',
  '{[0,120),[9900,10080)}',
  '{[540,1020),[1980,2460),[3420,3900),[4860,5340),[6300,6780)}',
  ...Array.from({ length: 40 }, (_, i) => randomHours(i + 1)),
];

describe('search_open_hours: the UTC hours a place may be open in', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('holds every UTC hour in which the place is open at its local minute, a year either side of its writing', async () => {
    const { rows } = await pool.query<{ zone: string; minutes: string; at: Date }>(
      `with places as materialized (
         select z.zone, h.minutes::int4multirange as minutes, search_open_hours(h.minutes::int4multirange, z.zone) as hours
         from unnest($1::text[]) z(zone), unnest($2::text[]) h(minutes)),
       clocks as materialized (
         select z.zone, t,
                extract(dow from t at time zone z.zone)::int * 1440 + extract(hour from t at time zone z.zone)::int * 60
                  + extract(minute from t at time zone z.zone)::int as local_minute,
                (extract(dow from t at time zone 'UTC')::int * 24 + extract(hour from t at time zone 'UTC')::int)::smallint as utc_hour
         from unnest($1::text[]) z(zone),
              generate_series(now() - interval '1 year', now() + interval '1 year', interval '83 minutes') t)
       select p.zone, p.minutes::text, c.t as at from places p join clocks c using (zone)
       where p.minutes @> c.local_minute and not coalesce(p.hours @> array[c.utc_hour], false)
       limit 5`,
      [ZONES, HOURS],
    );
    expect(rows).toEqual([]);
  });

  it('stays close to the open hours: a day of 9 to 5 is 10 hours (an hour either side; 11 at a half-hour offset), not the week', async () => {
    const { rows } = await pool.query<{ zone: string; hours: number[] }>(
      `select z.zone, search_open_hours('{[540,1020),[1980,2460)}', z.zone) as hours from unnest($1::text[]) z(zone)`,
      [ZONES],
    );
    for (const { hours } of rows) expect(hours.length).toBeLessThanOrEqual(22);
    const zurich = rows.find((row) => row.zone === 'Europe/Zurich')!.hours;
    // Monday 9:00–17:00 in Zürich is 7:00–16:00 or 8:00–17:00 UTC (summer or winter), widened by an hour.
    expect(zurich).toEqual(expect.arrayContaining([24 + 7, 24 + 8, 24 + 15]));
    expect(zurich).not.toContain(24 + 3);
  });

  it('gives no hours without open minutes, and every hour for a zone PostgreSQL does not know', async () => {
    const { rows } = await pool.query(
      `select search_open_hours(null, 'UTC') as none, search_open_hours('{}', 'UTC') as closed,
              cardinality(search_open_hours('{[540,1020)}', 'Mars/Olympus_Mons')) as unknown`,
    );
    expect(rows[0]).toEqual({ none: null, closed: null, unknown: 168 });
  });
});
