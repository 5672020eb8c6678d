import request from 'supertest';
import { deleteExpiredContactMessages } from '@directory/core';
import { signIn, startTestApp, type TestApp } from '../testing/test-app.js';

describe('admin contact inbox (personal data)', () => {
  let t: TestApp;
  let cookie: string[];
  const as = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(t.app.getHttpServer())[method](path).set('Cookie', cookie);
  const db = () => t.orm.em.fork();
  const store = async (subject: string, age = '1 day') =>
    Number(
      (
        await db().execute<{ id: string }[]>(
          `insert into contact_messages (name, email, subject, message, created_at)
           values ('Ada', 'ada@example.com', ?, 'A message of some length.', now() - ?::interval) returning id`,
          [subject, age],
        )
      )[0].id,
    );
  const audit = async (action: string) =>
    db().execute<{ details: { ids?: number[]; months?: number } }[]>(
      'select details from audit_log where action = ? order by id',
      [action],
    );

  beforeAll(async () => {
    t = await startTestApp();
    cookie = await signIn(t.app);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await db().execute('delete from contact_messages');
    await db().execute('delete from audit_log');
  });

  it('marks messages read and unread, counts the unread, and audits each mark', async () => {
    const [a, b] = [await store('First message'), await store('Second message')];
    expect((await as('get', '/api/admin/contact-messages').expect(200)).body).toMatchObject({ total: 2, unread: 2 });

    const marked = await as('post', '/api/admin/contact-messages/read').send({ ids: [a, 999999], read: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ success: true, updatedCount: 1, ids: [a] });
    const page = (await as('get', '/api/admin/contact-messages').expect(200)).body;
    expect(page.unread).toBe(1);
    expect(page.messages.find((m: { id: number }) => m.id === a).readAt).toEqual(expect.any(String));
    expect(page.messages.find((m: { id: number }) => m.id === b).readAt).toBeNull();

    await as('post', '/api/admin/contact-messages/read')
      .send({ ids: [a], read: false })
      .expect(200);
    expect((await as('get', '/api/admin/contact-messages').expect(200)).body.unread).toBe(2);
    expect(await audit('contact.mark-read')).toEqual([{ details: { ids: [a] } }]);
    expect(await audit('contact.mark-unread')).toEqual([{ details: { ids: [a] } }]);
  });

  it('deletes one message and the selected ones, audited; an unknown id is a 404 with no entry', async () => {
    const [a, b, c] = [await store('First message'), await store('Second message'), await store('Third message')];
    await as('delete', `/api/admin/contact-messages/${a}`).expect(200);
    const missing = await as('delete', `/api/admin/contact-messages/${a}`).expect(404);
    expect(missing.body.message).toBe(`No contact message has the id ${a}.`);

    const bulk = await as('post', '/api/admin/contact-messages/delete')
      .send({ ids: [b, c] })
      .expect(200);
    expect(bulk.body.deletedCount).toBe(2);
    expect((await db().execute('select count(*)::int as n from contact_messages'))[0].n).toBe(0);
    const entries = await audit('contact.delete');
    expect(entries.map((e) => e.details.ids?.sort())).toEqual([[a], [b, c].sort()]);
  });

  it('refuses bad bodies with a sentence, and answers 401 without a session', async () => {
    const rule = 'ids must be a list of 1 to 500 message ids (whole numbers, 1 or more)';
    for (const ids of [[], ['x'], [0], 'all', Array.from({ length: 501 }, (_, i) => i + 1)]) {
      const res = await as('post', '/api/admin/contact-messages/delete').send({ ids }).expect(400);
      expect(res.body.message).toContain(rule);
    }
    const noFlag = await as('post', '/api/admin/contact-messages/read')
      .send({ ids: [1] })
      .expect(400);
    expect(noFlag.body.message).toEqual(['read must be true or false']);
    await as('delete', '/api/admin/contact-messages/abc').expect(400);
    await request(t.app.getHttpServer())
      .post('/api/admin/contact-messages/delete')
      .send({ ids: [1] })
      .expect(401);
    expect(await audit('contact.delete')).toEqual([]);
  });

  it('keeps the retention setting (12 months by default), audited, and the retention deletes exactly the older', async () => {
    expect((await as('get', '/api/admin/contact-retention').expect(200)).body).toEqual({ months: 12 });
    for (const months of [0, 121, 2.5, '6', null]) {
      const res = await as('put', '/api/admin/contact-retention').send({ months }).expect(400);
      expect(res.body.message).toEqual(['months must be a whole number from 1 to 120']);
    }
    await as('put', '/api/admin/contact-retention').send({ months: 3 }).expect(200);
    expect((await as('get', '/api/admin/contact-retention').expect(200)).body).toEqual({ months: 3 });
    expect(await audit('contact.retention')).toEqual([{ details: { months: 3 } }]);

    await store('Four months old', '4 months');
    await store('Three months and a day old', '3 months 1 day');
    const kept = [await store('Just under three months', '3 months - 1 hour'), await store('New', '1 minute')];
    const result = await deleteExpiredContactMessages(db());
    expect(result).toMatchObject({ deletedCount: 2, months: 3 });
    const left = await db().execute<{ id: string }[]>('select id from contact_messages order by id');
    expect(left.map((r) => Number(r.id))).toEqual(kept);

    await as('put', '/api/admin/contact-retention').send({ months: 12 }).expect(200);
  });
});
