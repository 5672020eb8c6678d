import type { Redis } from 'ioredis';
import request from 'supertest';
import { loadConfig } from '@directory/core';
import { CACHE_REDIS } from '../cache/public-cache.service.js';
import { startTestApp, type TestApp } from '../testing/test-app.js';

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  // Every test starts with this address's allowance whole (the limit is per address, and all come from one).
  beforeEach(async () => {
    const redis = t.app.get<Redis>(CACHE_REDIS);
    const keys = await redis.keys(`${loadConfig().REDIS_PREFIX}:contact-limit*`);
    if (keys.length) await redis.del(...keys);
  });

  const stored = async (subject: string) =>
    Number(
      (await t.orm.em.fork().execute(`select count(*) as n from contact_messages where subject = ?`, [subject]))[0].n,
    );

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

  it('trims every field before checking its length, and stores the trimmed text', async () => {
    const blank = await request(t.app.getHttpServer())
      .post('/api/contact')
      .send({ ...valid, message: '          ' })
      .expect(400);
    expect(blank.body.message).toEqual(['Message must be at least 10 characters']);
    const spaced = await request(t.app.getHttpServer())
      .post('/api/contact')
      .send({ ...valid, name: ' A ', subject: '   Hi   ' })
      .expect(400);
    expect(spaced.body.message).toEqual([
      'Name must be at least 2 characters',
      'Subject must be at least 5 characters',
    ]);

    const res = await request(t.app.getHttpServer())
      .post('/api/contact')
      .send({ ...valid, name: '  Grace  ', email: ' grace@example.com ', company: '   ', phone: ' +41 44 ' })
      .expect(201);
    const [row] = await t.orm.em.fork().execute(`select * from contact_messages where id = ?`, [res.body.id]);
    expect(row).toMatchObject({ name: 'Grace', email: 'grace@example.com', company: null, phone: '+41 44' });
  });

  it.each([
    [
      'application/x-www-form-urlencoded',
      'name=Eve&email=eve%40example.com&subject=Form+post&message=From+another+site',
    ],
    ['text/plain', JSON.stringify({ ...valid, subject: 'Form post' })],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nEve\r\n--x--\r\n'],
  ])('refuses a %s body with 415 and stores nothing', async (type, body) => {
    const res = await request(t.app.getHttpServer())
      .post('/api/contact')
      .set('Content-Type', type)
      .send(body)
      .expect(415);
    expect(res.body.message).toBe(
      `Send the request body as JSON (Content-Type: application/json); this request sent ${type.split(';')[0]}.`,
    );
    expect(await stored('Form post')).toBe(0);
  });

  it('accepts 5 messages per address in 10 minutes, then answers 429 with Retry-After', async () => {
    const burst = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(t.app.getHttpServer())
          .post('/api/contact')
          .send({ ...valid, subject: 'Burst message' }),
      ),
    );
    expect(burst.filter((res) => res.status === 201)).toHaveLength(5);
    const refused = burst.filter((res) => res.status === 429);
    expect(refused).toHaveLength(45);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(refused[0].headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(refused[0].body.message).toBe(
      'Too many messages from this address: at most 5 every 10 minutes. Try again in 10 minutes.',
    );
    expect(await stored('Burst message')).toBe(5);
    // Refused bodies do not spend the allowance, but a valid one still waits its turn.
    await request(t.app.getHttpServer())
      .post('/api/contact')
      .send({ ...valid, message: 'short' })
      .expect(400);
    await request(t.app.getHttpServer()).post('/api/contact').send(valid).expect(429);
  });
});
