import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app.js';

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Hello there', message: 'A message of some length.' };

  it('stores a valid message', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/api/contact')
      .send({ ...valid, company: 'ACME' })
      .expect(201);
    expect(res.body.success).toBe(true);
    const [row] = await t.orm.em.fork().execute(`select * from contact_messages where id = ?`, [res.body.id]);
    expect(row).toMatchObject({ name: 'Ada', email: 'ada@example.com', company: 'ACME', phone: null });
  });

  it.each([
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ subject: 'Hey' }, 'Subject must be at least 5 characters'],
    [{ message: 'Too short' }, 'Message must be at least 10 characters'],
  ])('rejects %j with the spec message', async (change, message) => {
    const res = await request(t.app.getHttpServer())
      .post('/api/contact')
      .send({ ...valid, ...change })
      .expect(400);
    expect(res.body.message).toEqual([message]);
  });

  it('names every missing field', async () => {
    const res = await request(t.app.getHttpServer()).post('/api/contact').send({}).expect(400);
    expect(res.body.message).toEqual(
      expect.arrayContaining([
        'Name must be at least 2 characters',
        'Please enter a valid email address',
        'Subject must be at least 5 characters',
        'Message must be at least 10 characters',
      ]),
    );
  });
});
