import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiCall } from '../docs/api-responses.js';
import { GenericObject } from '../docs/schemas.js';
import { type AdminRequest, Authenticated } from '../auth/access.js';
import { AuditService } from '../audit/audit.service.js';
import { JsonBody } from '../http/request-body.js';
import { BusinessIdParams as IdParams } from '../admin/admin-businesses.dto.js';
import {
  ContactMessageIdsDto,
  ContactMessagesQuery,
  ContactRetentionDto,
  MarkContactMessagesDto,
} from './admin-contact.dto.js';
import { ContactMessagesRepository } from './contact-messages.repository.js';

/**
 * What visitors sent through the public contact form (issue 5 "Contact messages"), newest first, and the
 * inbox kept as personal data (issue 34): marked read, deleted singly or in bulk, kept for the retention
 * setting's months. Every write is audited in its own transaction (AuditService.write).
 */
@ApiTags('admin contact messages')
@Controller('admin')
@Authenticated()
export class AdminContactMessagesController {
  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly audit: AuditService,
  ) {}

  @Get('contact-messages')
  @ApiCall('A page of the messages sent through the contact form, newest first', GenericObject, 400)
  list(@Query() query: ContactMessagesQuery) {
    return this.messages.page(query.page, query.limit);
  }

  @Post('contact-messages/read')
  @JsonBody('16kb')
  @HttpCode(200)
  @ApiCall('Marks the messages given read or unread', GenericObject, 400, 403, 413)
  async mark(@Body() body: MarkContactMessagesDto, @Req() req: AdminRequest) {
    const ids = await this.audit.write(
      req.admin,
      body.read ? 'contact.mark-read' : 'contact.mark-unread',
      () => this.messages.markRead(body.ids, body.read),
      (marked) => ({ ids: marked }),
    );
    return { success: true, updatedCount: ids.length, ids };
  }

  @Post('contact-messages/delete')
  @JsonBody('16kb')
  @HttpCode(200)
  @ApiCall('Deletes the messages given (the selected rows)', GenericObject, 400, 403, 413)
  async removeMany(@Body() body: ContactMessageIdsDto, @Req() req: AdminRequest) {
    const gone = await this.audit.write(
      req.admin,
      'contact.delete',
      () => this.messages.remove(body.ids),
      (deleted) => ({ ids: deleted.map((m) => m.id) }),
    );
    return { success: true, deletedCount: gone.length, ids: gone.map((m) => m.id) };
  }

  @Delete('contact-messages/:id')
  @ApiCall('Deletes one message', GenericObject, 400, 403, 404)
  async remove(@Param() { id }: IdParams, @Req() req: AdminRequest) {
    await this.audit.write(
      req.admin,
      'contact.delete',
      async () => {
        // Thrown inside the transaction: an unknown id leaves no audit entry.
        if ((await this.messages.remove([id])).length === 0)
          throw new NotFoundException(`No contact message has the id ${id}.`);
      },
      () => ({ ids: [id] }),
    );
    return { success: true, deletedCount: 1, ids: [id] };
  }

  @Get('contact-retention')
  @ApiCall('How many months contact messages are kept', GenericObject)
  async retention() {
    return { months: await this.messages.retentionMonths() };
  }

  @Put('contact-retention')
  @JsonBody('1kb')
  @ApiCall('Sets how many months contact messages are kept (1–120)', GenericObject, 400, 403, 413)
  async saveRetention(@Body() body: ContactRetentionDto, @Req() req: AdminRequest) {
    await this.audit.write(
      req.admin,
      'contact.retention',
      () => this.messages.saveRetentionMonths(body.months),
      () => ({ months: body.months }),
    );
    return { success: true, months: body.months };
  }
}
