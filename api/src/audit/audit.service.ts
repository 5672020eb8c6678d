import { Injectable, InternalServerErrorException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminIdentity } from '../auth/auth.service.js';
import type { AuditAction } from '@directory/core';

type Details = Record<string, unknown>;

/** Who did which admin write, and when (admin back office: the audit log). */
@Injectable()
export class AuditService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Runs an admin write and records it in one transaction: the entry is written first, so a write whose entry
   * cannot be stored never happens, and a write that fails leaves no entry. The work's own statements join the
   * transaction through MikroORM's transaction context (any `em` it uses). A job it queues is a write to
   * Redis: queued only once the entry is written, it stays queued if the commit itself then fails.
   */
  async write<T>(
    admin: AdminIdentity | undefined,
    action: AuditAction,
    work: () => Promise<T>,
    details: (result: T) => Details = () => ({}),
  ): Promise<T> {
    // The access guard sets the admin for every @Authenticated() route; without one nothing may be written.
    if (!admin) throw new InternalServerErrorException('An admin write was attempted without a signed-in admin.');
    return this.em.transactional(async (em) => {
      const [entry] = await em.execute<{ id: string }[]>(
        `insert into audit_log (admin_username, action, details) values (?, ?, '{}') returning id`,
        [admin.username, action],
      );
      const result = await work();
      await em.execute('update audit_log set details = ? where id = ?', [JSON.stringify(details(result)), entry.id]);
      return result;
    });
  }

  /**
   * Who queued these jobs: the audit entries whose details name one of the ids, with their action (which says
   * the queue, since BullMQ's own ids repeat from queue to queue). Entries older than `since` are not read.
   */
  async jobStarters(jobIds: string[], since: Date) {
    if (jobIds.length === 0) return [];
    return this.em.execute<{ job_id: string; action: string; admin_username: string }[]>(
      `select details->>'jobId' as job_id, action, admin_username from audit_log
        where created_at >= ? and details->>'jobId' in (select jsonb_array_elements_text(?::jsonb))`,
      [since, JSON.stringify(jobIds)],
    );
  }

  async recent(limit = 20) {
    return this.em.execute<
      { id: string; admin_username: string; action: string; details: unknown; created_at: Date }[]
    >('select * from audit_log order by created_at desc, id desc limit ?', [limit]);
  }
}
