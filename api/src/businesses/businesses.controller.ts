import { Controller, Get, Param, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { BusinessesService, PUBLIC_MAX_PAGE } from './businesses.service.js';

const PAGE_RULE = `page must be a whole number from 1 to ${PUBLIC_MAX_PAGE}`;

class BusinessListQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: PAGE_RULE })
  @Min(1, { message: PAGE_RULE })
  @Max(PUBLIC_MAX_PAGE, { message: PAGE_RULE })
  page = 1;
}

@Controller()
export class BusinessesController {
  constructor(private readonly businesses: BusinessesService) {}

  @Get('businesses')
  list(@Query() query: BusinessListQuery) {
    return this.businesses.list(query.page);
  }

  @Get('featured-businesses')
  featured() {
    return this.businesses.featured();
  }

  @Get('businesses/:slug')
  detail(@Param('slug') slug: string) {
    return this.businesses.detail(slug);
  }
}
