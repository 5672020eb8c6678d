import { BullModule } from '@nestjs/bullmq';
import { Logger, Module } from '@nestjs/common';
import { type AppConfig, QUEUES } from '@directory/core';
import { WORKER_CONFIG } from '../config/worker-config.module.js';
import { openSearch } from '@directory/search';
import { SEARCH } from './search.token.js';
import { SearchSyncProcessor } from './search-sync.processor.js';
import { SearchSyncScheduler } from './search-sync.scheduler.js';
import { JobSchedulersModule } from '../schedulers/job-schedulers.js';

/** Keeps the search index in step with PostgreSQL: outbox drains on every commit, full reindexes on demand. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUES.search }), JobSchedulersModule],
  providers: [
    // Its own small pool: a long reindex must not starve the other processors' connections.
    {
      provide: SEARCH,
      inject: [WORKER_CONFIG],
      useFactory: (config: AppConfig) => openSearch(config, 4, (message) => new Logger('search pool').warn(message)),
    },
    SearchSyncProcessor,
    SearchSyncScheduler,
  ],
})
export class SearchModule {}
