import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from './orm-options.js';

/** The database name and a URL to the server's maintenance database, from a connection URL. */
function splitDatabaseUrl(databaseUrl: string): { name: string; maintenanceUrl: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`DATABASE_URL ${databaseUrl} names no database`);
  url.pathname = '/postgres';
  return { name, maintenanceUrl: url.toString() };
}

async function withMaintenanceClient<T>(databaseUrl: string, work: (client: pg.Client, name: string) => Promise<T>) {
  const { name, maintenanceUrl } = splitDatabaseUrl(databaseUrl);
  const client = new pg.Client({ connectionString: maintenanceUrl });
  await client.connect();
  try {
    return await work(client, name);
  } finally {
    await client.end();
  }
}

export async function createDatabaseIfMissing(databaseUrl: string): Promise<boolean> {
  return withMaintenanceClient(databaseUrl, async (client, name) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`create database ${pg.escapeIdentifier(name)} encoding 'UTF8' template template0`);
    return true;
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  await withMaintenanceClient(databaseUrl, async (client, name) => {
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  });
}

/** Creates the database when missing and applies every pending migration. */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  await createDatabaseIfMissing(databaseUrl);
  const orm = await MikroORM.init(ormOptions(databaseUrl));
  try {
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}
