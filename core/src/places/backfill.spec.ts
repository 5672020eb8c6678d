import { join } from 'node:path';
import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { importFile } from '../import/import-file.js';
import { canonicalizeDirectory } from '../canonical/canonicalize.js';
import { OPEN_MINUTES_WRITER } from '../import/business-writer.js';
import { slugify } from '../rules/slug.js';
import { weekMinutesOf } from '../rules/week-hours.js';
import { backfillOpenMinutes, backfillPlaces } from './backfill.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');
const PLACE = `id, city, city_slug, postal_code, country, country_code, time_zone, latitude, longitude`;

describe('completing the places of businesses stored before', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('gives them the place an import gives today, and changes nothing when run again', async () => {
    for (const file of ['rs_belgrade_pet_businesses.csv', 'us_al_electricians.csv'])
      await importFile(join(REAL, file), client);
    const imported = (await client.query(`select ${PLACE} from businesses order by id`)).rows;
    // As imports stored them before: the file's columns only (Belgrade's has no city, country or zone; the
    // Alabama rows without an address had no city or country).
    await client.query(`update businesses set city = null, city_slug = null, country = null, country_code = null,
      time_zone = null where full_address is null or full_address like '%Beograd%' or country_code = 'RS'`);
    await client.query(`update businesses set time_zone = null where country_code = 'RS' or country_code is null`);
    const emptied = (await client.query(`select ${PLACE} from businesses order by id`)).rows;
    const differing = emptied.filter((row, i) => JSON.stringify(row) !== JSON.stringify(imported[i])).length;
    expect(differing).toBe(785);

    const first = await backfillPlaces(client, { batchSize: 100 });
    // As `npm run places:backfill` does: the places found take their city's canonical name.
    await canonicalizeDirectory(client);
    // Stored before, they had no zone at all: 4 Alabama rows whose zone only the file knew (no address, a
    // position at sea or none) stay without one; a re-import of their file gives it.
    const backfilled = (await client.query(`select ${PLACE} from businesses order by id`)).rows;
    const zoneOnlyInFile = imported.filter((row, i) => JSON.stringify(row) !== JSON.stringify(backfilled[i]));
    expect(zoneOnlyInFile.map((row) => [row.country_code, row.city])).toEqual(Array(4).fill([null, null]));
    expect(backfilled).toEqual(
      imported.map((row) => (zoneOnlyInFile.includes(row) ? { ...row, time_zone: null } : row)),
    );
    expect(first.updated).toBe(differing - 4);

    const again = await backfillPlaces(client, { batchSize: 100 });
    expect(again.updated).toBe(0);
    expect(again.examined).toBe(
      (
        await client.query(
          `select count(*)::int as n from businesses where city is null or country_code is null or time_zone is null`,
        )
      ).rows[0].n,
    );
  });

  it('reads again the places older rules read wrongly: from a placeholder position, or an area taken for the town', async () => {
    const today = (await client.query(`select ${PLACE} from businesses order by id`)).rows;
    // As the rules before stored them: Kinolog Milena (longitude 0.0, no address) at that position, in Burkina Faso
    // (an import now leaves such positions empty); the last part of an address as the town, whole ("…, Grad Beograd",
    // "…, Beograd - Zemun 11080"); New Belgrade as a city.
    const kinolog =
      await client.query(`update businesses set latitude = 13.5074, longitude = 0, country = 'Burkina Faso',
      country_code = 'BF', time_zone = 'Africa/Abidjan' where name = 'Kinolog Milena' and latitude is null`);
    expect(kinolog.rowCount).toBe(1);
    // Third Gen Electric (no address) at the made-up position off Oregon its export gives (left empty now).
    const atSea = await client.query(`update businesses set latitude = 46.423669, longitude = -129.9427086
      where name = 'Third Gen Electric LLC' and latitude is null`);
    expect(atSea.rowCount).toBe(1);
    const older: [string, string, string | null][] = [
      ['%, Grad Beograd', 'Grad Beograd', null],
      ['%, Belgrade county', 'Belgrade county', null],
      ['%, Belgrade, county', 'county', null],
      ['%, Beograd - Zemun 11080', 'Beograd - Zemun', '11080'],
      ['%, Novi Beograd 1%', 'Novi Beograd', null],
    ];
    for (const [address, city, postalCode] of older)
      await client.query(
        `update businesses set city = $2, city_slug = $3, postal_code = coalesce($4, postal_code)
         where full_address like $1`,
        [address, city, slugify(city), postalCode],
      );
    const cities = async () =>
      (await client.query(`select distinct city from businesses where country_code = 'RS' order by city`)).rows.map(
        (row) => row.city,
      );
    expect(await cities()).toEqual(expect.arrayContaining(['Grad Beograd', 'Novi Beograd', 'county']));

    const result = await backfillPlaces(client, { batchSize: 100 });
    await canonicalizeDirectory(client);
    // New Belgrade is Belgrade by the canonical names (the backfill CLI runs them after), the others by the backfill.
    expect(result.updated).toBe(6);
    expect((await client.query(`select ${PLACE} from businesses order by id`)).rows).toEqual(today);
    expect(await cities()).not.toEqual(expect.arrayContaining(['Novi Beograd']));
    expect((await backfillPlaces(client, { batchSize: 100 })).updated).toBe(0);
  });

  it('gives businesses with hours their open and unlisted minutes, as an import writes them; a change of hours alone empties them', async () => {
    const minutes = `select id, working_hours, open_minutes::text as open_minutes, unlisted_minutes::text as unlisted_minutes
                     from businesses order by id`;
    // Hyderabad's gyms: the export captured one day of the week for ~110 of them.
    await importFile(join(REAL, 'in_hyderabad_gyms.csv'), client);
    const imported = (await client.query(minutes)).rows;
    const withHours = imported.filter((row) => row.open_minutes !== null);
    expect(withHours.length).toBeGreaterThan(100);
    for (const row of imported) {
      const { open, unlisted } = weekMinutesOf(row.working_hours);
      expect([row.open_minutes, row.unlisted_minutes]).toEqual([open, unlisted]);
    }
    expect(imported.filter((row) => row.unlisted_minutes !== null).length).toBeGreaterThan(10);

    await client.query(`update businesses set open_minutes = null, unlisted_minutes = null`);
    expect(await backfillOpenMinutes(client, { batchSize: 100 })).toBe(withHours.length);
    expect((await client.query(minutes)).rows).toEqual(imported);
    expect(await backfillOpenMinutes(client, { batchSize: 100 })).toBe(0);

    // Hours written without their minutes leave none (unknown, never stale); a writer that declares it keeps its own.
    const [first] = withHours;
    await client.query(`update businesses set working_hours = '{"Monday":"9AM-5PM"}' where id = $1`, [first.id]);
    const read = async () =>
      (await client.query(`select open_minutes::text as m from businesses where id = $1`, [first.id])).rows[0].m;
    expect(await read()).toBeNull();
    const unlisted = `select unlisted_minutes::text as m from businesses where id = $1`;
    expect((await client.query(unlisted, [first.id])).rows[0].m).toBeNull();
    await client.query('begin');
    await client.query(OPEN_MINUTES_WRITER);
    await client.query(
      `update businesses set working_hours = '{"Monday":"9AM-6PM"}', open_minutes = '{[1980,2520)}' where id = $1`,
      [first.id],
    );
    await client.query('commit');
    expect(await read()).toBe('{[1980,2520)}');
    await client.query(`update businesses set working_hours = $2 where id = $1`, [first.id, first.working_hours]);
    expect(await read()).toBeNull();
    expect(await backfillOpenMinutes(client)).toBe(1);
    expect(await read()).toBe(first.open_minutes);
  });
});
