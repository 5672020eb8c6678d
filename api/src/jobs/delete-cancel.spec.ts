import pg from 'pg';
import request from 'supertest';
import {
  type AdminJob,
  type AdminJobsAnswer,
  deleteCancelledMessage,
  enqueueDeleteBusinesses,
  QUEUES,
  TEST_BUSINESS_NAME,
} from '@directory/core';
import { eventually } from '../../../worker/src/imports/import-testing.js';
import { outcomeSentence } from '../../../web/src/admin/jobs-centre/job-text.js';
import { AdminBusinessesService } from '../admin/admin-businesses.service.js';
import { useUploadApp } from '../uploads/upload-testing.js';

const ROWS = 1_000;

/**
 * Cancel of a running delete job (test data, delete-all, bulk reject) from the jobs centre, against the real
 * api, worker, PostgreSQL, Redis and BullMQ: it stops between batches, each committed, and what the job,
 * the call and the jobs centre's sentence say is exactly what the database holds.
 */
describe('cancelling a running delete job', () => {
  const { app, http, jobs, cancelSeen } = useUploadApp();
  const db = () => app.t.orm.em.fork();
  const jobIn = async (id: string) =>
    (
      (await request(http()).get('/api/admin/jobs?limit=100').set('Cookie', app.cookie).expect(200))
        .body as AdminJobsAnswer
    ).jobs.find((j) => j.queue === 'maintenance' && j.id === id);
  /** The test businesses of one case (their slugs carry its tag). */
  const left = async (tag: string) =>
    Number(
      (
        await db().execute<{ n: number }[]>('select count(*)::int as n from businesses where slug like ?', [
          `test-business-${tag}-%`,
        ])
      )[0].n,
    );
  const seed = (tag: string, approved = true) =>
    db().execute(
      `insert into businesses (name, slug, is_approved)
       select ?, 'test-business-' || ? || '-' || n, ? from generate_series(1, ?) n`,
      [TEST_BUSINESS_NAME, tag, approved, ROWS],
    );
  /**
   * Locks one test business half-way through (an open transaction): the delete's batch that reaches it waits,
   * so the job is surely running when cancelled, without any timing; `release` lets it go on.
   */
  const holdHalfWay = async (tag: string) => {
    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    await client.query('begin');
    await client.query(`select 1 from businesses where slug = 'test-business-${tag}-${ROWS / 2}' for update`);
    return {
      release: async () => {
        await client.query('rollback');
        await client.end();
      },
    };
  };
  const cancel = (id: string) =>
    request(http()).post(`/api/admin/jobs/${id}/cancel?queue=maintenance`).set('Cookie', app.cookie).expect(202);

  it('stops between batches; the committed ones stay deleted, and job, sentence and database agree', async () => {
    await seed('centre');
    const hold = await holdHalfWay('centre');
    const job = await enqueueDeleteBusinesses(jobs().queue(QUEUES.maintenance), {
      scope: 'test-data',
      batchSize: 10,
    });
    const id = String(job.id);
    try {
      await eventually(async () => ((await jobIn(id))?.progress?.rowsDone ?? 0) >= 50, 'batches deleted');
      expect(await jobIn(id)).toMatchObject({ state: 'active', canCancel: true });
      expect((await cancel(id)).body.message).toBe(
        'The delete stops after its current batch; what it deleted stays deleted, the rest is kept, and the job says how many.',
      );
      await cancelSeen(id);
    } finally {
      await hold.release();
    }
    await eventually(async () => (await jobIn(id))?.state === 'failed', 'the delete stopped');

    const stopped = (await jobIn(id)) as AdminJob;
    const deleted = stopped.progress!.rowsDone!;
    expect(deleted).toBeGreaterThanOrEqual(50);
    expect(deleted).toBeLessThan(ROWS);
    expect(await left('centre')).toBe(ROWS - deleted);
    expect(stopped).toMatchObject({
      canRetry: true,
      failedReason: deleteCancelledMessage(deleted, ROWS),
      progress: { phase: 'cancelled', rowsDone: deleted, rowsTotal: ROWS },
    });
    // What the jobs centre says (web/src/admin/jobs-centre/job-text.ts), with the numbers of the database.
    const fmt = (n: number) => n.toLocaleString('tr-TR');
    expect(outcomeSentence(stopped)).toBe(
      `İptal edildi; ${fmt(ROWS)} işletmeden ${fmt(deleted)} tanesi silindi (silinenler geri gelmez), ` +
        `${fmt(ROWS - deleted)} işletme duruyor.`,
    );

    // A retry deletes the rest and counts both runs.
    await request(http()).post(`/api/admin/jobs/${id}/retry?queue=maintenance`).set('Cookie', app.cookie).expect(202);
    await eventually(async () => (await jobIn(id))?.state === 'completed', 'the retried delete finished');
    expect(await left('centre')).toBe(0);
    expect((await jobIn(id))?.result).toMatchObject({ deletedCount: ROWS });
  });

  // The calls that wait for their job: the test data (as delete-all, the same job) and a bulk reject.
  it.each([
    ['DELETE /api/admin/test-data', 'call-data', true, () => request(http()).delete('/api/admin/test-data')],
    [
      'POST /api/admin/businesses/reject',
      'call-reject',
      false,
      () =>
        request(http())
          .post('/api/admin/businesses/reject')
          .send({ matching: { approval: 'waiting' } }),
    ],
  ] as const)('%s answers a cancel of its job with the count deleted', async (_, tag, approved, send) => {
    await seed(tag, approved);
    const hold = await holdHalfWay(tag);
    const service = app.t.app.get(AdminBusinessesService);
    service.deleteInRequestMax = 10;
    service.deleteJobBatchSize = 10;
    let released = false;
    try {
      const call = send()
        .set('Cookie', app.cookie)
        .then((r) => r);
      let id = '';
      await eventually(async () => {
        const running = (await jobs().queue(QUEUES.maintenance).getJobs(['active'])).find(
          (j) => j.name === 'delete-businesses' && ((j.progress as { rowsDone?: number })?.rowsDone ?? 0) >= 20,
        );
        id = running ? String(running.id) : '';
        return id !== '';
      }, 'the delete job running');
      await cancel(id);
      await cancelSeen(id);
      await hold.release();
      released = true;
      const answer = await call;
      expect(answer.status).toBe(200);
      const deleted = ROWS - (await left(tag));
      expect(answer.body).toEqual({
        success: false,
        cancelled: true,
        deletedCount: deleted,
        totalCount: ROWS,
        message: deleteCancelledMessage(deleted, ROWS),
      });
      expect(deleted).toBeGreaterThanOrEqual(20);
      expect(deleted).toBeLessThan(ROWS);
    } finally {
      if (!released) await hold.release();
      service.deleteInRequestMax = 10_000;
      service.deleteJobBatchSize = undefined;
    }
  });

  it('a running maintenance job other than a delete or an approval cannot be cancelled', async () => {
    const { CANCELLABLE_RUNNING_JOBS, canCancel } = await import('@directory/core');
    expect(CANCELLABLE_RUNNING_JOBS).toEqual(['maintenance:delete-businesses', 'maintenance:approve-businesses']);
    expect(canCancel('maintenance', 'active', 'refresh-aggregates')).toBe(false);
    expect(canCancel('maintenance', 'active', 'delete-businesses')).toBe(true);
  });
});
