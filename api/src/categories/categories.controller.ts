import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CACHE_POLICIES, PublicCache } from '../cache/cache-policy.js';
import { LetterQuery } from '../common/letter.dto.js';
import { PublicPageQuery } from '../common/paging.dto.js';
import { SlugParams } from '../common/params.dto.js';
import { ApiCall } from '../docs/api-responses.js';
import { CategoryList, CategoryPage } from '../docs/schemas.js';
import { CategoriesService } from './categories.service.js';
import { Public } from '../auth/access.js';
import { SearchLimitInterceptor } from '../search/search-limiter.js';

@ApiTags('categories')
@Controller('categories')
@Public()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @PublicCache(CACHE_POLICIES.list)
  @ApiCall('Every category with its business count, largest first; ?letter=A and ?q= filter', CategoryList, 400)
  list(@Query() query: LetterQuery) {
    return this.categories.list(query.letter, query.q);
  }

  @Get(':slug')
  @PublicCache(CACHE_POLICIES.page)
  @UseInterceptors(SearchLimitInterceptor)
  @ApiCall('A category page: counts, top countries and a page of its businesses', CategoryPage, 400, 404)
  page(@Param() params: SlugParams, @Query() query: PublicPageQuery) {
    return this.categories.page(params.slug, query.page, query.limit);
  }
}
