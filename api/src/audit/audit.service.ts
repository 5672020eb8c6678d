import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Who did which destructive or settings action, and when (issue: admin back office). */
@Injectable()
export class AuditService {
  constructor(private readonly em: EntityManager) {}

  async record(adminUsername: string, action: string, details: Record<string, unknown> = {}): Promise<void> {
    await this.em.execute('insert into audit_log (admin_username, action, details) values (?, ?, ?)', [
      adminUsername,
      action,
      JSON.stringify(details),
    ]);
  }

  async recent(limit = 20) {
    return this.em.execute<
      { id: string; admin_username: string; action: string; details: unknown; created_at: Date }[]
    >('select * from audit_log order by created_at desc, id desc limit ?', [limit]);
  }
}
