import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  adminPagination,
  CONTACT_RETENTION_KEY,
  contactRetentionMonths,
  type ContactMessageListing,
  type ContactMessagePage,
  ContactMessageSchema,
} from '@directory/core';

/** A row as listed: the answer's fields, the id as bigint text and the time as PostgreSQL writes it. */
type ContactRow = Omit<ContactMessageListing, 'id' | 'createdAt' | 'readAt'> & {
  id: string;
  created_at: string;
  read_at: string | null;
};

/**
 * The contact_messages table: what the public form stores and the admin reads, marks and deletes. Writes
 * join the caller's transaction (AuditService.write) through MikroORM's transaction context.
 */
@Injectable()
export class ContactMessagesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Stores one validated message (optional fields empty become null); returns its id. */
  async store(fields: {
    name: string;
    email: string;
    subject: string;
    message: string;
    company?: string;
    phone?: string;
  }): Promise<number> {
    const message = this.em.create(ContactMessageSchema, {
      name: fields.name,
      email: fields.email,
      subject: fields.subject,
      message: fields.message,
      company: fields.company || null,
      phone: fields.phone || null,
    });
    await this.em.flush();
    return message.id;
  }

  /** One page of the messages, newest first. */
  async page(page: number, limit: number): Promise<ContactMessagePage> {
    const [[{ total, unread }], rows] = await Promise.all([
      this.em.execute<{ total: number; unread: number }[]>(
        `select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread from contact_messages`,
      ),
      this.em.execute<ContactRow[]>(
        `select id, name, email, subject, message, company, phone, created_at, read_at
         from contact_messages order by created_at desc, id desc limit ? offset ?`,
        [limit, (page - 1) * limit],
      ),
    ]);
    return {
      messages: rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        email: r.email,
        subject: r.subject,
        message: r.message,
        company: r.company,
        phone: r.phone,
        createdAt: r.created_at,
        readAt: r.read_at,
      })),
      total,
      unread,
      pagination: adminPagination(page, limit, total),
    };
  }

  /** Marks the messages read (now) or unread; answers the ids that exist (a read one keeps its first time). */
  async markRead(ids: number[], read: boolean): Promise<number[]> {
    const rows = await this.em.execute<{ id: string }[]>(
      read
        ? 'update contact_messages set read_at = coalesce(read_at, now()) where id in (select jsonb_array_elements_text(?::jsonb)::bigint) returning id'
        : 'update contact_messages set read_at = null where id in (select jsonb_array_elements_text(?::jsonb)::bigint) returning id',
      [JSON.stringify(ids)],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Deletes the messages; answers what went (id and sender's address, for the audit), none for unknown ids. */
  async remove(ids: number[]): Promise<{ id: number; email: string }[]> {
    const rows = await this.em.execute<{ id: string; email: string }[]>(
      'delete from contact_messages where id in (select jsonb_array_elements_text(?::jsonb)::bigint) returning id, email',
      [JSON.stringify(ids)],
    );
    return rows.map((r) => ({ id: Number(r.id), email: r.email }));
  }

  retentionMonths(): Promise<number> {
    return contactRetentionMonths(this.em);
  }

  async saveRetentionMonths(months: number): Promise<void> {
    await this.em.execute(
      `insert into site_settings (key, value, updated_at) values (?, ?, now())
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [CONTACT_RETENTION_KEY, String(months)],
    );
  }
}
