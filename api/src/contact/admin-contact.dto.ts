import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsInt, Max, Min } from 'class-validator';
import { CONTACT_BULK_MAX, CONTACT_RETENTION } from '@directory/core';
import { PageQuery } from '../common/paging.dto.js';

const IDS_RULE = `ids must be a list of 1 to ${CONTACT_BULK_MAX} message ids (whole numbers, 1 or more)`;

/** The admin's lists show 20 a page. */
export class ContactMessagesQuery extends PageQuery {
  override limit = 20;
}

/** The messages a bulk delete or mark takes (the rows the admin selected). */
export class ContactMessageIdsDto {
  @Max(Number.MAX_SAFE_INTEGER, { each: true, message: IDS_RULE })
  @Min(1, { each: true, message: IDS_RULE })
  @IsInt({ each: true, message: IDS_RULE })
  @ArrayMaxSize(CONTACT_BULK_MAX, { message: IDS_RULE })
  @ArrayMinSize(1, { message: IDS_RULE })
  @IsArray({ message: IDS_RULE })
  ids!: number[];
}

/** Marks the messages given read (true) or unread (false). */
export class MarkContactMessagesDto extends ContactMessageIdsDto {
  @IsBoolean({ message: 'read must be true or false' })
  read!: boolean;
}

/** How many months contact messages are kept. */
export class ContactRetentionDto {
  @Max(CONTACT_RETENTION.maxMonths, { message: CONTACT_RETENTION.invalid })
  @Min(CONTACT_RETENTION.minMonths, { message: CONTACT_RETENTION.invalid })
  @IsInt({ message: CONTACT_RETENTION.invalid })
  months!: number;
}
