import { WorkerLoggingModule } from './logging/logging.module.js';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { type AppConfig, bullConnection, ormOptions, QUEUES } from '@directory/core';
import { WORKER_CONFIG, WorkerConfigModule } from './config/worker-config.module.js';
import { MaintenanceProcessor } from './maintenance/maintenance.processor.js';
import { ContactRetentionScheduler } from './maintenance/contact-retention.scheduler.js';
import { JobSchedulersModule } from './schedulers/job-schedulers.js';
import { SearchModule } from './search/search.module.js';
import { ExportsModule } from './exports/exports.module.js';
import { SitemapsModule } from './sitemaps/sitemaps.module.js';
import { SlugsModule } from './slugs/slugs.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { WorkerHealthModule } from './health/worker-health.module.js';

/** The worker: a Nest application context (no HTTP) running the BullMQ processors. */
@Module({
  imports: [
    WorkerConfigModule,
    WorkerLoggingModule,
    WorkerHealthModule,
    MikroOrmModule.forRootAsync({
      inject: [WORKER_CONFIG],
      useFactory: (config: AppConfig) => ormOptions(config.DATABASE_URL),
      driver: PostgreSqlDriver,
    }),
    BullModule.forRootAsync({ inject: [WORKER_CONFIG], useFactory: (config: AppConfig) => bullConnection(config) }),
    BullModule.registerQueue({ name: QUEUES.maintenance }),
    // The category merges' job queues the search rebuild that gives businesses the merged spellings.
    BullModule.registerQueue({ name: QUEUES.search }),
    // The public counts' refresh asks for the sitemaps after it.
    BullModule.registerQueue({ name: QUEUES.sitemaps }),
    JobSchedulersModule,
    SearchModule,
    ExportsModule,
    SlugsModule,
    SitemapsModule,
    ImportsModule,
  ],
  providers: [MaintenanceProcessor, ContactRetentionScheduler],
})
export class WorkerModule {}
