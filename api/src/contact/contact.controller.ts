import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiCall } from '../docs/api-responses.js';
import { ContactAnswer } from '../docs/schemas.js';
import { ContactLimiter } from './contact-limiter.js';
import { ContactMessagesRepository } from './contact-messages.repository.js';
import { ContactMessageDto } from './contact.dto.js';
import { Public } from '../auth/access.js';
import { JsonBody } from '../http/request-body.js';
import { addressKey } from '../http/client-address.js';

@ApiTags('contact')
@Controller('contact')
@Public()
export class ContactController {
  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly limiter: ContactLimiter,
  ) {}

  @Post()
  @JsonBody('64kb')
  @ApiCall(
    'Sends a message to the site owners (public spec §5 rules); JSON only, 5 messages per 10 minutes an address',
    { status: 201, schema: ContactAnswer, description: 'Stored' },
    400,
    413,
    415,
    429,
  )
  async send(
    @Body() body: ContactMessageDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    // Counted once the message passed validation (contact-limiter.ts); the DTO has trimmed every field.
    await this.limiter.consume(addressKey(req.ip), res);
    const id = await this.messages.store(body);
    return {
      success: true,
      id,
      message: "Thank you for your message. We'll get back to you within 24 hours.",
    };
  }
}
