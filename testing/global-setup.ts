// Runs outside jest's module mapping, so it uses the built core (the test command builds first).
import { migrateDatabase } from '@directory/core';

/**
 * Every test run gets its own database and Redis key prefix (DESIGN.md: runs never see each other's
 * data). Workers inherit the environment set here; global-teardown drops the database.
 */
export default async function globalSetup(): Promise<void> {
  const run = `${Date.now().toString(36)}_${process.pid}`;
  const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  base.pathname = `/directory_test_${run}`;
  process.env.DATABASE_URL = base.toString();
  process.env.REDIS_PREFIX = `directory_test_${run}`;
  process.env.NODE_ENV = 'test';
  process.env.LOG_LEVEL ??= 'silent';
  await migrateDatabase(process.env.DATABASE_URL);
}
