import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type AppConfig, bumpCacheGeneration } from '@directory/core';
import { WORKER_REDIS } from '../health/side-redis.js';
import { WORKER_CONFIG } from '../config/worker-config.module.js';

/**
 * Invalidates the api's cached public answers (api/src/cache) once what they show changed: after an outbox
 * drain applied business changes to the search index, and after the public counts were refreshed. Redis being
 * away only costs staleness up to the answers' TTL, never the job.
 */
@Injectable()
export class CatalogueCache {
  private readonly logger = new Logger('CatalogueCache');

  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
  ) {}

  async changed(reason: string): Promise<void> {
    try {
      await bumpCacheGeneration(this.redis, this.config.REDIS_PREFIX, 'catalogue');
      this.logger.debug(`Public answers invalidated: ${reason}`);
    } catch (error) {
      this.logger.warn(`Public answers could not be invalidated (${reason}): ${(error as Error).message}`);
    }
  }
}
