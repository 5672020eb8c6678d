import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PAGE_SIZES } from '@directory/core';
import { CACHE_POLICIES, PublicCache } from '../cache/cache-policy.js';
import { PublicPageQuery } from '../common/paging.dto.js';
import { SlugParams } from '../common/params.dto.js';
import { ApiCall } from '../docs/api-responses.js';
import { CountryCities, CountryList, CountryPage } from '../docs/schemas.js';
import { CountriesService } from './countries.service.js';
import { Public } from '../auth/access.js';

class CountryCitiesQuery extends PublicPageQuery {
  override limit: number = PAGE_SIZES.countryCities;

  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;
}

@ApiTags('countries')
@Controller('countries')
@Public()
export class CountriesController {
  constructor(private readonly countries: CountriesService) {}

  @Get()
  @PublicCache(CACHE_POLICIES.list)
  @ApiCall('Every country with its business, city and category counts, largest first', CountryList)
  list() {
    return this.countries.list();
  }

  @Get(':slug')
  @PublicCache(CACHE_POLICIES.page)
  @ApiCall('A country page by its name slug (united-states) or ISO code (us)', CountryPage, 400, 404)
  page(@Param() params: SlugParams) {
    return this.countries.page(params.slug);
  }

  @Get(':slug/cities')
  @PublicCache(CACHE_POLICIES.page)
  @ApiCall("A page of a country's cities, largest first; ?q= filters by name", CountryCities, 400, 404)
  cities(@Param() params: SlugParams, @Query() query: CountryCitiesQuery) {
    return this.countries.cities(params.slug, query.page, query.limit, query.q);
  }
}
