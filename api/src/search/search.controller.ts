import { Controller, Get, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { SearchService } from './search.service.js';

class SearchQuery {
  @IsOptional() @MaxLength(200, { message: 'q must be at most 200 characters' }) @IsString() q = '';
  @IsOptional() @MaxLength(200, { message: 'location must be at most 200 characters' }) @IsString() location = '';

  @IsOptional()
  @Type(() => Number)
  @Max(500, { message: 'page must be a whole number from 1 to 500' })
  @Min(1, { message: 'page must be a whole number from 1 to 500' })
  @IsInt({ message: 'page must be a whole number from 1 to 500' })
  page = 1;
}

@Controller('search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  search(@Query() query: SearchQuery) {
    return this.searchService.search(query.q, query.location, query.page);
  }
}
