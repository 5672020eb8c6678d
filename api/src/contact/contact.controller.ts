import { Body, Controller, Post } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { ContactMessageSchema } from '@directory/core';
import { ContactMessageDto } from './contact.dto.js';

@Controller('contact')
export class ContactController {
  constructor(private readonly em: EntityManager) {}

  @Post()
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
