import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/** The body of a save of the four snippets or the four ad slots: four full slots, with room for JSON escaping. */
export const SNIPPETS_BODY_LIMIT = '256kb';

export class SiteSettingsDto {
  @IsOptional() @MaxLength(200_000) @IsString() head_tags?: string;
  @IsOptional() @MaxLength(200_000) @IsString() footer_tags?: string;
  @IsOptional() @MaxLength(200_000) @IsString() analytics_code?: string;
  @IsOptional() @MaxLength(200_000) @IsString() facebook_pixel?: string;
}

export class AdvertisementCodesDto {
  @IsOptional() @IsString() ad1?: string;
  @IsOptional() @IsString() ad2?: string;
  @IsOptional() @IsString() ad3?: string;
  @IsOptional() @IsString() ad4?: string;
}

/** PUT /api/admin/import-approval: whether imported businesses wait for approval before they are public. */
export class ImportApprovalDto {
  @IsBoolean({ message: 'needsApproval must be true or false' })
  needsApproval!: boolean;
}
