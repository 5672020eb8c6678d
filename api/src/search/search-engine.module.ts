import { Global, Inject, Injectable, Logger, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '@directory/core';
import { openSearch, type OpenedSearch, type SearchEngine } from '@directory/search';
import { APP_CONFIG } from '../config/config.module.js';

/** Injection token of the search engine the configuration names (Meilisearch or the embedded engine). */
export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');
export const SEARCH = Symbol('SEARCH');

/**
 * Creates the index when it is missing (idempotent, under a lock) so reads never fail on a fresh database;
 * filling and rebuilding it is the worker's work.
 */
@Injectable()
class SearchLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Search');
  constructor(@Inject(SEARCH) private readonly search: OpenedSearch) {}

  async onModuleInit(): Promise<void> {
    await this.search.engine.setup();
    this.logger.log(`Search engine: ${this.search.engine.kind}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.search.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: SEARCH,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => openSearch(config, 10, (message) => new Logger('search pool').warn(message)),
    },
    { provide: SEARCH_ENGINE, inject: [SEARCH], useFactory: (search: OpenedSearch): SearchEngine => search.engine },
    SearchLifecycle,
  ],
  exports: [SEARCH, SEARCH_ENGINE],
})
export class SearchEngineModule {}
