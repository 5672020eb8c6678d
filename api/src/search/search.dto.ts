import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SEARCH_MAX_PAGE } from '@directory/core';
import { MAX_LIMIT, SEARCH_SORTS, type SearchSort } from '@directory/search';

const PAGE_RULE = `page must be a whole number from 1 to ${SEARCH_MAX_PAGE}`;
const LIMIT_RULE = `limit must be a whole number from 1 to ${MAX_LIMIT}`;

/** "true"/"1" and "false"/"0" as query strings carry them; anything else stays a string and fails IsBoolean. */
const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;

/** GET /api/search: every parameter optional; each bad one answers 400 naming it and its rule. */
export class SearchQueryDto {
  @IsOptional() @IsString() @MaxLength(200, { message: 'q must be at most 200 characters' }) q?: string;

  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'location must be at most 200 characters' })
  location?: string;

  @IsOptional()
  @IsString()
  @MaxLength(120, { message: 'category must be a category slug such as coffee-shop' })
  category?: string;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z]{2}$/, { message: 'country must be a two-letter country code such as CH' })
  country?: string;

  @IsOptional()
  @IsString()
  @MaxLength(120, { message: 'city must be a city slug such as new-york' })
  city?: string;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'minRating must be a number from 0 to 5' })
  @Min(0, { message: 'minRating must be a number from 0 to 5' })
  @Max(5, { message: 'minRating must be a number from 0 to 5' })
  minRating?: number;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'openNow must be true or false' })
  openNow?: boolean;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'lat must be a latitude from -90 to 90' })
  @Min(-90, { message: 'lat must be a latitude from -90 to 90' })
  @Max(90, { message: 'lat must be a latitude from -90 to 90' })
  lat?: number;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'lng must be a longitude from -180 to 180' })
  @Min(-180, { message: 'lng must be a longitude from -180 to 180' })
  @Max(180, { message: 'lng must be a longitude from -180 to 180' })
  lng?: number;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({}, { message: 'radiusKm must be a distance in kilometres from 0.1 to 20000' })
  @Min(0.1, { message: 'radiusKm must be a distance in kilometres from 0.1 to 20000' })
  @Max(20_000, { message: 'radiusKm must be a distance in kilometres from 0.1 to 20000' })
  radiusKm?: number;

  /** The map's view, "south,west,north,east" in degrees (checked by parseBbox). */
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'bbox must be four numbers south,west,north,east' })
  bbox?: string;

  @IsOptional()
  @IsIn(SEARCH_SORTS, { message: `sort must be one of ${SEARCH_SORTS.join(', ')}` })
  sort?: SearchSort;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: PAGE_RULE })
  @Min(1, { message: PAGE_RULE })
  @Max(SEARCH_MAX_PAGE, { message: PAGE_RULE })
  page = 1;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT_RULE })
  @Min(1, { message: LIMIT_RULE })
  @Max(MAX_LIMIT, { message: LIMIT_RULE })
  limit = 20;
}

/** GET /api/search/suggest?q&limit. */
export class SuggestQueryDto {
  // class-validator runs a property's decorators bottom-up; stopAtFirstError reports the first failure.
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  @IsString({ message: 'q is required: the beginning of a name, category or city' })
  q!: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number from 1 to 10' })
  @Min(1, { message: 'limit must be a whole number from 1 to 10' })
  @Max(10, { message: 'limit must be a whole number from 1 to 10' })
  limit = 5;
}
