import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  ADMIN_SORT_FIELDS,
  APPROVAL_FILTERS,
  type ApprovalFilter,
  BULK_APPROVAL_MAX,
  BUSINESS_RANGES,
  BUSINESS_TEXT_LIMITS as MAX,
  COUNTRY_CODE_PATTERN,
} from '@directory/core';
import { Omittable } from '../http/omittable.js';
import { IntersectionType } from '@nestjs/swagger';
import { PageQuery } from '../common/paging.dto.js';

const ID_RULE = 'id must be a whole number (1 or more)';

/**
 * /admin/businesses/{id}: a business id, named in the 400 when it is not one (ParseIntPipe's message does
 * not say which parameter). Digits only, so "1e3" or " 7" are refused rather than read as another id; at
 * most 2^53 − 1 so it reaches the bigint column exactly.
 */
export class BusinessIdParams {
  @Max(Number.MAX_SAFE_INTEGER, { message: ID_RULE })
  @Min(1, { message: ID_RULE })
  @IsInt({ message: ID_RULE })
  @Transform(({ value }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN))
  id!: number;
}

const COUNTRY_RULE = 'countryCode must be a two-letter ISO code such as US';

/** The list's filters: name text, category, approval status, country (issue 34). */
export class AdminBusinessFiltersDto {
  @IsOptional()
  @MaxLength(200, { message: 'filter must be at most 200 characters' })
  @IsString()
  filter?: string;

  @IsOptional()
  @MaxLength(300, { message: 'category must be at most 300 characters' })
  @IsString()
  category?: string;

  @IsOptional()
  @IsIn(APPROVAL_FILTERS, { message: `approval must be one of ${APPROVAL_FILTERS.join(', ')}` })
  approval?: ApprovalFilter;

  @IsOptional()
  @Matches(COUNTRY_CODE_PATTERN, { message: COUNTRY_RULE })
  @IsString({ message: COUNTRY_RULE })
  countryCode?: string;
}

/** ?include=waiting: the filters' lists also name what only businesses waiting for approval have. */
export class FacetQuery {
  @IsOptional()
  @IsIn(['waiting'], { message: 'include must be waiting (or left out)' })
  include?: 'waiting';
}

/** GET /api/admin/businesses (admin spec §7, filters of issue 34). */
export class AdminBusinessQuery extends IntersectionType(PageQuery, AdminBusinessFiltersDto) {
  override limit = 20;

  @IsOptional()
  @IsIn(ADMIN_SORT_FIELDS, { message: `sortBy must be one of ${ADMIN_SORT_FIELDS.join(', ')}` })
  sortBy: (typeof ADMIN_SORT_FIELDS)[number] = 'createdAt';

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['asc', 'desc'], { message: 'sortOrder must be asc or desc' })
  sortOrder: 'asc' | 'desc' = 'desc';
}

/** A number within BUSINESS_RANGES[field], the field named in the message (Min checked before Max, as stacked). */
function InRange(field: keyof typeof BUSINESS_RANGES) {
  const { min, max } = BUSINESS_RANGES[field];
  const message = `${field} must be between ${min} and ${max}`;
  return applyDecorators(Min(min, { message }), Max(max, { message }));
}

const REVIEWS_RULE = `reviews must be a whole number from 0 to ${BUSINESS_RANGES.reviews.max}`;

/** The editable fields of a business; every one optional, each validated (limits: core/src/wire/admin-businesses.ts). */
export class UpdateBusinessDto {
  @Omittable()
  @MaxLength(MAX.name, { message: `name must be at most ${MAX.name} characters` })
  @MinLength(1, { message: 'name must not be empty' })
  @IsString({ message: 'name must be text' })
  name?: string;

