import { Controller, Get, Query } from '@nestjs/common';
import { SearchQueryDto, SuggestQueryDto } from './search.dto.js';
import { SearchService } from './search.service.js';

@Controller('search')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  search(@Query() query: SearchQueryDto) {
    return this.searchService.search(query);
  }

  /** Autocomplete: businesses, categories and cities whose name starts with q. */
  @Get('suggest')
  suggest(@Query() query: SuggestQueryDto) {
    return this.searchService.suggest(query.q, query.limit);
  }
}
