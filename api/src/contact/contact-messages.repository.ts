import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  adminPagination,
  type ContactMessageListing,
  type ContactMessagePage,
  ContactMessageSchema,
} from '@directory/core';

/** A row as listed: the answer's fields, the id as bigint text and the time as PostgreSQL writes it. */
type ContactRow = Omit<ContactMessageListing, 'id' | 'createdAt'> & { id: string; created_at: string };

/** The contact_messages table: what the public form stores and the admin reads. */
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
    const [[{ total }], rows] = await Promise.all([
      this.em.execute<{ total: number }[]>('select count(*)::int as total from contact_messages'),
      this.em.execute<ContactRow[]>(
        `select id, name, email, subject, message, company, phone, created_at
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
      })),
      total,
      pagination: adminPagination(page, limit, total),
    };
  }
}
