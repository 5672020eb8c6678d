import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app.js';
import { USERNAME_IP_POINTS } from './login-limiter.js';
import { hashPassword } from './passwords.js';

const PASSWORD = 'admin-demo-password';
const NEW_PASSWORD = 'a-brand-new-admin-password';

describe("an admin's own password", () => {
  let t: TestApp;
  const http = () => t.app.getHttpServer();
  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
    t.orm.em.fork().execute<T[]>(query, params);
  const signIn = async (username = 'admin', password = PASSWORD) => {
    const res = await request(http()).post('/api/admin/login').send({ username, password }).expect(200);
    return String(res.headers['set-cookie']).split(';')[0];
  };
  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    request(http()).post('/api/admin/password').set('Cookie', cookie).send({ currentPassword, newPassword });
  const sessionStatus = async (cookie: string) =>
    (await request(http()).get('/api/admin/session').set('Cookie', cookie)).status;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('changes it, ends every other session, keeps this browser signed in and writes the audit log', async () => {
    await sql('insert into admin_users (username, password_hash) values (?, ?)', [
      'owner',
      await hashPassword(PASSWORD),
    ]);
    const here = await signIn('owner');
    const elsewhere = await signIn('owner');
    const someoneElse = await signIn('admin');

    const res = await change(here, PASSWORD, NEW_PASSWORD).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Password changed. Your other sessions have been signed out.' });
    const fresh = String(res.headers['set-cookie']).split(';')[0];
    expect(fresh).not.toBe(here);
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/);

    expect(await sessionStatus(fresh)).toBe(200);
    expect(await sessionStatus(here)).toBe(401);
    expect(await sessionStatus(elsewhere)).toBe(401);
    expect(await sessionStatus(someoneElse)).toBe(200);
    await request(http()).post('/api/admin/login').send({ username: 'owner', password: PASSWORD }).expect(401);
    await signIn('owner', NEW_PASSWORD);

    const audit = await sql<{ admin_username: string; details: unknown }>(
      `select admin_username, details from audit_log where action = 'password.change'`,
    );
    expect(audit).toEqual([{ admin_username: 'owner', details: { otherSessionsEnded: 1 } }]);
  });

  it('refuses a wrong current password, a short, too long, demo or unchanged new one, changing nothing', async () => {
    const cookie = await signIn();
    const before = await sql(`select password_hash from admin_users where username = 'admin'`);
    const wrong = await change(cookie, 'not-the-password', NEW_PASSWORD).expect(400);
    expect(wrong.body).toMatchObject({
      reason: 'wrong-current-password',
      message: 'The current password is incorrect: type the one you signed in with.',
    });
    const short = await change(cookie, PASSWORD, 'eleven-char').expect(400);
    expect(short.body.message).toEqual(['newPassword must be at least 12 characters']);
    await change(cookie, PASSWORD, 'x'.repeat(1001)).expect(400);
    const demo = await change(cookie, 'whatever-it-is', PASSWORD).expect(400);
    expect(demo.body.reason).toBe('weak-password');
    const same = await change(cookie, PASSWORD, PASSWORD + '!').expect(200);
    const fresh = String(same.headers['set-cookie']).split(';')[0];
    const unchanged = await change(fresh, PASSWORD + '!', PASSWORD + '!').expect(400);
    expect(unchanged.body).toMatchObject({
      reason: 'same-password',
      message: 'The new password is the same as the current one: choose a different one.',
    });
    // Put the documented password back for the other tests (a demo password cannot be chosen here).
    await sql(`update admin_users set password_hash = ? where username = 'admin'`, [before[0].password_hash]);
  });

  it('needs a session and a same-site request', async () => {
    await request(http())
      .post('/api/admin/password')
      .send({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })
      .expect(401);
    const cookie = await signIn();
    await change(cookie, PASSWORD, NEW_PASSWORD).set('Origin', 'https://evil.example').expect(403);
    await change(cookie, PASSWORD, NEW_PASSWORD).set('Sec-Fetch-Site', 'cross-site').expect(403);
    expect(await sessionStatus(cookie)).toBe(200);
  });

  it('changes nothing when the audit entry cannot be written (one transaction)', async () => {
    const cookie = await signIn();
    const before = await sql(`select password_hash from admin_users where username = 'admin'`);
    await sql('alter table audit_log rename to audit_log_away');
    try {
      await change(cookie, PASSWORD, NEW_PASSWORD).expect(500);
    } finally {
      await sql('alter table audit_log_away rename to audit_log');
    }
    expect(await sql(`select password_hash from admin_users where username = 'admin'`)).toEqual(before);
    expect(await sessionStatus(cookie)).toBe(200);
  });

  it('counts wrong current passwords under the sign-in limits (a stolen session cannot guess it)', async () => {
    await sql('insert into admin_users (username, password_hash) values (?, ?)', [
      'guarded',
      await hashPassword(PASSWORD),
    ]);
    const cookie = await signIn('guarded');
    for (let i = 0; i < USERNAME_IP_POINTS; i++) await change(cookie, `guess-${i}`, NEW_PASSWORD).expect(400);
    const limited = await change(cookie, PASSWORD, NEW_PASSWORD).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await request(http()).post('/api/admin/login').send({ username: 'guarded', password: PASSWORD }).expect(429);
  });
});
