import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app.js';

describe('admin job calls: the job id path parameter', () => {
  let t: TestApp;
  let cookie: string[];
  const as = (method: 'get' | 'post', path: string) =>
    request(t.app.getHttpServer())[method](path).set('Cookie', cookie);

  beforeAll(async () => {
    t = await startTestApp();
    const login = await request(t.app.getHttpServer())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'admin-demo-password' });
    cookie = login.headers['set-cookie'] as unknown as string[];
  });
  afterAll(() => t?.close());

  it.each([
    ['get', '/api/admin/jobs/%s'],
    ['post', '/api/admin/jobs/%s/cancel'],
    ['post', '/api/admin/jobs/%s/retry'],
  ] as const)('%s %s answers 400 naming the id when it is not a job id', async (method, path) => {
    for (const bad of ['two%20words', 'semi%3Bcolon', 'quote%22', 'x'.repeat(201)]) {
      const res = await as(method, path.replace('%s', bad));
      expect({ bad, status: res.status, message: res.body.message }).toEqual({
        bad,
        status: 400,
        message: ['id must be a job id: letters, digits, "-", "_", "." or ":", at most 200 characters'],
      });
    }
    // Ids of the shapes BullMQ and the api give, unknown here: looked up, then a 404.
    for (const unknown of ['12345', `import-${'0'.repeat(8)}-aaaa`, 'repeat:sitemaps-daily:1700000000000']) {
      const res = await as(method, path.replace('%s', unknown));
      expect({ unknown, status: res.status }).toEqual({ unknown, status: 404 });
      expect(res.body.message).toBe(`No job has the id "${unknown}"; it may have finished long ago and been removed.`);
    }
  });

  it('still asks for a session before looking at the id', async () => {
    await request(t.app.getHttpServer()).get('/api/admin/jobs/two%20words').expect(401);
  });
});
