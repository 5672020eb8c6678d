import { Controller, Get, Query } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ApiTags } from '@nestjs/swagger';
import { PageQuery } from '../common/paging.dto.js';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject } from '../docs/schemas.js';
import { Authenticated } from '../auth/access.js';

/** The admin's lists show 20 a page. */
class ContactMessagesQuery extends PageQuery {
  override limit = 20;
}

interface ContactRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  company: string | null;
  phone: string | null;
  created_at: Date;
}

/** What visitors sent through the public contact form (issue 5 "Contact messages"), newest first. */
@ApiTags('admin contact messages')
@Controller('admin')
@Authenticated()
export class AdminContactMessagesController {
  constructor(private readonly em: EntityManager) {}

  @Get('contact-messages')
  @ApiCall('A page of the messages sent through the contact form, newest first', GenericObject, 400)
  async list(@Query() query: ContactMessagesQuery) {
    const [[{ total }], rows] = await Promise.all([
      this.em.execute<{ total: number }[]>('select count(*)::int as total from contact_messages'),
      this.em.execute<ContactRow[]>(
        `select id, name, email, subject, message, company, phone, created_at
         from contact_messages order by created_at desc, id desc limit ? offset ?`,
        [query.limit, (query.page - 1) * query.limit],
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
      pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
    };
  }
}
