import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager, MikroORM, type QueryResult } from '@mikro-orm/postgresql';
import { type AppConfig, PASSWORD_MIN_LENGTH } from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DEFAULT_ADMIN_PASSWORD, hashPassword, verifyPassword } from './passwords.js';

export const SESSION_COOKIE = 'admin_session';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const LOGIN_FAILED_MESSAGE = 'Username or password is incorrect';

export interface AdminIdentity {
  id: number;
  username: string;
}

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

/** What a password change ended in: a fresh session token, or why nothing was changed. */
export type PasswordChange = { token: string } | { refused: 'wrong-current-password' | 'same-password' };

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
    private readonly audit: AuditService,
  ) {}

  /**
   * The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD when there is none yet. In production the api
   * does not start while an admin still has the documented demo password: anyone who read the README could
   * sign in.
   */
  async onApplicationBootstrap(): Promise<void> {
    const em = this.orm.em.fork();
    const production = this.config.NODE_ENV === 'production';
    const [{ count }] = await em.execute<{ count: number }[]>('select count(*)::int as count from admin_users');
    if (count === 0) {
      const password = this.config.ADMIN_PASSWORD;
      if (password.length < PASSWORD_MIN_LENGTH)
        throw new Error(
          `ADMIN_PASSWORD is too short for the first admin: set it to at least ${PASSWORD_MIN_LENGTH} characters and start again.`,
        );
      if (production && password === DEFAULT_ADMIN_PASSWORD)
        throw new Error(
          'ADMIN_PASSWORD is the documented demo password, which the api refuses in production: set ADMIN_PASSWORD ' +
            'to a password of your own before the first start.',
        );
      await em.execute(
        'insert into admin_users (username, password_hash) values (?, ?) on conflict (username) do nothing',
        [this.config.ADMIN_USERNAME, await hashPassword(password)],
      );
      this.logger.log(`Created the first admin user "${this.config.ADMIN_USERNAME}"`);
    }
    if (production) await this.refuseDemoPassword(em);
  }

  private async refuseDemoPassword(em: EntityManager): Promise<void> {
    const users = await em.execute<{ username: string; password_hash: string }[]>(
      'select username, password_hash from admin_users order by id',
    );
    for (const user of users) {
      if (await verifyPassword(user.password_hash, DEFAULT_ADMIN_PASSWORD))
        throw new Error(
          `The admin user "${user.username}" still has the documented demo password, which the api refuses in ` +
            `production: run \`npm run admin:password -- --username ${user.username}\` to set another one, then start again.`,
        );
    }
  }

  /** Returns a new session token, or null when the username or the password is wrong (never saying which). */
  async login(username: string, password: string, meta: SessionMeta): Promise<string | null> {
    const [user] = await this.em.execute<{ id: string; password_hash: string }[]>(
      'select id, password_hash from admin_users where username = ?',
      [username],
    );
    if (!user) {
      this.decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verifyPassword(await this.decoyHash, password);
      return null;
    }
    if (!(await verifyPassword(user.password_hash, password))) return null;
    const token = await this.createSession(user.id, meta);
    await this.em.execute('update admin_users set last_login_at = now() where id = ?', [user.id]);
    await this.em.execute('delete from admin_sessions where expires_at < now()');
    return token;
  }

  /**
   * Changes a signed-in admin's password. The hash update, the end of every session of that admin and the
   * audit entry are one transaction; the browser that asked gets a fresh session (its old token ends too, as
   * it may be the very thing that leaked).
   */
  async changePassword(
    admin: AdminIdentity,
    current: string,
    next: string,
    meta: SessionMeta,
  ): Promise<PasswordChange> {
    const [user] = await this.em.execute<{ password_hash: string }[]>(
      'select password_hash from admin_users where id = ?',
      [admin.id],
    );
    if (!user || !(await verifyPassword(user.password_hash, current))) return { refused: 'wrong-current-password' };
    if (next === current) return { refused: 'same-password' };
    const hash = await hashPassword(next);
    return this.audit.write(
      admin,
      'password.change',
      async () => {
        await this.em.execute('update admin_users set password_hash = ? where id = ?', [hash, admin.id]);
        const ended = await this.em.execute<QueryResult>(
          'delete from admin_sessions where admin_user_id = ?',
          [admin.id],
          'run',
        );
        return { token: await this.createSession(String(admin.id), meta), ended: ended.affectedRows };
      },
      // The asking session is among the ended ones (replaced by the fresh one): the others are one fewer.
      ({ ended }) => ({ otherSessionsEnded: Math.max(0, ended - 1) }),
    );
  }

  /** Stores a new session of the user (inside the caller's transaction, if any) and returns its token. */
  private async createSession(userId: string, meta: SessionMeta): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.em.execute(
      `insert into admin_sessions (token_hash, admin_user_id, expires_at, ip, user_agent) values (?, ?, ?, ?, ?)`,
      [tokenHash(token), userId, new Date(Date.now() + SESSION_TTL_MS), meta.ip ?? null, meta.userAgent ?? null],
    );
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
