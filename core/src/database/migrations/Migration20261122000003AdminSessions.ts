import { Migration } from '@mikro-orm/migrations';

/** Server-side admin sessions (the cookie holds a random token; only its SHA-256 is stored) and the audit log. */
export class Migration20261122000003AdminSessions extends Migration {
  override up(): void {
    this.addSql(`
      create table admin_sessions (
        token_hash text primary key,
        admin_user_id bigint not null references admin_users (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        ip text,
        user_agent text
      )`);
    this.addSql(`create index admin_sessions_expires_idx on admin_sessions (expires_at)`);
    this.addSql(`
      create table audit_log (
        id bigserial primary key,
        admin_username text not null,
        action text not null,
        details jsonb not null default '{}',
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index audit_log_created_at_idx on audit_log (created_at desc)`);
  }
}
