import { Redis } from 'ioredis';
import request from 'supertest';
import { eventually } from '../../../testing/eventually.js';
import { insertBusinesses, startTestApp, type TestApp } from '../testing/test-app.js';
import { isPublicVisit } from './visitors.hook.js';
import { utcDay, VisitorsService } from './visitors.service.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36';

describe('admin calls of the back office screens: system metrics, daily visitors, one business (real api)', () => {
  let t: TestApp;
  let cookie: string[];
  let redis: Redis;
  const http = () => t.app.getHttpServer();
  const admin = (path: string) => request(http()).get(path).set('Cookie', cookie);
  /** supertest calls all come from 127.0.0.1: the browser tells people apart here. */
  const visit = (path: string, userAgent = BROWSER) => request(http()).get(path).set('User-Agent', userAgent);

  beforeAll(async () => {
    t = await startTestApp();
    const login = await request(http())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' });
    cookie = login.headers['set-cookie'] as unknown as string[];
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  });
  afterAll(async () => {
    await redis?.quit();
    await t?.close();
  });

  it('answers 401 without a session', async () => {
    await request(http()).get('/api/admin/system').expect(401);
    await request(http()).get('/api/admin/visitors').expect(401);
    await request(http()).get('/api/admin/businesses/1').expect(401);
  });

  it("answers one business's editable fields for the edit form, unapproved ones too", async () => {
    await insertBusinesses(t, [
      {
        name: 'Hidden Bakery',
        slug: 'hidden-bakery-x1',
        category: 'Bakery',
        city: 'Zürich',
        country: 'Switzerland',
        countryCode: 'CH',
        rating: 4.4,
        reviews: 12,
        approved: false,
        latitude: 47.37,
        longitude: 8.54,
        placeId: 'ChIJhidden',
      },
    ]);
    const [{ id }] = await t.orm.em.fork().execute(`select id from businesses where slug = 'hidden-bakery-x1'`);
    const { body } = await admin(`/api/admin/businesses/${id}`).expect(200);
    expect(body).toMatchObject({
      id: Number(id),
      name: 'Hidden Bakery',
      slug: 'hidden-bakery-x1',
      category: 'Bakery',
      city: 'Zürich',
      countryCode: 'CH',
      rating: 4.4,
      reviews: 12,
      latitude: 47.37,
      longitude: 8.54,
      placeId: 'ChIJhidden',
      isApproved: false,
      verified: false,
      fullAddress: null,
      phone: null,
    });
    await admin('/api/admin/businesses/999999').expect(404);
    await admin('/api/admin/businesses/abc').expect(400);
  });

  it("reads this server's CPU, memory, disk and uptime", async () => {
    const { body } = await admin('/api/admin/system').expect(200);
    expect(body.cpu).toEqual({
      percent: expect.any(Number),
      cores: expect.any(Number),
      model: expect.any(String),
      loadAverage: [expect.any(Number), expect.any(Number), expect.any(Number)],
      sampledOverMs: expect.any(Number),
    });
    expect(body.cpu.percent).toBeGreaterThanOrEqual(0);
    expect(body.cpu.percent).toBeLessThanOrEqual(100);
    expect(body.cpu.cores).toBeGreaterThan(0);
    expect(body.cpu.sampledOverMs).toBeGreaterThanOrEqual(200);
    expect(body.memory.totalBytes).toBeGreaterThan(body.memory.usedBytes);
    expect(body.memory.usedBytes + body.memory.freeBytes).toBe(body.memory.totalBytes);
    expect(body.memory.percent).toBeGreaterThan(0);
    expect(body.memory.percent).toBeLessThan(100);
    expect(body.memory.processRssBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(body.disk.totalBytes).toBeGreaterThan(body.disk.freeBytes);
    expect(body.disk.percent).toBeGreaterThan(0);
    expect(body.disk.percent).toBeLessThanOrEqual(100);
    expect(body.uptime.processSeconds).toBeGreaterThanOrEqual(0);
    expect(body.uptime.systemSeconds).toBeGreaterThanOrEqual(body.uptime.processSeconds);
    expect(new Date(body.uptime.startedAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(body.nodeVersion).toBe(process.version);
  });

  it('counts distinct visitors of public pages per day, leaving out admins, bots and repeat visits', async () => {
    const visitors = t.app.get(VisitorsService);
    const before = (await admin('/api/admin/visitors').expect(200)).body;
    expect(before).toEqual({
      timeZone: 'UTC',
      today: 0,
      days: expect.arrayContaining([{ date: utcDay(new Date()), visitors: 0 }]),
    });
    expect(before.days).toHaveLength(7);

    // The same person thrice, a second person (another browser), a bot, and admin calls: two visitors.
    await visit('/api/categories');
    await visit('/api/homepage-data');
    await visit('/api/categories');
    await visit('/api/categories', `${BROWSER} Edg/130`);
    await visit('/api/categories', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await visit('/admin/dashboard', 'Admin browser/1');
    await admin('/api/admin/stats').set('User-Agent', BROWSER);
    await request(http()).post('/api/contact').set('User-Agent', 'Other/1').send({});
    // Counting does not hold the answer up: give Redis a moment.
    await eventually(async () => expect((await admin('/api/admin/visitors').expect(200)).body.today).toBe(2));

    // Yesterday's key is separate, and every key expires.
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    await visitors.record('10.0.0.9', BROWSER, yesterday);
    const after = (await admin('/api/admin/visitors?days=2').expect(200)).body;
    expect(after.days).toEqual([
      { date: utcDay(new Date()), visitors: 2 },
      { date: utcDay(yesterday), visitors: 1 },
    ]);
    const ttl = await redis.ttl(visitors.keyOf(utcDay(new Date())));
    expect(ttl).toBeGreaterThan(39 * 24 * 3600);
    await admin('/api/admin/visitors?days=0').expect(400);
    await admin('/api/admin/visitors?days=41').expect(400);
  });

  it('tells visits from everything else', () => {
    expect(isPublicVisit('GET', '/', BROWSER)).toBe(true);
    expect(isPublicVisit('GET', '/business/joes-pizza?x=1', BROWSER)).toBe(true);
    expect(isPublicVisit('GET', '/api/search?q=pizza', BROWSER)).toBe(true);
    expect(isPublicVisit('POST', '/api/contact', BROWSER)).toBe(false);
    expect(isPublicVisit('GET', '/api/admin/site-settings', BROWSER)).toBe(false);
    expect(isPublicVisit('GET', '/admin/dashboard', BROWSER)).toBe(false);
    expect(isPublicVisit('GET', '/categories/administration', BROWSER)).toBe(true);
    expect(isPublicVisit('GET', '/assets/index-abc.js', BROWSER)).toBe(false);
    expect(isPublicVisit('GET', '/sitemap.xml', BROWSER)).toBe(false);
    expect(isPublicVisit('GET', '/socket.io/?EIO=4', BROWSER)).toBe(false);
    expect(isPublicVisit('GET', '/', undefined)).toBe(false);
    expect(isPublicVisit('GET', '/', 'Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(false);
  });
});
