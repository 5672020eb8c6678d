import pg from 'pg';
import { createSuiteDatabase } from '../../../testing/database.js';
import { parseAbout } from '../rules/amenities.js';
import { parseWorkingHours } from '../rules/opening-hours.js';
import { demoBusiness } from './generator.js';
import { seedDemo } from './seed.js';

describe('demo directory', () => {
  it('is deterministic, spread over countries and categories, with some malformed hours and amenities', () => {
    expect(demoBusiness(42)).toEqual(demoBusiness(42));
    const sample = Array.from({ length: 3000 }, (_, n) => demoBusiness(n));
    expect(new Set(sample.map((b) => b.country_code)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(sample.map((b) => b.category)).size).toBeGreaterThan(150);
    expect(new Set(sample.map((b) => b.slug)).size).toBe(sample.length);
    const malformedHours = sample.filter((b) => b.working_hours && !parseWorkingHours(b.working_hours));
    const malformedAbout = sample.filter((b) => b.about && !parseAbout(b.about));
    expect(malformedHours.length).toBeGreaterThan(0);
    expect(malformedAbout.length).toBeGreaterThan(0);
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
});
