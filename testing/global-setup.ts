// Runs outside jest's module mapping, so it uses the built core (the test command builds first).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase } from '@directory/core';

/**
 * Every test run gets its own databases and Redis key prefix (DESIGN.md: runs never see each other's
 * data). DATABASE_URL is a migrated database the suites may share; TEST_TEMPLATE_DATABASE_URL is a
 * migrated database nobody connects to, cloned by suites that need one to themselves (testing/database.ts).
 * Workers inherit the environment set here; global-teardown drops them all.
 */
export default async function globalSetup(): Promise<void> {
  const run = `directory_test_${Date.now().toString(36)}_${process.pid}`;
  const url = (name: string) => {
    const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    base.pathname = `/${name}`;
    return base.toString();
  };
  process.env.TEST_RUN_ID = run;
  process.env.DATABASE_URL = url(run);
  process.env.TEST_TEMPLATE_DATABASE_URL = url(`${run}_template`);
  process.env.REDIS_PREFIX = run;
  // Uploads, exports and sitemaps of the run go to a folder of its own (removed by global-teardown).
  process.env.DATA_DIR = join(tmpdir(), run);
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL ??= 'silent';
  await migrateDatabase(process.env.DATABASE_URL);
  await migrateDatabase(process.env.TEST_TEMPLATE_DATABASE_URL);
}
