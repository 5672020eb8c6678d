import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type AppConfig, ormOptions } from '@directory/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { AdminModule } from './admin/admin.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BusinessesModule } from './businesses/businesses.module.js';
import { APP_CONFIG, ConfigModule } from './config/config.module.js';
import { ContactModule } from './contact/contact.module.js';
import { DirectoryModule } from './directory.module.js';
import { QueueModule } from './queue/queue.module.js';
import { SearchEngineModule } from './search/search-engine.module.js';
import { SynonymsModule } from './synonyms/synonyms.module.js';
import { CategoryMergesModule } from './category-merges/category-merges.module.js';
import { SearchModule } from './search/search.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { WebAppModule } from './web-app/web-app.module.js';
import { ExportsModule } from './exports/exports.module.js';
import { SitemapsModule } from './sitemaps/sitemaps.module.js';
import { SlugsModule } from './slugs/slugs.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { QueueDashboardModule } from './queue-dashboard/queue-dashboard.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { CacheModule } from './cache/cache.module.js';
import { HealthModule } from './health/health.module.js';
import { LoggingModule } from './logging/logging.module.js';
import { MetricsModule } from './metrics/metrics.module.js';

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    MetricsModule,
    CacheModule,
    HealthModule,
    MikroOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      // The request context is requestContextHook's (app.factory.ts): forks made on first use.
      useFactory: (config: AppConfig) => ({ ...ormOptions(config.DATABASE_URL), registerRequestContext: false }),
      driver: PostgreSqlDriver,
    }),
    QueueModule,
    SearchEngineModule,
    AuditModule,
    AuthModule,
    AdminModule,
    BusinessesModule,
    DirectoryModule,
    ContactModule,
    SettingsModule,
    SearchModule,
    SynonymsModule,
    CategoryMergesModule,
    ExportsModule,
    SlugsModule,
    SitemapsModule,
    JobsModule,
    UploadsModule,
    QueueDashboardModule,
    WebAppModule,
  ],
})
export class AppModule implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** Fastify takes requests once every route and plugin is loaded: after init, before the first request. */
  async onApplicationBootstrap(): Promise<void> {
    await this.adapterHost.httpAdapter.getInstance<FastifyInstance>().ready();
  }
}
