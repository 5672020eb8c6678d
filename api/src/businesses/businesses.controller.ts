import { Controller, Get, Param, Query, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CACHE_POLICIES, PublicCache } from '../cache/cache-policy.js';
import { PageNumber } from '../common/paging.dto.js';
import { SlugParams } from '../common/params.dto.js';
import { ApiCall } from '../docs/api-responses.js';
import { BusinessDetail, BusinessPage, Featured, RelatedPlaces } from '../docs/schemas.js';
import { BusinessesService, PUBLIC_MAX_PAGE } from './businesses.service.js';
import { Public } from '../auth/access.js';
import { SearchLimitInterceptor } from '../search/search-limiter.js';
import { RELATED_COUNT, RelatedPlacesService } from './related.service.js';

class BusinessListQuery {
  @PageNumber(PUBLIC_MAX_PAGE)
  page = 1;
}

@ApiTags('businesses')
@Controller()
@Public()
export class BusinessesController {
  constructor(
    private readonly businesses: BusinessesService,
    private readonly related: RelatedPlacesService,
  ) {}

  @Get('businesses')
  @PublicCache(CACHE_POLICIES.page)
  @UseInterceptors(SearchLimitInterceptor)
  @ApiCall('The public business list: 20 a page, newest first, pages 1 to 100', BusinessPage, 400)
  list(@Query() query: BusinessListQuery) {
    return this.businesses.list(query.page);
  }

  @Get('featured-businesses')
  @PublicCache(CACHE_POLICIES.featured)
  @ApiCall('The eight featured businesses of the home page', Featured)
  featured() {
    return this.businesses.featured();
  }

  @Get('businesses/:slug')
  @PublicCache(CACHE_POLICIES.page)
  @ApiCall(
    'A business by its address; renamed addresses and the six-character suffix retry resolve',
    BusinessDetail,
    400,
    404,
  )
  detail(@Param() params: SlugParams) {
    return this.businesses.detail(params.slug);
  }

  @Get('businesses/:slug/nearby')
  @PublicCache(CACHE_POLICIES.page)
  @UseInterceptors(SearchLimitInterceptor)
  @ApiCall(
    `The places a business page suggests: up to ${RELATED_COUNT} nearby and ${RELATED_COUNT} of its category in its city`,
    RelatedPlaces,
    400,
    404,
  )
  nearby(@Param() params: SlugParams) {
    return this.related.related(params.slug);
  }
}
