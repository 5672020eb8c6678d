import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { EXPORT_FIELDS } from '../export/business-fields.js';
import { parseExportRequest } from '../export/request.js';
import { writeExportCsv } from '../export/write-csv.js';
import { SKIP_REASONS } from './business-writer.js';
import { importFile } from './import-file.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

/** Issue 31: an import says what it did not store as read, skips what is not a business, and round-trips. */
describe('imports that tell the truth', () => {
  let databases: Awaited<ReturnType<typeof createSuiteDatabase>>[];
  let first: pg.Pool;
  let second: pg.Pool;
  let scratch: string;
  const importInto = async (pool: pg.Pool, file: string) => {
    const client = await pool.connect();
    try {
      return await importFile(file, client);
    } finally {
      client.release();
    }
  };

  beforeAll(async () => {
    databases = [await createSuiteDatabase(), await createSuiteDatabase()];
    [first, second] = databases.map((d) => new pg.Pool({ connectionString: d.url, max: 2 }));
    scratch = await mkdtemp(join(tmpdir(), 'import-truth-'));
  });
  afterAll(async () => {
    await Promise.all([first.end(), second.end()]);
    await Promise.all(databases.map((d) => d.drop()));
  });

  it('reports every value out of range or unreadable: column, what was read, what was stored', async () => {
    const file = join(scratch, 'out-of-range.csv');
    await writeFile(
      file,
      [
        'name,place_id,latitude,longitude,rating,reviews,country,country_code,working_hours,about,verified',
        'North Pole Café,w-1,95,20,7,-3,,USA,"{""Monday"": 5}","{not json",maybe',
        'Fine Place,w-2,47.3,8.5,4.5,12.0,,UK,"{""Monday"": ""9AM-5PM""}","{}",true',
        'Half Position,w-3,47.3,,abc,1e12,Switzerland,XX,,,',
        // A lower-case code is the same code; a JSON and a Python dict cut short cannot be read.
        `Cut Short,w-4,,,,,,ch,"{""Monday"": ""9AM-5PM"", ""Tuesday"": ","{'Service options': {'Dine-in': True",true`,
      ].join('\n'),
    );
    const report = await importInto(first, file);
    expect(report).toMatchObject({ totalRows: 4, inserted: 4, errorCount: 0, warningCount: 15 });
    expect(report.warnings.map((w) => [w.rowNumber, w.column, w.read, w.stored])).toEqual([
      [2, 'latitude', '95', null],
      [2, 'longitude', '20', null],
      [2, 'rating', '7', null],
      [2, 'reviews', '-3', '0'],
      [2, 'country_code', 'USA', 'US'],
      [2, 'working_hours', '{"Monday": 5}', null],
      [2, 'about', '{not json', null],
      [2, 'verified', 'maybe', 'false'],
      [3, 'country_code', 'UK', 'GB'],
      [4, 'latitude', '47.3', null],
      [4, 'rating', 'abc', null],
      [4, 'reviews', '1e12', '2147483647'],
      [4, 'country_code', 'XX', 'CH'],
      [5, 'working_hours', '{"Monday": "9AM-5PM", "Tuesday":', null],
      [5, 'about', "{'Service options': {'Dine-in': True", null],
    ]);
    expect(report.warnings.every((w) => w.reason.endsWith('.'))).toBe(true);
    expect(report.problemCounts).toMatchObject({ 'country-code': 3, 'working-hours': 2, about: 2 });
    const { rows } = await first.query(
      `select place_id, latitude, rating, reviews, country_code, working_hours, verified from businesses order by place_id`,
    );
    expect(rows).toEqual([
      {
        place_id: 'w-1',
        latitude: null,
        rating: null,
        reviews: 0,
        country_code: 'US',
        working_hours: null,
        verified: false,
      },
      {
        place_id: 'w-2',
        latitude: 47.3,
        rating: 4.5,
        reviews: 12,
        country_code: 'GB',
        working_hours: '{"Monday":"9AM-5PM"}',
        verified: true,
      },
      {
        place_id: 'w-3',
        latitude: null,
        rating: null,
        reviews: 2147483647,
        country_code: 'CH',
        working_hours: null,
        verified: false,
      },
      {
        place_id: 'w-4',
        latitude: null,
        rating: null,
        reviews: 0,
        country_code: 'CH',
        working_hours: null,
        verified: true,
      },
    ]);
  });

  it('skips a town or area that a Google-Maps export lists among businesses, naming the reason', async () => {
    const file = join(scratch, 'towns.csv');
    await writeFile(
      file,
      [
        'name,category,type,phone,site,full_address,rating,place_id',
        'Dornsife,,,,,"Little Mahanoy Township, PA 17823",,t-1',
        'Cranston,,,,http://www.cranstonri.com/,Rhode Island,,t-2',
        'SV Gym Fitness Club,,,,,"12, Rasoolpura, Begumpet, Hyderabad",,t-3',
        'Joe Plumbing,Plumber,Plumber,+1 555,,"Queens, NY",4.5,t-4',
        // Google's categories of places: an area, a postal code (as in us_ny_pa_hvac_contractors.xlsx)…
        'Midtown Manhattan,Area,Area,,,"Manhattan, New York, NY",,t-5',
        '"Fultonville, NY 12016",,Postal code,,,"Fultonville, NY",,t-6',
        // …which a business with a phone or a rating may have too.
        'Area 51 Bar,Area,Area,+1 702 555 0151,,"Rachel, NV",,t-7',
        'Zip Code Cafe,Postal code,,,,"Fultonville, NY",4.2,t-8',
      ].join('\n'),
    );
    const report = await importInto(first, file);
    expect(report).toMatchObject({ totalRows: 8, inserted: 4, skipped: 4, errorCount: 0 });
    expect(report.skippedRows).toEqual([
      { rowNumber: 2, name: 'Dornsife', placeId: 't-1', reason: SKIP_REASONS.notABusiness, kind: 'not-a-business' },
      { rowNumber: 3, name: 'Cranston', placeId: 't-2', reason: SKIP_REASONS.notABusiness, kind: 'not-a-business' },
      {
        rowNumber: 6,
        name: 'Midtown Manhattan',
        placeId: 't-5',
        reason: SKIP_REASONS.notABusiness,
        kind: 'not-a-business',
      },
      {
        rowNumber: 7,
        name: 'Fultonville, NY 12016',
        placeId: 't-6',
        reason: SKIP_REASONS.notABusiness,
        kind: 'not-a-business',
      },
    ]);
    expect(report.problemCounts).toMatchObject({ 'not-a-business': 4 });
  });

  it('keeps a stored time zone a file does not give while the place is the same, and follows a move', async () => {
    const zoneFile = async (name: string, lines: string[]) => {
      const file = join(scratch, name);
      await writeFile(file, lines.join('\n'));
      return importInto(first, file);
    };
    const zones = async () =>
      (await first.query(`select place_id, time_zone from businesses where place_id like 'z-%' order by 1`)).rows;
    await zoneFile('zones.csv', [
      'name,place_id,phone,country_code,latitude,longitude,time_zone',
      'At Sea,z-1,+1 555 0101,US,30,-60,America/Detroit', // at sea with no address: a placeholder, left empty
      'Google Says,z-2,+1 555 0102,US,39.9425879,-90.1106535,America/New_York', // the position says Chicago
      'Moving,z-3,+1 555 0103,US,40.7128,-74.006,America/New_York',
    ]);
    const without = await zoneFile('without-zones.csv', [
      'name,place_id,phone,country_code,latitude,longitude',
      'At Sea,z-1,+1 555 0101,US,30,-60',
      'Google Says,z-2,+1 555 0102,US,39.9425879,-90.1106535',
      'Moving,z-3,+1 555 0103,US,41.8781,-87.6298',
    ]);
    // The one warning is At Sea's position, left empty again.
    expect(without).toMatchObject({ updated: 1, warningCount: 1 });
    expect(await zones()).toEqual([
      { place_id: 'z-1', time_zone: 'America/Detroit' },
      { place_id: 'z-2', time_zone: 'America/New_York' },
      { place_id: 'z-3', time_zone: 'America/Chicago' },
    ]);
    // A zone the file gives, even an unreadable one, is what the warning says was stored.
    const unreadable = await zoneFile('bad-zone.csv', [
      'name,place_id,phone,country_code,latitude,longitude,time_zone',
      'At Sea,z-1,+1 555 0101,US,30,-60,EST',
    ]);
    expect(unreadable.warnings.map((w) => [w.column, w.read, w.stored])).toEqual([
      ['latitude', '30', null],
      ['time_zone', 'EST', null],
    ]);
    expect((await zones())[0]).toEqual({ place_id: 'z-1', time_zone: null });
  });

  it("removes the ' our export puts before a formula start, and only that", async () => {
    const file = join(scratch, 'quoted.csv');
    await writeFile(
      file,
      `name,place_id,phone,street\n'=Odd Name,q-1,'+1 315-471-7747,'-5 West\nO'Brien,q-2,'Quoted,'x\n`,
    );
    await importInto(first, file);
    const { rows } = await first.query(
      `select name, phone, street from businesses where place_id like 'q-%' order by 1`,
    );
    expect(rows).toEqual([
      { name: '=Odd Name', phone: '+1 315-471-7747', street: '-5 West' },
      { name: "O'Brien", phone: "'Quoted", street: "'x" },
    ]);
  });

  it('export → import changes nothing: every field of every business of real files, both layouts', async () => {
    const reals = ['us_ny_pa_hvac_contractors.xlsx', 'in_hyderabad_gyms.csv', 'ch_zurich_restaurants.csv'];
    // Its Google time zones are kept where the coordinates are placeholders at sea ("Third Gen Electric LLC").
    reals.push('us_al_electricians.csv');
    for (const real of reals) await importInto(second, join(REAL, real));
    const exported = join(scratch, 'export.csv');
    const request = parseExportRequest({ fields: [...EXPORT_FIELDS] });
    await writeExportCsv(second, request, exported);
    const fields = EXPORT_FIELDS.filter((f) => !['id', 'created_at', 'updated_at'].includes(f));
    const snapshot = async (pool: pg.Pool) =>
      (await pool.query(`select ${fields.join(', ')} from businesses order by place_id, name`)).rows;
    const before = await snapshot(second);
    expect(before.length).toBeGreaterThan(2500);
    expect(before.some((b) => b.phone?.startsWith('+'))).toBe(true);

    await first.query('truncate businesses cascade');
    const report = await importInto(first, exported);
    expect(report).toMatchObject({ errorCount: 0, warningCount: 0, inserted: before.length });
    expect(await snapshot(first)).toEqual(before);

    // Into the directory it came from, the file changes nothing either, the time zone (not an export field) included.
    const zones = async () =>
      (await second.query(`select place_id, time_zone from businesses order by place_id, name`)).rows;
    const zonesBefore = await zones();
    expect(zonesBefore.filter((b) => b.time_zone === 'America/Detroit').length).toBeGreaterThan(0);
    expect(await importInto(second, exported)).toMatchObject({ errorCount: 0, inserted: 0, updated: 0 });
    expect(await zones()).toEqual(zonesBefore);
  });
});
