import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { type AppConfig, bullConnection, QUEUES } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { AggregatesRefresher } from './aggregates-refresher.js';

/** The api's side of the queues: it only enqueues; the worker process runs the jobs. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const bull = bullConnection(config);
        // A request must not hang while Redis is away: enqueueing fails fast instead.
        return { ...bull, connection: { ...bull.connection, enableOfflineQueue: false } };
      },
    }),
    BullModule.registerQueue({ name: QUEUES.maintenance }, { name: QUEUES.search }),
    BullModule.registerQueue({ name: QUEUES.exports }, { name: QUEUES.slugs }, { name: QUEUES.sitemaps }),
  ],
  providers: [AggregatesRefresher],
  exports: [BullModule, AggregatesRefresher],
})
export class QueueModule {}
