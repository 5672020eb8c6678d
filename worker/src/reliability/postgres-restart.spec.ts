import pg from 'pg';
import { EXPORT_JOBS, parseExportRequest, QUEUES } from '@directory/core';
import { EXPORTS_POOL } from '../exports/exports.tokens.js';
import { IMPORT_POOL } from '../imports/import-pool.js';
import { SITEMAPS_POOL } from '../sitemaps/sitemaps.tokens.js';
import { SLUGS_POOL } from '../slugs/slugs.tokens.js';
import { waitUntil } from '../../../testing/eventually.js';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';

/**
 * A PostgreSQL restart ends every connection the worker holds, idle ones included. Each pool must take that
 * as a lost connection to replace, not as an unhandled 'error' event that ends the process.
 */
describe('the worker when PostgreSQL ends its connections (pg_terminate_backend)', () => {
  let harness: WorkerHarness;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    harness = await createWorkerHarness({ dataDirPrefix: 'directory-pg-restart-' });
    await harness.start();
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await harness.close();
  });

  it('replaces the lost connections of every pool and runs the next job', async () => {
    const pools = [IMPORT_POOL, EXPORTS_POOL, SITEMAPS_POOL, SLUGS_POOL].map((token) =>
      harness.worker.get<pg.Pool>(token),
    );
    // Each pool holds an idle connection, as between two jobs.
    for (const pool of pools) await pool.query('select 1');
    const admin = new pg.Client({ connectionString: harness.database.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(rowCount).toBeGreaterThanOrEqual(pools.length);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(uncaught).toEqual([]);

    for (const pool of pools) expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    // The search sync listens for changes again on a new connection.
    await waitUntil(async () => {
      const { rows } = await pools[0].query(
        `select 1 from pg_stat_activity where datname = current_database() and query = 'listen search_outbox'`,
      );
      return rows.length === 1;
    }, 'the search sync listens again');
    const events = await harness.events(QUEUES.exports);
    const job = await harness.queue(QUEUES.exports).add(EXPORT_JOBS.export, parseExportRequest({ fields: 'slug' }));
    expect(await job.waitUntilFinished(events, 30_000)).toMatchObject({ rows: 0 });
  });
});
