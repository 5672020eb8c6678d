import type { Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import { QUEUES, SEARCH_JOBS } from '@directory/core';
import { outboxBacklog, PostgresSearchEngine } from '@directory/search';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';
import { waitUntil } from '../../../testing/eventually.js';

describe('search sync (real PostgreSQL, Redis and worker module)', () => {
  let harness: WorkerHarness;
  let queue: Queue;
  let events: QueueEvents;
  let pool: pg.Pool;
  let engine: PostgresSearchEngine;
  const found = async (q: string) => (await engine.search({ q })).hits.map((h) => h.name);

  beforeAll(async () => {
    harness = await createWorkerHarness();
    pool = new pg.Pool({ connectionString: harness.database.url, max: 3 });
    // Written before any worker ran: the start-up reindex must pick it up.
    // Its hours but no open minutes, as stored before open minutes were: the worker completes them at start.
    await pool.query(
      `insert into businesses (name, slug, category, category_slug, city, city_slug, country_code, time_zone, working_hours)
       values ('Before Start Bakery', 'before-start-1', 'Bakery', 'bakery', 'Bern', 'bern', 'CH', 'Europe/Zurich',
               '{"Monday":"Open 24 hours"}')`,
    );
    await harness.start();
    queue = harness.queue(QUEUES.search);
    events = await harness.events(QUEUES.search);
    engine = new PostgresSearchEngine(pool);
  });

  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await pool?.end();
    await harness?.close();
  });

  it('builds the missing index at start from what PostgreSQL holds', async () => {
    await waitUntil(async () => (await found('before start')).length === 1, 'the start-up reindex ran');
  });

  it('completes the open minutes of businesses stored before them, and the index follows', async () => {
    // Monday 12:00 in Zürich.
    const monday = new Date('2026-11-23T11:00:00Z');
    const openNow = async () =>
      (await engine.search({ q: 'before start', now: monday })).hits.map((hit) => hit.openNow);
    await waitUntil(async () => (await openNow())[0] === true, 'the open minutes were written and indexed');
    const { rows } = await pool.query(`select open_minutes::text as m from businesses where slug = 'before-start-1'`);
    expect(rows).toEqual([{ m: '{[1440,2880)}' }]);
  });

  it('makes a committed write searchable without being asked, and a delete unsearchable', async () => {
    await pool.query(
      `insert into businesses (name, slug, category, category_slug) values ('Wombat Coffee', 'wombat-1', 'Cafe', 'cafe')`,
    );
    await waitUntil(async () => (await found('wombat')).includes('Wombat Coffee'), 'the insert was indexed');
    await pool.query(`update businesses set name = 'Wombat Espresso' where slug = 'wombat-1'`);
    await waitUntil(async () => (await found('espresso')).includes('Wombat Espresso'), 'the edit was indexed');
    await pool.query(`delete from businesses where slug = 'wombat-1'`);
    await waitUntil(async () => (await found('wombat')).length === 0, 'the delete was applied');
    await waitUntil(async () => (await outboxBacklog(pool)).rows === 0, 'the outbox was emptied');
  });

  it('rebuilds the whole index on a reindex job and keeps every document', async () => {
    await pool.query(
      `insert into businesses (name, slug, category, category_slug)
       select 'Bulk ' || n, 'bulk-' || n, 'Shop', 'shop' from generate_series(1, 500) n`,
    );
    const job = await queue.add(SEARCH_JOBS.reindex, {});
    const result = await job.waitUntilFinished(events, 60_000);
    const { rows } = await pool.query<{ n: string }>('select count(*) as n from businesses');
    expect(result.documents).toBe(Number(rows[0].n));
    expect((await engine.search({ category: 'shop', limit: 1 })).total).toBe(500);
  });

  it('fails an unknown job with a sentence', async () => {
    const job = await queue.add('no-such-job', {}, { attempts: 1 });
    await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow('Unknown search job "no-such-job".');
  });
});
