import { Global, Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { Redis } from 'ioredis';
import type { AppConfig } from '@directory/core';
import { WORKER_CONFIG } from '../config/worker-config.module.js';
import { CatalogueCache } from '../cache/catalogue-cache.js';
import { jobSink } from '../logging/instrumented-worker.js';
import { HeartbeatService } from './heartbeat.service.js';
import { WORKER_REDIS, workerRedisProvider } from './side-redis.js';
import { WorkerDrain } from './worker-drain.js';

/**
 * What ops see of the worker: its heartbeat, its job durations (recorded into Redis by InstrumentedWorker)
 * and the public cache invalidation after data changes; plus its graceful stop (WorkerDrain).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [workerRedisProvider, HeartbeatService, CatalogueCache, WorkerDrain],
  exports: [WORKER_REDIS, CatalogueCache],
})
export class WorkerHealthModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    jobSink.redis = this.redis;
    jobSink.prefix = this.config.REDIS_PREFIX;
  }

  onApplicationShutdown(): void {
    if (jobSink.redis === this.redis) jobSink.redis = null;
  }
}
