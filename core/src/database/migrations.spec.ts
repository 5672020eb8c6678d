import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { dropDatabase, migrateDatabase } from './database-admin.js';

describe('migrations (real PostgreSQL)', () => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${process.env.TEST_RUN_ID}_migrations_${process.pid}`;
  const databaseUrl = url.toString();

  afterAll(() => dropDatabase(databaseUrl));

  it('applies every migration file of the folder, in name order, once', async () => {
    const files = (await readdir(new URL('./migrations', import.meta.url)))
      .filter((name) => /^Migration.*\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    expect(await migrateDatabase(databaseUrl)).toEqual(files);
    expect(await migrateDatabase(databaseUrl)).toEqual([]);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ name: string }>('select name from mikro_orm_migrations order by id');
      expect(rows.map((r) => r.name)).toEqual(files);
    } finally {
      await db.end();
    }
  });
});
