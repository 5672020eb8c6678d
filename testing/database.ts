import pg from 'pg';

/**
 * A database of this suite's own, cloned from the run's migrated template (fast: no migrations),
 * for suites whose assertions count rows. Returns its URL and a function that drops it. The suite also
 * gets a Redis key prefix of its own (under the run's, so global-teardown removes it): a worker started by
 * one suite must never take jobs queued by another suite for another database.
 */
export async function createSuiteDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = new URL(process.env.TEST_TEMPLATE_DATABASE_URL!);
  const templateName = template.pathname.slice(1);
  const name = `${process.env.TEST_RUN_ID}_s${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const maintenance = new URL(template);
  maintenance.pathname = '/postgres';
  const admin = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      for (const sql of statements) await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(templateName)}`);
  process.env.REDIS_PREFIX = name;
  const url = new URL(template);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // pg's Pool.end() resolves before its sockets have closed; a forced drop then terminates them and
    // their 'error' surfaces as an unhandled error in the suite. So: wait up to 2 s for them to go first.
    drop: () =>
      admin(
        `do $$ begin
           for i in 1..40 loop
             exit when not exists (select 1 from pg_stat_activity where datname = ${pg.escapeLiteral(name)});
             perform pg_sleep(0.05);
           end loop;
         end $$`,
        `drop database if exists ${pg.escapeIdentifier(name)} with (force)`,
      ),
  };
}
