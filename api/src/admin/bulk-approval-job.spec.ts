import pg from 'pg';
import request from 'supertest';
import { type AdminJob, type AdminJobsAnswer, approvalCancelledMessage } from '@directory/core';
import { eventually } from '../../../worker/src/imports/import-testing.js';
import { outcomeSentence } from '../../../web/src/admin/jobs-centre/job-text.js';
import { useUploadApp } from '../uploads/upload-testing.js';
import { AdminBusinessesService } from './admin-businesses.service.js';

const ROWS = 1_000;

/**
 * A bulk approval of more businesses than a request changes (issue 34 moderation) is the worker's job, in
 * batches, with progress and cancel; against the real api, worker, PostgreSQL, Redis and BullMQ.
 */
describe('a large bulk approval as a worker job', () => {
  const { app, http, cancelSeen } = useUploadApp();
  const db = () => app.t.orm.em.fork();
  const approvedOf = async (tag: string) =>
    (
      await db().execute<{ n: number }[]>(
        'select count(*)::int as n from businesses where slug like ? and is_approved',
        [`quince-${tag}-%`],
      )
    )[0].n;
  const jobIn = async (id: string) =>
    (
      (await request(http()).get('/api/admin/jobs?limit=100').set('Cookie', app.cookie).expect(200))
        .body as AdminJobsAnswer
    ).jobs.find((j) => j.queue === 'maintenance' && j.id === id);
  const approval = (tag: string, isApproved: boolean) =>
    request(http())
      .post('/api/admin/businesses/approval')
      .set('Cookie', app.cookie)
      .send({ matching: { filter: `Quince ${tag} ` }, isApproved });
  const fmt = (n: number) => n.toLocaleString('tr-TR');

  beforeAll(async () => {
    for (const tag of ['done', 'stop'])
      await db().execute(
        `insert into businesses (name, slug, is_approved)
         select 'Quince ' || ? || ' ' || n, 'quince-' || ? || '-' || n, false from generate_series(1, ?) n`,
        [tag, tag, ROWS],
      );
    const service = app.t.app.get(AdminBusinessesService);
    service.bulkApprovalMax = 100;
    service.approvalJobBatchSize = 50;
  });

  it('approves every matching business in batches and answers with the counts; audited; the jobs centre says it', async () => {
    app.t.app.get(AdminBusinessesService).approvalWaitMs = 120_000;
    const res = await approval('done', true).expect(200);
    expect(res.body).toEqual({ success: true, isApproved: true, selected: ROWS, changed: ROWS });
    expect(await approvedOf('done')).toBe(ROWS);
    const [entry] = await db().execute<{ details: { jobId: string; matching: unknown } }[]>(
      `select details from audit_log where action = 'business.bulk-approval' order by id desc limit 1`,
    );
    expect(entry.details).toMatchObject({ isApproved: true, matching: { filter: 'Quince done ' } });
    const job = (await jobIn(entry.details.jobId)) as AdminJob;
    expect(job).toMatchObject({ name: 'approve-businesses', state: 'completed', startedBy: 'admin' });
    expect(outcomeSentence(job)).toBe(`${fmt(ROWS)} işletmeden ${fmt(ROWS)} tanesi onaylandı.`);
  });

  it('answers 202 while the job runs; a cancel stops it between batches, and what it says is what changed', async () => {
    app.t.app.get(AdminBusinessesService).approvalWaitMs = 100;
    // One business half-way held by an open transaction: the batch reaching it waits, so the job surely runs.
    const holder = new pg.Client({ connectionString: app.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query(`select 1 from businesses where slug = 'quince-stop-${ROWS / 2}' for update`);
    let id = '';
    try {
      const res = await approval('stop', true).expect(202);
      id = res.body.jobId;
      expect(res.body).toMatchObject({ success: true, statusUrl: `/api/admin/jobs/${id}?queue=maintenance` });
      await eventually(async () => ((await jobIn(id))?.progress?.rowsDone ?? 0) >= 50, 'batches approved');
      expect(await jobIn(id)).toMatchObject({ state: 'active', canCancel: true });
      await request(http())
        .post(`/api/admin/jobs/${id}/cancel?queue=maintenance`)
        .set('Cookie', app.cookie)
        .expect(202);
      await cancelSeen(id);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    await eventually(async () => (await jobIn(id))?.state === 'failed', 'the approval stopped');
    const stopped = (await jobIn(id)) as AdminJob;
    const changed = stopped.progress!.rowsDone!;
    expect(changed).toBeGreaterThanOrEqual(50);
    expect(changed).toBeLessThan(ROWS);
    expect(await approvedOf('stop')).toBe(changed);
    expect(stopped).toMatchObject({
      failedReason: approvalCancelledMessage(changed, ROWS, true),
      progress: { phase: 'cancelled', rowsDone: changed, rowsTotal: ROWS, isApproved: true },
    });
    expect(outcomeSentence(stopped)).toBe(
      `İptal edildi; ${fmt(ROWS)} işletmeden ${fmt(changed)} tanesi onaylandı (öyle kalır), ${fmt(ROWS - changed)} işletme değişmedi.`,
    );
  });
});
