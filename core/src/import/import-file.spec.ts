import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { importFile } from './import-file.js';
import { ImportFileError } from './readers.js';

const REAL = join(process.cwd(), '..', 'shared', 'data', 'real');

/** Rows and unique place ids per real file, from shared/data/real/SOURCES.md. */
const REAL_FILES: [file: string, rows: number, uniquePlaceIds: number][] = [
  ['ch_zurich_restaurants.csv', 797, 797],
  ['in_hyderabad_gyms.csv', 500, 500],
  ['rs_belgrade_pet_businesses.csv', 745, 745],
  ['us_ny_pa_hvac_contractors.xlsx', 2000, 1220],
  ['us_hair_transplant_clinics.xlsx', 179, 179],
  ['us_al_medical_dental_clinics.csv', 395, 237],
  ['us_al_dialysis_imaging_centers.csv', 111, 48],
  ['us_al_churches.csv', 328, 237],
  ['us_fl_naples_plumbers_via_gsheets.csv', 98, 98],
  ['us_ar_electricians.xlsx', 114, 114],
  ['us_al_electricians.csv', 139, 139],
  ['us_ca_judo_clubs.xlsx', 14, 14],
];

describe('importing files', () => {
  let database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  let client: pg.Client;
  let scratch: string;
  const count = async (sql = 'select count(*)::int as n from businesses') => (await client.query(sql)).rows[0].n;

  beforeAll(async () => {
    database = await createSuiteDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    scratch = await mkdtemp(join(tmpdir(), 'import-spec-'));
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it.each(REAL_FILES)('reads %s end to end: every row, each place id once', async (file, rows, unique) => {
    const before = await count();
    const report = await importFile(join(REAL, file), client, { batchSize: 500 });
    expect(report.totalRows).toBe(rows);
    expect(report.errorCount).toBe(0);
    expect(report.duplicateAnalysis.uniquePlaceIds).toBe(unique);
    expect(report.duplicateAnalysis.excelDuplicateCount).toBe(rows - unique);
    expect(report.columnExtraction.successful).toEqual(expect.arrayContaining(['name', 'place_id', 'full_address']));
    // Files overlap (the Alabama clinic files share businesses): only place ids new to the database are added.
    expect(report.inserted).toBe(report.duplicateAnalysis.newPlaceIdCount);
    expect((await count()) - before).toBe(report.duplicateAnalysis.newPlaceIdCount);
    expect(report.duplicateAnalysis.newPlaceIdCount + report.duplicateAnalysis.databaseDuplicateCount).toBe(unique);
  });

  it('keeps real quirks readable: list hours, text about leaves, country from name, Cyrillic categories', async () => {
    const gym = await client.query(
      `select working_hours, country_code from businesses where working_hours like '%, %' limit 1`,
    );
    expect(gym.rowCount).toBe(1);
    const { rows } = await client.query(
      `select count(*)::int as n from businesses where category_slug = 'фризер-за-кућне-љубимце'`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from businesses where country_code = 'CH'`)).toBe(796);
  });

  it('re-importing a file changes nothing and reports every row as updated or skipped', async () => {
    const before = await count();
    const report = await importFile(join(REAL, 'us_al_churches.csv'), client);
    expect(report.inserted).toBe(0);
    expect(report.updated).toBe(0);
    expect(report.skipped).toBe(328);
    expect(report.duplicateAnalysis.databaseDuplicateCount).toBe(237);
    expect(await count()).toBe(before);
  });

  it('reports a bad row with its number and still lands the rest', async () => {
    const file = join(scratch, 'mixed.csv');
    await writeFile(
      file,
      'name,place_id,rating,latitude,longitude\nGood One,p-good-1,4.5,10,20\n,p-bad,3,0,0\nGood Two,p-good-2,9,95,20\n',
    );
    const report = await importFile(file, client);
    expect(report).toMatchObject({ totalRows: 3, inserted: 2, errorCount: 1 });
    expect(report.errors).toEqual([{ rowNumber: 3, reason: 'The name is empty; every business needs a name.' }]);
    const two = await client.query(`select rating, latitude from businesses where place_id = 'p-good-2'`);
    expect(two.rows[0]).toEqual({ rating: null, latitude: null });
  });

  it.each([
    ['empty.csv', '', 'The file is empty.'],
    ['header-only.csv', 'name,place_id\n', 'The file has a header row but no data rows.'],
    ['wrong-columns.csv', 'foo,bar\n1,2\n', 'No "name" column was found; the header row has: foo, bar.'],
    [
      'text.xlsx',
      'name\nnot a workbook\n',
      'The file is named .xlsx but is not an Excel workbook (it is not a zip archive).',
    ],
    ['old.xls', 'x', 'Old Excel .xls workbooks are not read; save the file as .xlsx or .csv and upload it again.'],
  ])('refuses %s with a clear error and writes nothing', async (name, content, message) => {
    const before = await count();
    const file = join(scratch, name);
    await writeFile(file, content);
    await expect(importFile(file, client)).rejects.toThrow(new ImportFileError(message));
    expect(await count()).toBe(before);
  });

  it('refuses a truncated workbook', async () => {
    const { readFile } = await import('node:fs/promises');
    const whole = await readFile(join(REAL, 'us_ca_judo_clubs.xlsx'));
    const file = join(scratch, 'truncated.xlsx');
    await writeFile(file, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(importFile(file, client)).rejects.toThrow(ImportFileError);
  });
});
