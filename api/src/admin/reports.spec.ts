import type { Redis } from 'ioredis';
import request from 'supertest';
import { loadConfig } from '@directory/core';
import { CACHE_REDIS } from '../cache/public-cache.service.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';
import { REPORT_DAYS, ReportsService } from './reports.service.js';

const day = (offsetDays: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offsetDays, 12));
};
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('admin reports and contact messages (real api, real PostgreSQL)', () => {
  let t: TestApp;
  let cookie: string[];
  const http = () => t.app.getHttpServer();
  const admin = (path: string) => request(http()).get(path).set('Cookie', cookie);

  beforeAll(async () => {
    t = await startTestApp();
    const login = await request(http())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' });
    cookie = login.headers['set-cookie'] as unknown as string[];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without a session', async () => {
    await request(http()).get('/api/admin/reports').expect(401);
    await request(http()).get('/api/admin/contact-messages').expect(401);
    await request(http()).get('/api/admin/reports').set('Cookie', 'directory_admin=forged').expect(401);
  });

  it('charts countries, categories, imports per day and ratings from the inserted fixtures', async () => {
    const business = (n: number, countryCode: string, category: string, rating: number | null, approved = true) => ({
      name: `Report fixture ${countryCode} ${category} ${n}`,
      slug: `report-fixture-${countryCode.toLowerCase()}-${category.toLowerCase()}-${n}`,
      category,
      city: 'Testville',
      country: { TR: 'Turkey', DE: 'Germany', FR: 'France' }[countryCode] ?? countryCode,
      countryCode,
      rating,
      approved,
    });
    await insertBusinesses(t, [
      business(1, 'TR', 'Bakery', 4.5),
      business(2, 'TR', 'Bakery', 5),
      business(3, 'TR', 'Cafe', 3.2),
      business(4, 'TR', 'Cafe', null),
      business(5, 'DE', 'Bakery', 0.4),
      business(6, 'DE', 'Pharmacy', 1),
      business(7, 'FR', 'Cafe', 2.99),
      // Not approved: in no public count, so in none of the charts.
      business(8, 'FR', 'Cafe', 4.1, false),
    ]);
    const em = t.orm.em.fork();
    const report = (totalRecords: number, updated: number) =>
      JSON.stringify({ success: true, summary: { fileName: 'x.xlsx', totalRecords }, results: { updated } });
    await em.execute(
      `insert into upload_reports (file_name, report, created_at) values
         ('today-1.xlsx', ?, ?), ('today-2.csv', ?, ?), ('five-days-ago.xlsx', ?, ?),
         ('failed.xlsx', '{"success": false, "error": "unreadable"}', ?), ('too-old.xlsx', ?, ?)`,
      [
        report(100, 90),
        day(0),
        report(50, 50),
        day(0),
        report(7, 3),
        day(-5),
        day(-5),
        report(1000, 1000),
        day(-REPORT_DAYS),
      ],
    );

    const { body } = await admin('/api/admin/reports').expect(200);
    expect(body.approvedBusinesses).toBe(7);
    expect(body.countries).toEqual([
      { countryCode: 'TR', country: 'Turkey', count: 4 },
      { countryCode: 'DE', country: 'Germany', count: 2 },
      { countryCode: 'FR', country: 'France', count: 1 },
    ]);
    expect(body.categories).toEqual([
      { category: 'Bakery', count: 3 },
      { category: 'Cafe', count: 3 },
      { category: 'Pharmacy', count: 1 },
    ]);
    expect(body.ratings).toEqual([
      { bucket: '0-1', count: 1 },
      { bucket: '1-2', count: 1 },
      { bucket: '2-3', count: 1 },
      { bucket: '3-4', count: 1 },
      { bucket: '4-5', count: 2 },
      { bucket: 'none', count: 1 },
    ]);

    // 30 days, oldest first, ending today; a day without imports is zero; older reports are left out.
    expect(body.imports).toHaveLength(REPORT_DAYS);
    expect(body.imports[0].date).toBe(isoDay(day(-(REPORT_DAYS - 1))));
    expect(body.imports.at(-1)).toEqual({ date: isoDay(day(0)), files: 2, rows: 150, written: 140 });
    expect(body.imports.find((d: { date: string }) => d.date === isoDay(day(-5)))).toEqual({
      date: isoDay(day(-5)),
      files: 2,
      rows: 7,
      written: 3,
    });
    const totals = body.imports.reduce(
      (sum: { files: number; rows: number }, d: { files: number; rows: number }) => ({
        files: sum.files + d.files,
        rows: sum.rows + d.rows,
      }),
      { files: 0, rows: 0 },
    );
    expect(totals).toEqual({ files: 4, rows: 157 });
  });

  it('keeps the rating distribution for five minutes instead of counting every business per request', async () => {
    const first = (await admin('/api/admin/reports').expect(200)).body;
    await insertBusinesses(t, [
      {
        name: 'Late arrival',
        slug: 'late-arrival-1',
        category: 'Cafe',
        countryCode: 'TR',
        country: 'Turkey',
        rating: 4.9,
      },
    ]);
    const cached = (await admin('/api/admin/reports').expect(200)).body;
    // The views are refreshed after writes, so countries move; the cached ratings do not.
    expect(cached.countries[0]).toEqual({ countryCode: 'TR', country: 'Turkey', count: 5 });
    expect(cached.ratings).toEqual(first.ratings);
    expect(cached.ratingsCountedAt).toBe(first.ratingsCountedAt);

    t.app.get(ReportsService).forgetRatings();
    const fresh = (await admin('/api/admin/reports').expect(200)).body;
    expect(fresh.ratings.find((r: { bucket: string }) => r.bucket === '4-5')).toEqual({ bucket: '4-5', count: 3 });
  });

  it('lists contact messages newest first, 20 a page, with the total', async () => {
    const empty = (await admin('/api/admin/contact-messages').expect(200)).body;
    expect(empty).toEqual({
      messages: [],
      total: 0,
      unread: 0,
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
    });

    const redis = t.app.get<Redis>(CACHE_REDIS);
    for (let i = 1; i <= 22; i++) {
      // One address sends them all: its allowance (5 per 10 minutes, contact-limiter.ts) is renewed for each.
      for (const key of await redis.keys(`${loadConfig().REDIS_PREFIX}:contact-limit*`)) await redis.del(key);
      await request(http())
        .post('/api/contact')
        .send({
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          subject: `Question number ${i}`,
          message: `This is message number ${i} from the contact form.`,
          ...(i === 22 ? { company: 'ACME', phone: '+90 212 000 00 00' } : {}),
        })
        .expect(201);
    }
    const page1 = (await admin('/api/admin/contact-messages').expect(200)).body;
    expect(page1.total).toBe(22);
    expect(page1.pagination).toEqual({ page: 1, limit: 20, total: 22, totalPages: 2 });
    expect(page1.messages).toHaveLength(20);
    expect(page1.messages[0]).toEqual({
      id: expect.any(Number),
      name: 'Visitor 22',
      email: 'visitor22@example.com',
      subject: 'Question number 22',
      message: 'This is message number 22 from the contact form.',
      company: 'ACME',
      phone: '+90 212 000 00 00',
      createdAt: expect.any(String),
      readAt: null,
    });
    expect(page1.messages.map((m: { name: string }) => m.name).slice(0, 3)).toEqual([
      'Visitor 22',
      'Visitor 21',
      'Visitor 20',
    ]);
    const page2 = (await admin('/api/admin/contact-messages?page=2').expect(200)).body;
    expect(page2.messages.map((m: { name: string }) => m.name)).toEqual(['Visitor 2', 'Visitor 1']);
    const small = (await admin('/api/admin/contact-messages?page=3&limit=5').expect(200)).body;
    expect(small.messages.map((m: { name: string }) => m.name)).toEqual([
      'Visitor 12',
      'Visitor 11',
      'Visitor 10',
      'Visitor 9',
      'Visitor 8',
    ]);
    await admin('/api/admin/contact-messages?page=0').expect(400);
    await admin('/api/admin/contact-messages?limit=101').expect(400);
  });
});
