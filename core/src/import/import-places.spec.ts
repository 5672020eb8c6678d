import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { placeFromAddress } from '../places/address.js';
import { placeNear } from '../places/gazetteer.js';
import { PlaceFinder } from '../places/place-finder.js';
import type { PlaceCounts } from '../wire/uploads.js';
import { importFile } from './import-file.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

/** Issue 31: a place and a time zone for every business that has one, read at import time. */
describe('imports that place every business', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let client: pg.Client;
  let scratch: string;
  /** The counts of every file added up (a new PlaceFinder's are all 0). */
  const totals: PlaceCounts = { ...new PlaceFinder().counts };
  const count = async (where: string) =>
    (await client.query<{ n: number }>(`select count(*)::int as n from businesses where ${where}`)).rows[0].n;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    scratch = await mkdtemp(join(tmpdir(), 'import-places-'));
    const files = (await readdir(REAL)).filter((f) => /\.(csv|xlsx)$/.test(f)).sort();
    for (const file of files) {
      const { places } = await importFile(join(REAL, file), client);
      for (const key of Object.keys(totals) as (keyof PlaceCounts)[]) totals[key] += places[key];
    }
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('fills the city and country the files leave empty, and reports where each came from', async () => {
    // Of the 3,416 rows read (13 towns and 3 postal codes skipped), 1,381 had no city in the file: 745 in Belgrade
    // (its file has no city or country column) and 636 US and Swiss rows with no address; all of them had no
    // country either, and every row of Belgrade no time zone. Before this, they were all stored without a place.
    expect(totals).toEqual({
      cityFromAddress: 711,
      cityFromCoordinates: 559,
      postalCodeFromAddress: 3,
      countryFromAddress: 0,
      countryFromCoordinates: 1343,
      timeZoneFromFile: 4660,
      timeZoneFromCoordinates: 742,
      timeZoneFromCountry: 0,
      withoutCity: 111,
      withoutCountry: 38,
      withoutTimeZone: 2,
    });
    // The businesses (place ids once): 87 without a city, 31 of them without a country either. 31 have neither
    // address nor coordinates (5 without one in the file, Kinolog Milena's longitude 0.0, and 25 made-up positions at sea,
    // 23 of them 300 km off Oregon, left empty); the others are away from any town, in an Alabama forest.
    expect(await count('true')).toBe(4309);
    expect(await count('city is null')).toBe(87);
    expect(await count('country_code is null')).toBe(31);
    expect(await count('country_code is null and city is not null')).toBe(0);
    expect(await count('country is null')).toBe(31);
    expect(await count('city is null and latitude is null and full_address is null')).toBe(31);
    expect(await count('time_zone is null')).toBe(2);
  });

  it('leaves without a city only businesses with no readable address and no town within reach', async () => {
    const { rows } = await client.query<{
      full_address: string | null;
      latitude: number | null;
      longitude: number | null;
      country_code: string | null;
    }>(`select full_address, latitude, longitude, country_code from businesses where city is null`);
    for (const row of rows) {
      expect(row.full_address === null ? null : placeFromAddress(row.full_address)?.city).toBeFalsy();
      if (row.latitude !== null) expect(placeNear(row.latitude, row.longitude!, row.country_code)).toBeNull();
    }
  });

  it('reads the Belgrade addresses: Beograd, Serbia, Europe/Belgrade', async () => {
    expect(await count(`full_address like '%, Beograd 11___' and city = 'Beograd' and country_code = 'RS'`)).toBe(
      await count(`full_address like '%, Beograd 11___'`),
    );
    expect(await count(`full_address like '%, Beograd 11___'`)).toBe(423);
    expect(await count(`country_code = 'RS'`)).toBe(741);
    expect(await count(`country_code = 'RS' and city is null`)).toBe(0);
    expect(await count(`country_code = 'RS' and time_zone <> 'Europe/Belgrade'`)).toBe(0);
    // New Belgrade's addresses say Beograd: the address wins over the suburb the coordinates are in.
    const newBelgrade = await client.query(
      `select city from businesses where full_address = 'Bulevar Milutina Milankovića 1v, Beograd 11070'`,
    );
    expect(newBelgrade.rows).toEqual([{ city: 'Beograd' }]);
  });

  it('places US businesses with coordinates but no address', async () => {
    expect(await count(`country_code = 'US' and full_address is null and latitude is not null`)).toBe(475);
    expect(await count(`country_code = 'US' and full_address is null and city is not null`)).toBe(420);
    const birmingham = await client.query(
      `select distinct city, country_code from businesses where full_address is null and latitude = 33.5313975 and longitude = -86.8504715`,
    );
    expect(birmingham.rows).toEqual([{ city: 'Birmingham', country_code: 'US' }]);
  });

  it('stores the zone of each business: Zürich, Hyderabad, Alabama', async () => {
    expect(await count(`country_code = 'CH' and time_zone = 'Europe/Zurich'`)).toBe(await count(`country_code = 'CH'`));
    expect(await count(`city = 'Hyderabad' and time_zone = 'Asia/Kolkata'`)).toBe(await count(`city = 'Hyderabad'`));
    // 343 rows name Hyderabad alone, 92 with a locality or Secunderabad ("Champapet, Hyderabad"): one city.
    expect(await count(`city = 'Hyderabad'`)).toBe(435);
    // Alabama's ZIP codes start with 35 and 36.
    expect(await count(`postal_code ~ '^3[56]' and country_code = 'US' and time_zone <> 'America/Chicago'`)).toBe(0);
    expect(await count(`postal_code ~ '^3[56]' and country_code = 'US' and time_zone = 'America/Chicago'`)).toBe(607);
  });

  it('falls back to the coordinates, then the country, for a time zone cell that is not one', async () => {
    const file = join(scratch, 'zones.csv');
    await writeFile(
      file,
      'name,place_id,latitude,longitude,country_code,time_zone\n' +
        'Zürich café,tz-1,47.3769,8.5417,CH,Mars/Olympus\n' +
        'Hyderabad gym,tz-2,17.385,78.4867,IN,Asia/Calcutta\n' +
        'Belgrade shop,tz-3,,,RS,EST\n' +
        'Nowhere shop,tz-4,,,US,\n',
    );
    const report = await importFile(file, client);
    expect(report.warnings.map((w) => [w.rowNumber, w.column, w.read, w.stored])).toEqual([
      [2, 'time_zone', 'Mars/Olympus', 'Europe/Zurich'],
      [4, 'time_zone', 'EST', 'Europe/Belgrade'],
    ]);
    expect(report.places).toMatchObject({
      timeZoneFromFile: 1,
      timeZoneFromCoordinates: 1,
      timeZoneFromCountry: 1,
      withoutTimeZone: 1,
      cityFromCoordinates: 2,
    });
    const { rows } = await client.query(
      `select place_id, city, time_zone from businesses where place_id like 'tz-%' order by place_id`,
    );
    expect(rows).toEqual([
      { place_id: 'tz-1', city: 'Zürich', time_zone: 'Europe/Zurich' },
      { place_id: 'tz-2', city: 'Hyderabad', time_zone: 'Asia/Kolkata' },
      { place_id: 'tz-3', city: null, time_zone: 'Europe/Belgrade' },
      { place_id: 'tz-4', city: null, time_zone: null },
    ]);
  });
});
