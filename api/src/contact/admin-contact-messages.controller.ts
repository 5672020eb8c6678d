import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PageQuery } from '../common/paging.dto.js';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject } from '../docs/schemas.js';
import { Authenticated } from '../auth/access.js';
import { ContactMessagesRepository } from './contact-messages.repository.js';

/** The admin's lists show 20 a page. */
class ContactMessagesQuery extends PageQuery {
  override limit = 20;
}

/** What visitors sent through the public contact form (issue 5 "Contact messages"), newest first. */
@ApiTags('admin contact messages')
@Controller('admin')
@Authenticated()
export class AdminContactMessagesController {
  constructor(private readonly messages: ContactMessagesRepository) {}

  @Get('contact-messages')
  @ApiCall('A page of the messages sent through the contact form, newest first', GenericObject, 400)
  list(@Query() query: ContactMessagesQuery) {
    return this.messages.page(query.page, query.limit);
  }
}
