import request from 'supertest';
import { QUEUES } from '@directory/core';
import { JobQueues } from '../jobs/job-queues.js';
import { insertBusinesses, startTestApp, type TestApp, signIn } from '../testing/test-app.js';

describe('admin writes and their audit entries, one transaction', () => {
  let t: TestApp;
  let cookie: string[];
  let id: number;
  const as = (method: 'put' | 'post', path: string) =>
    request(t.app.getHttpServer())[method](path).set('Cookie', cookie);
  const sql = (text: string, params: unknown[] = []) => t.orm.em.fork().execute(text, params);
  const nameNow = async () => (await sql('select name from businesses where id = ?', [id]))[0].name;

  beforeAll(async () => {
    t = await startTestApp();
    await insertBusinesses(t, [{ name: 'Audited Bakery', slug: 'audited-bakery-aaaaaa', category: 'Bakery' }]);
    id = Number((await sql(`select id from businesses where slug = 'audited-bakery-aaaaaa'`))[0].id);
    cookie = await signIn(t.app);
  });
  afterAll(() => t.close());

  it('records a write with who, what and its details', async () => {
    await as('put', `/api/admin/businesses/${id}`).send({ name: 'Audited Bakery Two' }).expect(200);
    const [entry] = await sql(`select * from audit_log where action = 'business.update'`);
    expect(entry).toMatchObject({ admin_username: 'admin', details: { id, fields: ['name'] } });
  });

  describe('while the audit log refuses every entry', () => {
    beforeAll(() => sql('alter table audit_log add constraint refuse_all check (false) not valid'));
    afterAll(() => sql('alter table audit_log drop constraint refuse_all'));

    it('does not change the business', async () => {
      await as('put', `/api/admin/businesses/${id}`).send({ name: 'Unaudited Name' }).expect(500);
      await as('post', `/api/admin/businesses/${id}/toggle-approval`).expect(500);
      expect(await nameNow()).toBe('Audited Bakery Two');
      expect((await sql('select is_approved from businesses where id = ?', [id]))[0].is_approved).toBe(true);
    });

    it('does not queue the job', async () => {
      const queue = t.app.get(JobQueues).queue(QUEUES.search);
      const before = await queue.getJobCounts();
      await as('post', '/api/admin/search/reindex').expect(500);
      expect(await queue.getJobCounts()).toEqual(before);
    });
  });
});
