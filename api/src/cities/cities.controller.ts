import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CACHE_POLICIES, PublicCache } from '../cache/cache-policy.js';
import { LetterQuery } from '../common/letter.dto.js';
import { PublicPageQuery } from '../common/paging.dto.js';
import { CityParams } from '../common/params.dto.js';
import { ApiCall } from '../docs/api-responses.js';
import { CityList, CityPage } from '../docs/schemas.js';
import { CitiesService } from './cities.service.js';
import { Public } from '../auth/access.js';
import { SearchLimitInterceptor } from '../search/search-limiter.js';

@ApiTags('cities')
@Controller('cities')
@Public()
export class CitiesController {
  constructor(private readonly cities: CitiesService) {}

  @Get()
  @PublicCache(CACHE_POLICIES.list)
  @ApiCall(
    'Every city with its counts, largest first; ?letter=A and ?q= (a name or a country code) filter',
    CityList,
    400,
  )
  list(@Query() query: LetterQuery) {
    return this.cities.list(query.letter, query.q);
  }

  @Get(':countryCode/:citySlug')
  @PublicCache(CACHE_POLICIES.page)
  @UseInterceptors(SearchLimitInterceptor)
  @ApiCall('A city page: counts, top categories and a page of its businesses', CityPage, 400, 404)
  page(@Param() params: CityParams, @Query() query: PublicPageQuery) {
    return this.cities.page(params.countryCode, params.citySlug, query.page, query.limit);
  }
}
