import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { LOGIN_FAILED_MESSAGE, SESSION_COOKIE } from './auth.service.js';

const USERNAME = 'admin';
const PASSWORD = 'admin-demo-password';

describe('admin authentication', () => {
  let t: TestApp;
  const http = () => t.app.getHttpServer();
  const login = (username = USERNAME, password = PASSWORD) =>
    request(http()).post('/api/admin/login').send({ username, password });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('creates the first admin with an argon2id hash, never the password in clear', async () => {
    const [row] = await t.orm.em.fork().execute(`select password_hash from admin_users where username = ?`, [USERNAME]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('signs in with an HttpOnly SameSite=Strict session cookie', async () => {
    const res = await login().expect(200);
    expect(res.body).toEqual({ success: true, message: 'Welcome' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(res.headers['cache-control']).toBe('no-store');
    const [session] = await t.orm.em.fork().execute(`select token_hash from admin_sessions limit 1`);
    expect(cookie).not.toContain(session.token_hash);
  });

  it('refuses a wrong password or user without saying which', async () => {
    const wrongPassword = await login(USERNAME, 'nope').expect(401);
    const wrongUser = await login('nobody', PASSWORD).expect(401);
    expect(wrongPassword.body).toEqual({ success: false, message: LOGIN_FAILED_MESSAGE });
    expect(wrongUser.body).toEqual(wrongPassword.body);
  });

  it('answers 401 without a session and works with one; sign-out ends it on the server', async () => {
    await request(http()).get('/api/admin/session').expect(401);
    const cookie = (await login().expect(200)).headers['set-cookie'];
    const agent = () => request(http()).get('/api/admin/session').set('Cookie', cookie);
    expect((await agent().expect(200)).body).toEqual({ authenticated: true, username: USERNAME });
    const out = await request(http()).post('/api/admin/logout').set('Cookie', cookie).expect(200);
    // The cookie is emptied with the attributes it was set with.
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*HttpOnly.*SameSite=Strict`));
    await agent().expect(401);
  });

  it('keeps the two public reads open', async () => {
    await request(http()).get('/api/admin/site-settings').expect(200);
    await request(http()).get('/api/admin/advertisement-codes').expect(200);
  });

  it('rejects a cross-site sign-in attempt', async () => {
    await login().set('Origin', 'https://evil.example').expect(403);
    await login().set('Sec-Fetch-Site', 'cross-site').expect(403);
  });

  // The other rules of the limits (per address, successes free, Redis shared) are in login-limiter.spec.ts.
  it('limits wrong passwords per username and address, saying when to try again', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login('target-user', `guess-${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await login('target-user', 'again');
    expect(limited.body.message).toBe('Too many sign-in attempts from this address. Wait 15 minutes and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The real admin at the same address is not held up by the guesses at another username.
    await login().expect(200);
  });
});
