import { Controller, Get, Param, Query } from '@nestjs/common';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQuery } from '../common/paging.dto.js';
import { CountriesService } from './countries.service.js';

class CountryCitiesQuery extends PageQuery {
  override limit = 24;

  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;
}

@Controller('countries')
export class CountriesController {
  constructor(private readonly countries: CountriesService) {}

  @Get()
  list() {
    return this.countries.list();
  }

  @Get(':slug')
  page(@Param('slug') slug: string) {
    return this.countries.page(slug);
  }

  @Get(':slug/cities')
  cities(@Param('slug') slug: string, @Query() query: CountryCitiesQuery) {
    return this.countries.cities(slug, query.page, query.limit, query.q);
  }
}