  @IsOptional() @MaxLength(MAX.category) @IsString() category?: string | null;
  @IsOptional() @MaxLength(MAX.type) @IsString() type?: string | null;
  @IsOptional() @MaxLength(MAX.fullAddress) @IsString() fullAddress?: string | null;
  @IsOptional() @MaxLength(MAX.street) @IsString() street?: string | null;
  @IsOptional() @MaxLength(MAX.city) @IsString() city?: string | null;
  @IsOptional() @MaxLength(MAX.postalCode) @IsString() postalCode?: string | null;
  @IsOptional() @MaxLength(MAX.country) @IsString() country?: string | null;

  @IsOptional()
  @Matches(COUNTRY_CODE_PATTERN, { message: 'countryCode must be a two-letter ISO code such as US' })
  @Length(2, 2, { message: 'countryCode must be a two-letter ISO code such as US' })
  countryCode?: string | null;

  @IsOptional() @MaxLength(MAX.phone) @IsString() phone?: string | null;

  @IsOptional()
  @InRange('latitude')
  @IsNumber({}, { message: 'latitude must be a number' })
  latitude?: number | null;

  @IsOptional()
  @InRange('longitude')
  @IsNumber({}, { message: 'longitude must be a number' })
  longitude?: number | null;

  @IsOptional()
  @InRange('rating')
  @IsNumber({}, { message: 'rating must be a number' })
  rating?: number | null;

  @Omittable()
  @Max(BUSINESS_RANGES.reviews.max, { message: REVIEWS_RULE })
  @Min(0, { message: REVIEWS_RULE })
  @IsInt({ message: REVIEWS_RULE })
  reviews?: number;

  @IsOptional() @IsUrl({}, { message: 'url must be a web address' }) url?: string | null;
  @IsOptional() @IsUrl({}, { message: 'photo must be a web address' }) photo?: string | null;
  @IsOptional() @MaxLength(MAX.about) @IsString() about?: string | null;
  @Omittable() @IsBoolean({ message: 'verified must be true or false' }) verified?: boolean;
  @Omittable() @IsBoolean({ message: 'isApproved must be true or false' }) isApproved?: boolean;
}

const IDS_RULE = `ids must be a list of 1 to ${BULK_APPROVAL_MAX} business ids (whole numbers, 1 or more)`;

/** POST /api/admin/businesses/approval: approve or hide the selected ids, or every business matching the filters. */
export class BulkApprovalDto {
  @IsBoolean({ message: 'isApproved must be true or false' })
  isApproved!: boolean;

  @Omittable()
  @Max(Number.MAX_SAFE_INTEGER, { each: true, message: IDS_RULE })
  @Min(1, { each: true, message: IDS_RULE })
  @IsInt({ each: true, message: IDS_RULE })
  @ArrayMaxSize(BULK_APPROVAL_MAX, { message: IDS_RULE })
  @ArrayMinSize(1, { message: IDS_RULE })
  @IsArray({ message: IDS_RULE })
  ids?: number[];

  @Omittable()
  @ValidateNested({ message: 'matching must be an object of filters' })
  @IsObject({ message: 'matching must be an object of filters' })
  @Type(() => AdminBusinessFiltersDto)
  matching?: AdminBusinessFiltersDto;
}

/**
 * POST /api/admin/businesses/reject: the selected ids, or every business matching the filters; of those, the
 * ones waiting for approval are deleted (approved ones are left alone).
 */
export class BulkRejectDto {
  @Omittable()
  @Max(Number.MAX_SAFE_INTEGER, { each: true, message: IDS_RULE })
  @Min(1, { each: true, message: IDS_RULE })
  @IsInt({ each: true, message: IDS_RULE })
  @ArrayMaxSize(BULK_APPROVAL_MAX, { message: IDS_RULE })
  @ArrayMinSize(1, { message: IDS_RULE })
  @IsArray({ message: IDS_RULE })
  ids?: number[];

  @Omittable()
  @ValidateNested({ message: 'matching must be an object of filters' })
  @IsObject({ message: 'matching must be an object of filters' })
  @Type(() => AdminBusinessFiltersDto)
  matching?: AdminBusinessFiltersDto;
}
