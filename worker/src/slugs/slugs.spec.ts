import type { Queue, QueueEvents } from 'bullmq';
import pg from 'pg';
import { businessSlug, QUEUES, SLUG_JOBS } from '@directory/core';
import { createWorkerHarness, type WorkerHarness } from '../testing/worker-harness.js';
import { LONG_TIMESTAMP_SLUG } from './slug-fix.js';

describe('slug fix job (real PostgreSQL, Redis and worker module)', () => {
  let harness: WorkerHarness;
  let queue: Queue;
  let events: QueueEvents;
  let db: pg.Client;

  const run = async (data: { batchSize?: number; maxBatches?: number } = {}) => {
    const job = await queue.add(SLUG_JOBS.fix, data, { attempts: 1 });
    return job.waitUntilFinished(events, 30_000);
  };
  const slugOf = async (name: string) =>
    (await db.query<{ slug: string }>('select slug from businesses where name = $1', [name])).rows.map((r) => r.slug);

  beforeAll(async () => {
    harness = await createWorkerHarness({ dataDirPrefix: 'directory-slugs-' });
    db = new pg.Client({ connectionString: harness.database.url });
    await db.connect();
    await db.query(
      `insert into businesses (name, city, place_id, slug) values
       ('Joe Pizza', 'New York', 'ChIJ-joe', 'joe-pizza-1699999999999'),
       ('Joe Pizza', 'New York', null, 'joe-pizza-1700000000-x7k2m9'),
       ('Taken Cafe', 'Bern', 'other-place', $1),
       ('Collide Cafe', 'Bern', 'pc', 'collide-cafe-1711111111111'),
       ('Normal Shop', 'Basel', 'n', 'normal-shop-basel-abc123'),
       ('Shop 42', null, 's42', 'shop-42-12345'),
       ('Ветеринар', 'Београд', 'vet', 'ветеринар-1712345678901')`,
      // The short slug the Collide Cafe would get is already someone else's.
      [businessSlug('Collide Cafe', 'Bern', 'pc')],
    );
    await db.query(
      `insert into businesses (name, city, place_id, slug)
       select 'Bulk ' || n, 'Zürich', 'bulk-' || n, 'bulk-' || n || '-' || (1700000000000 + n) from generate_series(1, 5) n`,
    );
    await harness.start();
    queue = harness.queue(QUEUES.slugs);
    events = await harness.events(QUEUES.slugs);
  });

  afterAll(async () => {
    await db?.end();
    await harness?.close();
  });

  it('knows a long timestamp slug from an ordinary one', () => {
    expect(LONG_TIMESTAMP_SLUG.test('joe-pizza-1699999999999')).toBe(true);
    expect(LONG_TIMESTAMP_SLUG.test('joe-pizza-1700000000-x7k2m9')).toBe(true);
    expect(LONG_TIMESTAMP_SLUG.test('1700000000000-pizza')).toBe(true);
    expect(LONG_TIMESTAMP_SLUG.test('normal-shop-basel-abc123')).toBe(false);
    expect(LONG_TIMESTAMP_SLUG.test('shop-42-12345')).toBe(false);
    expect(LONG_TIMESTAMP_SLUG.test('call-5551234567890123')).toBe(false);
  });

  it('stops after the batches it may run, keeping a checkpoint, and the next run resumes there', async () => {
    const first = await run({ batchSize: 3, maxBatches: 1 });
    expect(first).toMatchObject({
      success: true,
      successCount: 3,
      totalProcessed: 3,
      checkpointEnabled: true,
      complete: false,
      resumedFrom: null,
    });
    const checkpoint = (await db.query(`select state from job_checkpoints where name = 'slug-fix'`)).rows[0].state;
    expect(checkpoint).toMatchObject({ processed: 3, renamed: 3 });
    // The rows after the checkpoint are untouched so far.
    expect(await slugOf('Bulk 5')).toEqual(['bulk-5-1700000000005']);

    const second = await run({ batchSize: 3 });
    expect(second).toMatchObject({
      success: true,
      successCount: 9,
      totalProcessed: 9,
      complete: true,
      resumedFrom: checkpoint.lastId,
      message: '9 business addresses were shortened; the old addresses redirect to the new ones.',
    });
    expect((await db.query(`select * from job_checkpoints where name = 'slug-fix'`)).rowCount).toBe(0);
  });

  it('gives short, unique place-id style slugs and records a redirect for every old one', async () => {
    const { rows } = await db.query<{ name: string; slug: string; place_id: string | null; id: string }>(
      'select id, name, slug, place_id from businesses order by id',
    );
    expect(rows.filter((r) => LONG_TIMESTAMP_SLUG.test(r.slug))).toEqual([]);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    const [joe, joeWithoutPlace] = rows.filter((r) => r.name === 'Joe Pizza');
    expect(joe.slug).toBe(businessSlug('Joe Pizza', 'New York', 'ChIJ-joe'));
    expect(joeWithoutPlace.slug).toBe(businessSlug('Joe Pizza', 'New York', `business-${joeWithoutPlace.id}`));
    expect(await slugOf('Collide Cafe')).not.toEqual([businessSlug('Collide Cafe', 'Bern', 'pc')]);
    expect((await slugOf('Collide Cafe'))[0]).toMatch(/^collide-cafe-bern-[a-z0-9]{6}$/);
    expect(await slugOf('Ветеринар')).toEqual([businessSlug('Ветеринар', 'Београд', 'vet')]);
    expect(await slugOf('Normal Shop')).toEqual(['normal-shop-basel-abc123']);
    expect(await slugOf('Shop 42')).toEqual(['shop-42-12345']);

    const redirects = await db.query<{ old_slug: string; slug: string }>(
      `select r.old_slug, b.slug from slug_redirects r join businesses b on b.id = r.business_id order by r.old_slug`,
    );
    expect(redirects.rowCount).toBe(9);
    expect(redirects.rows).toContainEqual({ old_slug: 'joe-pizza-1699999999999', slug: joe.slug });
    expect(redirects.rows).toContainEqual({ old_slug: 'bulk-5-1700000000005', slug: (await slugOf('Bulk 5'))[0] });
  });

  it('changes nothing when run again', async () => {
    const before = await db.query('select id, slug from businesses order by id');
    const again = await run();
    expect(again).toMatchObject({
      success: true,
      successCount: 0,
      totalProcessed: 0,
      complete: true,
      resumedFrom: null,
      message: 'No business has a long timestamp address; nothing to change.',
    });
    expect((await db.query('select id, slug from businesses order by id')).rows).toEqual(before.rows);
    expect((await db.query('select count(*)::int as n from slug_redirects')).rows[0].n).toBe(9);
  });

  it('refuses an absurd batch size and an unknown job with sentences', async () => {
    await expect(run({ batchSize: 0 })).rejects.toThrow(
      'The slug fix batch size 0 must be a whole number from 1 to 10000.',
    );
    const job = await queue.add('no-such-job', {}, { attempts: 1 });
    await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow('Unknown slug job "no-such-job".');
  });
});
