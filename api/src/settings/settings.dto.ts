import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { Omittable } from '../http/omittable.js';

/** The body of a save of the four snippets or the four ad slots: four full slots, with room for JSON escaping. */
export const SNIPPETS_BODY_LIMIT = '256kb';

export class SiteSettingsDto {
  @Omittable() @MaxLength(200_000) @IsString() head_tags?: string;
  @Omittable() @MaxLength(200_000) @IsString() footer_tags?: string;
  @Omittable() @MaxLength(200_000) @IsString() analytics_code?: string;
  @Omittable() @MaxLength(200_000) @IsString() facebook_pixel?: string;
}

export class AdvertisementCodesDto {
  @Omittable() @IsString() ad1?: string;
  @Omittable() @IsString() ad2?: string;
  @Omittable() @IsString() ad3?: string;
  @Omittable() @IsString() ad4?: string;
}

/** PUT /api/admin/import-approval: whether imported businesses wait for approval before they are public. */
export class ImportApprovalDto {
  @IsBoolean({ message: 'needsApproval must be true or false' })
  needsApproval!: boolean;
}
