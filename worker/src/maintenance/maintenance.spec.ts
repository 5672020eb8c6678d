import type { Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import {
  type DeleteBusinessesJobData,
  type DeleteBusinessesProgress,
  MAINTENANCE_JOBS,
  QUEUES,
  TEST_BUSINESS_NAME,
} from '@directory/core';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';

describe('maintenance queue (real Redis, real worker module)', () => {
  let harness: WorkerHarness;
  let queue: Queue;
  let events: QueueEvents;
  let db: pg.Client;

  beforeAll(async () => {
    harness = await createWorkerHarness();
    await harness.start();
    queue = harness.queue(QUEUES.maintenance);
    events = await harness.events(QUEUES.maintenance);
    db = new pg.Client({ connectionString: harness.database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await harness?.close();
  });

  it('refreshes the public counts after a write', async () => {
    await db.query(
      `insert into businesses (name, slug, category, category_slug) values ('A', 'a-111111', 'Bakery', 'bakery'),
       ('B', 'b-222222', 'Bakery', 'bakery')`,
    );
    expect((await db.query(`select * from category_stats where category_slug = 'bakery'`)).rowCount).toBe(0);
    const job = await queue.add(MAINTENANCE_JOBS.refreshAggregates, {});
    const result = await job.waitUntilFinished(events, 30_000);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const { rows } = await db.query(`select business_count from category_stats where category_slug = 'bakery'`);
    expect(rows).toEqual([{ business_count: 2 }]);
    // The sitemaps follow every write the counts do (debounced; not the daily schedule's run).
    const sitemaps = await harness.queue(QUEUES.sitemaps).getDelayed();
    expect(sitemaps.filter((pending) => !pending.repeatJobKey).map((pending) => pending.name)).toEqual(['generate']);
  });

  it('fails an unknown job with a sentence', async () => {
    const job = await queue.add('no-such-job', {}, { attempts: 1 });
    await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow('Unknown maintenance job "no-such-job".');
  });

  it('deletes many businesses in batches, reporting progress, then refreshes the counts', async () => {
    await db.query(
      `insert into businesses (name, slug, category, category_slug)
       select $1, 'test-business-' || n, 'Gym', 'gym' from generate_series(1, 2500) n`,
      [TEST_BUSINESS_NAME],
    );
    await db.query(
      `insert into businesses (name, slug, category, category_slug) values ('Kept', 'kept-1', 'Gym', 'gym')`,
    );
    const refresh = await queue.add(MAINTENANCE_JOBS.refreshAggregates, {});
    await refresh.waitUntilFinished(events, 30_000);
    const gyms = async () =>
      (await db.query(`select business_count from category_stats where category_slug = 'gym'`)).rows[0]
        ?.business_count ?? 0;
    expect(await gyms()).toBe(2501);

    const progress: { jobId: string; data: DeleteBusinessesProgress }[] = [];
    const listener = ({ jobId, data }: { jobId: string; data: unknown }) =>
      progress.push({ jobId, data: data as DeleteBusinessesProgress });
    events.on('progress', listener);
    const data: DeleteBusinessesJobData = { scope: 'test-data', batchSize: 1000 };
    const job = await queue.add(MAINTENANCE_JOBS.deleteBusinesses, data);
    const result = await job.waitUntilFinished(events, 30_000);
    events.off('progress', listener);
    expect(result).toEqual({ success: true, deletedCount: 2500, message: '2500 test businesses were deleted.' });
    // One report per batch, each after its statement committed, then the refresh.
    const reports = progress.filter((p) => p.jobId === job.id).map((p) => p.data);
    expect(reports.map((p) => [p.phase, p.rowsDone, p.rowsTotal])).toEqual([
      ['deleting', 0, 2500],
      ['deleting', 1000, 2500],
      ['deleting', 2000, 2500],
      ['refreshing', 2500, 2500],
      ['done', 2500, 2500],
    ]);
    expect((await db.query(`select name from businesses where category = 'Gym'`)).rows).toEqual([{ name: 'Kept' }]);
    expect(await gyms()).toBe(1);

    const total = Number((await db.query('select count(*) from businesses')).rows[0].count);
    const all = await queue.add(MAINTENANCE_JOBS.deleteBusinesses, { scope: 'all' } satisfies DeleteBusinessesJobData);
    expect(await all.waitUntilFinished(events, 30_000)).toMatchObject({ deletedCount: total });
    expect((await db.query('select count(*)::int as n from businesses')).rows[0].n).toBe(0);
  });

  it('keeps contact messages for the retention setting, deleting exactly the older ones, daily', async () => {
    expect(await queue.getJobScheduler('contact-retention-daily')).toMatchObject({ pattern: '0 4 * * *' });
    await db.query(`update site_settings set value = '6' where key = 'contact_retention_months'`);
    await db.query(
      `insert into contact_messages (name, email, subject, message, created_at) values
       ('Old', 'o@example.com', 'Older than six months', 'x', now() - interval '6 months 1 day'),
       ('Edge', 'e@example.com', 'Just inside six months', 'x', now() - interval '6 months' + interval '1 hour'),
       ('New', 'n@example.com', 'Yesterday', 'x', now() - interval '1 day')`,
    );
    const job = await queue.add(MAINTENANCE_JOBS.contactRetention, {});
    expect(await job.waitUntilFinished(events, 30_000)).toMatchObject({ deletedCount: 1, months: 6 });
    const { rows } = await db.query('select name from contact_messages order by name');
    expect(rows).toEqual([{ name: 'Edge' }, { name: 'New' }]);
  });

  it("applies the admin's category merges to the stored businesses, then refreshes the counts", async () => {
    await db.query(
      `insert into businesses (name, slug, category, category_slug, is_approved) values
       ('Odeon', 'odeon-1', 'Café', 'café', true), ('Eins', 'eins-1', 'Kaffeegeschäft', 'kaffeegeschäft', true)`,
    );
    await db.query(
      `insert into category_merges (spelling, spelling_key, into_category, into_key)
       values ('Kaffeegeschäft', 'kaffeegeschaft', 'Cafe', 'cafe')`,
    );
    const job = await queue.add(MAINTENANCE_JOBS.applyCategoryMerges, {});
    expect(await job.waitUntilFinished(events, 30_000)).toMatchObject({
      businessesUpdated: 1,
      categorySpellingsMerged: 1,
    });
    const { rows } = await db.query(
      `select name, category from businesses where slug in ('odeon-1', 'eins-1') order by name`,
    );
    expect(rows).toEqual([
      { name: 'Eins', category: 'Café' },
      { name: 'Odeon', category: 'Café' },
    ]);
    const counted = await db.query(`select business_count from category_stats where category_slug = 'café'`);
    expect(counted.rows).toEqual([{ business_count: 2 }]);
    // The rebuild that gives every Café the merged spelling as a search word is queued.
    const rebuilds = await harness.queue(QUEUES.search).getDelayed();
    expect(rebuilds.map((j) => j.name)).toContain('reindex');
    const { rows: phrases } = await db.query(`select search_synonym_phrases('Odeon', 'Café', null) as p`);
    expect(phrases[0].p).toContain('Kaffeegeschäft');
  });
});
