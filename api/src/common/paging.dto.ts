import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PAGE_SIZES, PUBLIC_MAX_PAGE } from '@directory/core';

/** The deepest page any list takes (the admin's lists): far past the catalogue, and a bounded offset. */
export const MAX_PAGE = 1_000_000;

/**
 * ?page from 1 to `max`: `1e308`, `1.5`, `-1`, `0` and `99999999999999999999` are refused with the rule,
 * never turned into an offset the database cannot take (a 500 before).
 */
export function PageNumber(max: number) {
  const rule = `page must be a whole number from 1 to ${max}`;
  return applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: rule }),
    Min(1, { message: rule }),
    Max(max, { message: rule }),
  );
}

function PageLimit() {
  const rule = 'limit must be a whole number from 1 to 100';
  return applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: rule }),
    Min(1, { message: rule }),
    Max(100, { message: rule }),
  );
}

/** ?page&limit of the admin's lists: page 1..1,000,000, limit 1..100. */
export class PageQuery {
  @PageNumber(MAX_PAGE)
  page = 1;

  @PageLimit()
  limit = 12;
}

/**
 * ?page&limit of category, city and country-city pages: page 1..100 (public spec §5: a public page number is
 * valid only from 1 to 100), limit 1..100. A page past the last one (within 1..100) is an empty page, as every
 * public list answers it; their totalPages stop at 100 (paging.ts), so a pager never offers page 101.
 */
export class PublicPageQuery {
  @PageNumber(PUBLIC_MAX_PAGE)
  page = 1;

  @PageLimit()
  limit: number = PAGE_SIZES.placeBusinesses;
}
