import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { ContactAnswer } from '../docs/schemas.js';
import { EntityManager } from '@mikro-orm/postgresql';
import { ContactMessageSchema } from '@directory/core';
import { ContactMessageDto } from './contact.dto.js';
import { Public } from '../auth/access.js';
import { JsonBody } from '../http/request-body.js';

@ApiTags('contact')
@Controller('contact')
@Public()
export class ContactController {
  constructor(private readonly em: EntityManager) {}

  @Post()
  @JsonBody('64kb')
  @ApiCall(
    'Sends a message to the site owners (public spec §5 rules)',
    { status: 201, schema: ContactAnswer, description: 'Stored' },
    400,
    413,
  )
  async send(@Body() body: ContactMessageDto) {
    const message = this.em.create(ContactMessageSchema, {
      name: body.name.trim(),
      email: body.email.trim(),
      subject: body.subject.trim(),
      message: body.message.trim(),
      company: body.company?.trim() || null,
      phone: body.phone?.trim() || null,
    });
    await this.em.flush();
    return {
      success: true,
      id: message.id,
      message: "Thank you for your message. We'll get back to you within 24 hours.",
    };
  }
}
