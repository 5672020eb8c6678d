import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { type AppConfig, sideRedis, whenReady } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { CacheInvalidationInterceptor } from './cache-invalidation.interceptor.js';
import { PublicCacheKeys } from './cache-keys.js';
import { PublicCacheInterceptor } from './public-cache.interceptor.js';
import { CACHE_REDIS, PublicCacheService } from './public-cache.service.js';

/**
 * Server-side cache of the public reads in Redis (a small interceptor on ioredis rather than
 * @nestjs/cache-manager: docs/operations.md says why). The client is also the api's Redis for health
 * checks and the worker heartbeat read.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    {
      provide: CACHE_REDIS,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const redis = sideRedis(config, 'directory-api-cache');
        await whenReady(redis);
        return redis;
      },
    },
    PublicCacheService,
    PublicCacheKeys,
    { provide: APP_INTERCEPTOR, useClass: PublicCacheInterceptor },
    { provide: APP_INTERCEPTOR, useClass: CacheInvalidationInterceptor },
  ],
  exports: [CACHE_REDIS, PublicCacheService, PublicCacheKeys],
})
export class CacheModule {}
