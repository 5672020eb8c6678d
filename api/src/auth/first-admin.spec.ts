import type { INestApplication } from '@nestjs/common';
import pg from 'pg';
import request from 'supertest';
import { createSuiteDatabase } from '../../../testing/database.js';
import { createApp } from '../app.factory.js';
import { DEFAULT_ADMIN_PASSWORD, hashPassword } from './passwords.js';

/**
 * The api started as `node api/dist/main.js` would be, with NODE_ENV and ADMIN_PASSWORD set for the start
 * only, on a database of its own (optionally holding an admin already).
 */
async function startWith(
  env: Record<string, string | undefined>,
  existingAdminPassword?: string,
): Promise<{ app?: INestApplication; error?: Error; stop: () => Promise<void> }> {
  const database = await createSuiteDatabase();
  if (existingAdminPassword) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`insert into admin_users (username, password_hash) values ('admin', $1)`, [
      await hashPassword(existingAdminPassword),
    ]);
    await client.end();
  }
  const saved = { ...process.env };
  Object.assign(process.env, env, { DATABASE_URL: database.url });
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  let app: INestApplication | undefined;
  try {
    app = await createApp();
    await app.init();
    return { app, stop: async () => (await app!.close(), await database.drop()) };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.drop();
    return { error: error as Error, stop: async () => undefined };
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

describe('the first admin and the demo password', () => {
  it('refuses to start in production while an admin still has the documented demo password', async () => {
    const started = await startWith({ NODE_ENV: 'production', ADMIN_PASSWORD: undefined }, DEFAULT_ADMIN_PASSWORD);
    expect(started.error?.message).toBe(
      'The admin user "admin" still has the documented demo password, which the api refuses in production: run ' +
        '`npm run admin:password -- --username admin` to set another one, then start again.',
    );
  });

  it('refuses to create the first admin with the demo password in production', async () => {
    const started = await startWith({ NODE_ENV: 'production', ADMIN_PASSWORD: undefined });
    expect(started.error?.message).toMatch(
      /^ADMIN_PASSWORD is the documented demo password, which the api refuses in production: set ADMIN_PASSWORD/,
    );
  });

  it('starts in production with a password of the operator’s own, and outside production with the demo one', async () => {
    const production = await startWith({ NODE_ENV: 'production', ADMIN_PASSWORD: 'an-operator-password' });
    expect(production.error).toBeUndefined();
    await request(production.app!.getHttpServer())
      .post('/api/admin/login')
      .send({ username: 'admin', password: 'an-operator-password' })
      .expect(200);
    await production.stop();

    const development = await startWith({ NODE_ENV: 'development' }, DEFAULT_ADMIN_PASSWORD);
    expect(development.error).toBeUndefined();
    await development.stop();
  });

  it('refuses a first admin password shorter than 12 characters', async () => {
    const started = await startWith({ ADMIN_PASSWORD: 'eleven-char' });
    expect(started.error?.message).toBe(
      'ADMIN_PASSWORD is too short for the first admin: set it to at least 12 characters and start again.',
    );
  });
});
