import { Module } from '@nestjs/common';
import { AdminSearchController } from './admin-search.controller.js';
import { SearchLimiter, SearchLimitInterceptor } from './search-limiter.js';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';

@Module({
  controllers: [SearchController, AdminSearchController],
  providers: [SearchService, SearchLimiter, SearchLimitInterceptor],
  exports: [SearchLimiter, SearchLimitInterceptor],
})
export class SearchModule {}
