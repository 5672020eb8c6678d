import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import argon2 from 'argon2';
import type { AppConfig } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';

export const SESSION_COOKIE = 'admin_session';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const LOGIN_FAILED_MESSAGE = 'Username or password is incorrect';

export interface AdminIdentity {
  id: number;
  username: string;
}

/** Only a hash of the session token is stored, so a database leak does not hand out sessions. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

@Injectable()
export class AuthService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuthService.name);
  /** Verifying against a real hash when the user is unknown keeps the answer time the same either way. */
  private decoyHash?: Promise<string>;

  constructor(
    private readonly orm: MikroORM,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD when there is none yet. */
  async onApplicationBootstrap(): Promise<void> {
    const em = this.orm.em.fork();
    const [{ count }] = await em.execute<{ count: number }[]>('select count(*)::int as count from admin_users');
    if (count > 0) return;
    const hash = await argon2.hash(this.config.ADMIN_PASSWORD, { type: argon2.argon2id });
    await em.execute(
      'insert into admin_users (username, password_hash) values (?, ?) on conflict (username) do nothing',
      [this.config.ADMIN_USERNAME, hash],
    );
    this.logger.log(`Created the first admin user "${this.config.ADMIN_USERNAME}"`);
  }

  /** Returns a new session token, or null when the username or the password is wrong (never saying which). */
  async login(username: string, password: string, meta: { ip?: string; userAgent?: string }): Promise<string | null> {
    const [user] = await this.em.execute<{ id: string; password_hash: string }[]>(
      'select id, password_hash from admin_users where username = ?',
      [username],
    );
    if (!user) {
      this.decoyHash ??= argon2.hash(randomBytes(16).toString('hex'), { type: argon2.argon2id });
      await argon2.verify(await this.decoyHash, password);
      return null;
    }
    if (!(await argon2.verify(user.password_hash, password))) return null;
    const token = randomBytes(32).toString('base64url');
    await this.em.execute(
      `insert into admin_sessions (token_hash, admin_user_id, expires_at, ip, user_agent) values (?, ?, ?, ?, ?)`,
      [tokenHash(token), user.id, new Date(Date.now() + SESSION_TTL_MS), meta.ip ?? null, meta.userAgent ?? null],
    );
    await this.em.execute('update admin_users set last_login_at = now() where id = ?', [user.id]);
    await this.em.execute('delete from admin_sessions where expires_at < now()');
    return token;
  }

  async identify(token: string | undefined): Promise<AdminIdentity | null> {
    if (!token) return null;
    const [row] = await this.em.execute<{ id: string; username: string }[]>(
      `select u.id, u.username from admin_sessions s join admin_users u on u.id = s.admin_user_id
       where s.token_hash = ? and s.expires_at > now()`,
      [tokenHash(token)],
    );
    return row ? { id: Number(row.id), username: row.username } : null;
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.em.execute('delete from admin_sessions where token_hash = ?', [tokenHash(token)]);
  }
}
