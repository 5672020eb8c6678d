import request from 'supertest';
import { refreshAggregates } from '@directory/core';
import { syncSearch } from '../testing/test-app.js';
import { useUploadApp } from '../uploads/upload-testing.js';
import { AdminBusinessesService } from './admin-businesses.service.js';

/** Businesses of a category and city of their own, so every public list and count is checked for them. */
const csv = (prefix: string, n: number, from = 1) => {
  let text = 'name,place_id,full_address,city,country_code,category,rating,phone\n';
  for (let i = from; i < from + n; i++)
    text += `${prefix} Yoga ${i},${prefix}-${i},${i} Lake Rd,Quietvale,NZ,Moderated Yoga,4.${i},+64 9 000 00${i}\n`;
  return text;
};

/**
 * "Imports need approval" (issue 34 moderation), against the real api, worker, PostgreSQL, Redis and search:
 * imported businesses wait unpublished, nothing public shows them, bulk approve publishes and bulk reject
 * deletes them, each write audited.
 */
describe('imports that need approval: the review queue, bulk approve and reject (api + worker)', () => {
  const { app, http, batch, scratchFile, jobs } = useUploadApp();
  const as = (method: 'get' | 'put' | 'post', path: string) => request(http())[method](path).set('Cookie', app.cookie);
  const db = () => app.t.orm.em.fork();
  const rows = async (prefix: string) =>
    db().execute<{ id: string; slug: string; name: string; is_approved: boolean }[]>(
      `select id, slug, name, is_approved from businesses where name like ? order by name`,
      [`${prefix} %`],
    );
  const auditOf = (action: string) =>
    db().execute<{ details: Record<string, unknown> }[]>(`select details from audit_log where action = ? order by id`, [
      action,
    ]);
  /** What the public site shows after the search index, the counts and the public cache caught up. */
  const publicView = async (prefix: string) => {
    await refreshAggregates(db());
    await syncSearch(app.t);
    const search = await request(http()).get(`/api/search?q=${prefix}`).expect(200);
    const newest = await request(http()).get('/api/businesses?page=1').expect(200);
    const category = await request(http()).get('/api/categories/moderated-yoga');
    const home = await request(http()).get('/api/homepage-data').expect(200);
    return {
      search: (search.body.businesses as { name: string }[]).map((b) => b.name).sort(),
      newest: (newest.body.businesses as { name: string }[]).map((b) => b.name).filter((n) => n.startsWith(prefix)),
      categoryStatus: category.status,
      homeCount: home.body.totals.businesses as number,
    };
  };
  const upload = async (name: string, text: string) =>
    (await batch(await scratchFile(name, text), { batchSize: '100' }).expect(200)).body;

  it.each([
    ['get', '/api/admin/import-approval'],
    ['put', '/api/admin/import-approval'],
    ['post', '/api/admin/businesses/reject'],
  ] as const)('%s %s answers 401 without a session', async (method, path) => {
    await request(http())[method](path).send({}).expect(401);
  });

  it('is off by default: an import is public at once (the spec)', async () => {
    expect((await as('get', '/api/admin/import-approval').expect(200)).body).toEqual({ needsApproval: false });
    await upload('open.csv', csv('Open', 2));
    expect((await rows('Open')).map((r) => r.is_approved)).toEqual([true, true]);
    expect((await publicView('Open')).search).toEqual(['Open Yoga 1', 'Open Yoga 2']);
  });

  it('refuses a bad setting with a sentence; the saved one is audited', async () => {
    const bad = await as('put', '/api/admin/import-approval').send({ needsApproval: 'yes' }).expect(400);
    expect(bad.body.message).toEqual(['needsApproval must be true or false']);
    await as('put', '/api/admin/import-approval').send({ needsApproval: true }).expect(200, {
      success: true,
      needsApproval: true,
    });
    expect((await as('get', '/api/admin/import-approval').expect(200)).body).toEqual({ needsApproval: true });
    expect(await auditOf('settings.import-approval')).toEqual([{ details: { needsApproval: true } }]);
  });

  it('keeps new businesses of an import out of every public page until approved; updated ones keep theirs', async () => {
    const before = await publicView('Held');
    const stats = async () => (await as('get', '/api/admin/stats').expect(200)).body.waitingBusinesses as number;
    const waitingBefore = await stats();
    // Open-1 is stored and approved: the file updates it (a new phone) and it stays public. A row without a
    // place id is written by the other statement of the writer, and waits too.
    const report = await upload(
      'held.csv',
      `${csv('Held', 3)}Open Yoga 1,Open-1,1 Lake Rd,Quietvale,NZ,Moderated Yoga,4.1,+64 9 111\n` +
        `Held Yoga NoId,,9 Lake Rd,Quietvale,NZ,Moderated Yoga,4.0,+64 9 999\n`,
    );
    // The report says how many of the new ones wait for approval (the upload screen and jobs centre show it).
    expect(report).toMatchObject({ successCount: 5, insertedCount: 4, waitingForApprovalCount: 4 });
    expect(report.message).toMatch(/; 4 new businesses wait for approval\.$/);
    expect((await rows('Held')).map((r) => r.is_approved)).toEqual([false, false, false, false]);
    expect((await rows('Open')).map((r) => r.is_approved)).toEqual([true, true]);
    expect(await stats()).toBe(waitingBefore + 4);

    const view = await publicView('Held');
    expect(view).toEqual({
      search: [],
      newest: [],
      categoryStatus: before.categoryStatus,
      homeCount: before.homeCount,
    });
    const [held] = await rows('Held');
    await request(http()).get(`/api/businesses/${held.slug}`).expect(404);
    // The sitemaps list the approved businesses only.
    const regenerate = await as('post', '/api/admin/sitemaps/regenerate').expect(202);
    const found = await jobs().find(regenerate.body.jobId);
    expect((await jobs().wait(found!.job, 60_000)).state).toBe('completed');
    const sitemap = (await request(http()).get('/sitemaps/businesses/page-1.xml').expect(200)).text;
    expect(sitemap).not.toContain(held.slug);
    expect(sitemap).toContain((await rows('Open'))[0].slug);

    // A re-import of a waiting business (changed) leaves it waiting.
    await upload('held-again.csv', csv('Held', 1).replace('+64 9 00001', '+64 9 222'));
    expect((await rows('Held')).map((r) => r.is_approved)).toEqual([false, false, false, false]);

    // The review queue is the list's "waiting" filter.
    const queue = await as('get', '/api/admin/businesses?approval=waiting&filter=Held').expect(200);
    expect(queue.body.total).toBe(4);
  });

  it('bulk approve publishes the chosen ones: search, lists, detail page, counts', async () => {
    const before = await publicView('Held');
    const [one, two] = await rows('Held');
    await as('post', '/api/admin/businesses/approval')
      .send({ isApproved: true, ids: [Number(one.id), Number(two.id)] })
      .expect(200);
    const after = await publicView('Held');
    expect(after.search).toEqual(['Held Yoga 1', 'Held Yoga 2']);
    expect(after.newest.sort()).toEqual(['Held Yoga 1', 'Held Yoga 2']);
    expect(after.homeCount).toBe(before.homeCount + 2);
    await request(http()).get(`/api/businesses/${one.slug}`).expect(200);
  });

  it('bulk reject deletes only the waiting ones of a selection, audited in its transaction', async () => {
    const [approved, , waiting] = await rows('Held');
    expect(waiting.is_approved).toBe(false);
    const bad = await as('post', '/api/admin/businesses/reject')
      .send({ ids: [0] })
      .expect(400);
    expect(bad.body.message).toEqual([expect.stringMatching(/^ids must be a list of 1 to 10000 business ids/)]);
    await as('post', '/api/admin/businesses/reject')
      .send({ ids: [1], matching: {} })
      .expect(400);
    const res = await as('post', '/api/admin/businesses/reject')
      .send({ ids: [Number(approved.id), Number(waiting.id)] })
      .expect(200);
    expect(res.body).toMatchObject({ success: true, deletedCount: 1 });
    expect((await rows('Held')).map((r) => r.name)).toEqual(['Held Yoga 1', 'Held Yoga 2', 'Held Yoga NoId']);
    expect(await auditOf('business.bulk-reject')).toEqual([
      { details: { deletedCount: 1, ids: [Number(approved.id), Number(waiting.id)], count: 2 } },
    ]);
  });

  it('a large reject of every waiting business matching the filters is the worker’s job', async () => {
    await upload('many.csv', csv('Many', 6));
    const service = app.t.app.get(AdminBusinessesService);
    service.deleteInRequestMax = 2;
    try {
      const res = await as('post', '/api/admin/businesses/reject')
        .send({ matching: { filter: 'Yoga' } })
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        deletedCount: 7,
        message: '7 businesses waiting for approval were rejected and deleted.',
      });
    } finally {
      service.deleteInRequestMax = 10_000;
    }
    expect(await rows('Many')).toEqual([]);
    const [entry] = (await auditOf('business.bulk-reject')).slice(-1);
    expect(entry.details).toEqual({ jobId: expect.any(String), matching: { filter: 'Yoga' } });
    // Approved businesses matching the same filters are never rejected.
    expect(await rows('Open')).toHaveLength(2);
    expect(await rows('Held')).toHaveLength(2);
  });

  it('off again: the next import is public at once', async () => {
    await as('put', '/api/admin/import-approval').send({ needsApproval: false }).expect(200);
    await upload('later.csv', csv('Later', 1));
    expect((await rows('Later')).map((r) => r.is_approved)).toEqual([true]);
  });
});
