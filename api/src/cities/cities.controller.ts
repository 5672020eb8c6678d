import { Controller, Get, Param, Query } from '@nestjs/common';
import { LetterQuery } from '../common/letter.dto.js';
import { PageQuery } from '../common/paging.dto.js';
import { CitiesService } from './cities.service.js';

@Controller('cities')
export class CitiesController {
  constructor(private readonly cities: CitiesService) {}

  @Get()
  list(@Query() query: LetterQuery) {
    return this.cities.list(query.letter, query.q);
  }

  @Get(':countryCode/:citySlug')
  page(@Param('countryCode') countryCode: string, @Param('citySlug') citySlug: string, @Query() query: PageQuery) {
    return this.cities.page(countryCode, citySlug, query.page, query.limit);
  }
}
