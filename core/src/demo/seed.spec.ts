import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { EXPORT_FIELDS } from '../export/business-fields.js';
import { parseExportRequest } from '../export/request.js';
import { writeExportCsv } from '../export/write-csv.js';
import { importFile } from '../import/import-file.js';
import { normalHours } from '../import/normalize-row.js';
import { canonicalAbout } from '../rules/amenities.js';
import { demoBusiness } from './generator.js';
import { seedDemo } from './seed.js';

describe('demo directory', () => {
  it('is deterministic, spread over countries and categories, with hours and amenities in their stored form', () => {
    expect(demoBusiness(42)).toEqual(demoBusiness(42));
    const sample = Array.from({ length: 3000 }, (_, n) => demoBusiness(n));
    expect(new Set(sample.map((b) => b.country_code)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(sample.map((b) => b.category)).size).toBeGreaterThan(150);
    expect(new Set(sample.map((b) => b.slug)).size).toBe(sample.length);
    for (const b of sample) {
      if (b.working_hours !== null) expect(normalHours(b.working_hours)).toBe(b.working_hours);
      if (b.about !== null) expect(canonicalAbout(b.about)).toBe(b.about);
    }
    // Still varied: some without hours or amenities, split hours (lists in files), amenities marked false.
    expect(sample.filter((b) => b.working_hours === null).length).toBeGreaterThan(300);
    expect(sample.filter((b) => b.working_hours?.includes(', ')).length).toBeGreaterThan(300);
    expect(sample.filter((b) => b.about === null).length).toBeGreaterThan(300);
    expect(sample.filter((b) => b.about?.includes(':false')).length).toBeGreaterThan(300);
    for (const b of sample.slice(0, 200)) {
      expect(Math.abs(b.latitude!)).toBeLessThanOrEqual(90);
      expect(b.rating === null || (b.rating >= 0 && b.rating <= 5)).toBe(true);
    }
  });

  it('seeds a database, refreshes the counts, and a second run duplicates nothing', async () => {
    const database = await createSuiteDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await seedDemo({ databaseUrl: database.url, businesses: 1500, batchSize: 400 });
      const count = async () => (await client.query('select count(*)::int as n from businesses')).rows[0].n;
      expect(await count()).toBe(1500);
      const totals = (await client.query('select business_count from directory_totals')).rows[0];
      expect(totals.business_count).toBe(1500);
      await seedDemo({ databaseUrl: database.url, businesses: 1500, batchSize: 700 });
      expect(await count()).toBe(1500);
    } finally {
      await client.end();
      await database.drop();
    }
  });

  it('is stored as an import stores it: its export imported again changes nothing', async () => {
    const database = await createSuiteDatabase();
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      await seedDemo({ databaseUrl: database.url, businesses: 2000 });
      const file = join(await mkdtemp(join(tmpdir(), 'demo-round-trip-')), 'demo.csv');
      const request = parseExportRequest({ fields: [...EXPORT_FIELDS] });
      expect(await writeExportCsv(pool, request, file)).toMatchObject({ rows: 2000 });
      const snapshot = async () => (await pool.query(`select * from businesses order by place_id`)).rows;
      const before = await snapshot();
      const client = await pool.connect();
      try {
        const report = await importFile(file, client);
        expect(report).toMatchObject({ totalRows: 2000, inserted: 0, updated: 0, errorCount: 0, warningCount: 0 });
      } finally {
        client.release();
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      await pool.end();
      await database.drop();
    }
  });
});
