import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
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

export const ADMIN_SORT_FIELDS = ['name', 'rating', 'reviewCount', 'createdAt'] as const;

/** GET /api/admin/businesses (admin spec §7). */
export class AdminBusinessQuery extends PageQuery {
  override limit = 20;

  @IsOptional()
  @MaxLength(200, { message: 'filter must be at most 200 characters' })
  @IsString()
  filter?: string;

  @IsOptional()
  @MaxLength(300, { message: 'category must be at most 300 characters' })
  @IsString()
  category?: string;

  @IsOptional()
  @IsIn(ADMIN_SORT_FIELDS, { message: `sortBy must be one of ${ADMIN_SORT_FIELDS.join(', ')}` })
  sortBy: (typeof ADMIN_SORT_FIELDS)[number] = 'createdAt';

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(['asc', 'desc'], { message: 'sortOrder must be asc or desc' })
  sortOrder: 'asc' | 'desc' = 'desc';
}

/** The editable fields of a business; every one optional, each validated. */
export class UpdateBusinessDto {
  @IsOptional()
  @MaxLength(300, { message: 'name must be at most 300 characters' })
  @MinLength(1, { message: 'name must not be empty' })
  @IsString({ message: 'name must be text' })
  name?: string;

  @IsOptional() @MaxLength(300) @IsString() category?: string | null;
  @IsOptional() @MaxLength(300) @IsString() type?: string | null;
  @IsOptional() @MaxLength(1000) @IsString() fullAddress?: string | null;
  @IsOptional() @MaxLength(500) @IsString() street?: string | null;
  @IsOptional() @MaxLength(300) @IsString() city?: string | null;
  @IsOptional() @MaxLength(50) @IsString() postalCode?: string | null;
  @IsOptional() @MaxLength(200) @IsString() country?: string | null;

  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: 'countryCode must be a two-letter ISO code such as US' })
  @Length(2, 2, { message: 'countryCode must be a two-letter ISO code such as US' })
  countryCode?: string | null;

  @IsOptional() @MaxLength(50) @IsString() phone?: string | null;

  @IsOptional()
  @Max(90, { message: 'latitude must be between -90 and 90' })
  @Min(-90, { message: 'latitude must be between -90 and 90' })
  @IsNumber({}, { message: 'latitude must be a number' })
  latitude?: number | null;

  @IsOptional()
  @Max(180, { message: 'longitude must be between -180 and 180' })
  @Min(-180, { message: 'longitude must be between -180 and 180' })
  @IsNumber({}, { message: 'longitude must be a number' })
  longitude?: number | null;

  @IsOptional()
  @Max(5, { message: 'rating must be between 0 and 5' })
  @Min(0, { message: 'rating must be between 0 and 5' })
  @IsNumber({}, { message: 'rating must be a number' })
  rating?: number | null;

  @IsOptional()
  @Min(0, { message: 'reviews must be a whole number (0 or more)' })
  @IsInt({ message: 'reviews must be a whole number (0 or more)' })
  reviews?: number;

  @IsOptional() @IsUrl({}, { message: 'url must be a web address' }) url?: string | null;
  @IsOptional() @IsUrl({}, { message: 'photo must be a web address' }) photo?: string | null;
  @IsOptional() @MaxLength(5000) @IsString() about?: string | null;
  @IsOptional() @IsBoolean({ message: 'verified must be true or false' }) verified?: boolean;
  @IsOptional() @IsBoolean({ message: 'isApproved must be true or false' }) isApproved?: boolean;
}
