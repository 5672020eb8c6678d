import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CACHE_POLICIES, PublicCache } from '../cache/cache-policy.js';
import { ApiCall } from '../docs/api-responses.js';
import { SearchAnswer, SuggestAnswer } from '../docs/schemas.js';
import { SearchQueryDto, SuggestQueryDto } from './search.dto.js';
import { SearchLimitInterceptor } from './search-limiter.js';
import { SearchService } from './search.service.js';
import { Public } from '../auth/access.js';

@ApiTags('search')
@Controller('search')
@Public()
@UseInterceptors(SearchLimitInterceptor)
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get()
  @PublicCache(CACHE_POLICIES.search)
  @ApiCall('Keyword and location search with filters, facets, distance and sorts', SearchAnswer, 400, 429)
  search(@Query() query: SearchQueryDto) {
    return this.searchService.search(query);
  }

  /** Autocomplete: businesses, categories and cities whose name starts with q. */
  @Get('suggest')
  @PublicCache(CACHE_POLICIES.search)
  @ApiCall('Autocomplete: businesses, categories and cities whose name starts with q', SuggestAnswer, 400, 429)
  suggest(@Query() query: SuggestQueryDto) {
    return this.searchService.suggest(query.q, query.limit);
  }
}
