import { Inject, Injectable } from '@nestjs/common';
import {
  HealthCheckService,
  HealthIndicatorService,
  type HealthIndicatorFunction,
  MikroOrmHealthIndicator,
} from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { type AppConfig, HEARTBEAT_STALE_MS, liveWorkers } from '@directory/core';
import type { SearchEngine } from '@directory/search';
import { CACHE_REDIS } from '../cache/public-cache.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import { SEARCH_ENGINE } from '../search/search-engine.module.js';
import { shutdownState } from './shutdown-state.js';

const TIMEOUT_MS = 2000;

/**
 * What readiness means (docs/operations.md): the api cannot answer without PostgreSQL and the search
 * engine, so either one down makes it not ready (503). Redis down or no live worker leaves it serving (public
 * reads fall through to the source; jobs wait), so those are reported as "degraded" with a 200.
 */
@Injectable()
export class HealthChecks {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly database: MikroOrmHealthIndicator,
    @Inject(CACHE_REDIS) private readonly redis: Redis,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  live() {
    return this.health.check([]);
  }

  ready() {
    return this.health.check(this.indicators());
  }

  indicators(): HealthIndicatorFunction[] {
    return [
      () => this.indicator.check('accepting').attempt(() => this.accepting()),
      () => this.database.pingCheck('database', { timeout: TIMEOUT_MS }),
      () =>
        this.indicator
          .check('search')
          .attempt(async () => {
            await this.engine.search({ page: 1, limit: 1, sort: 'newest' });
            return { engine: this.engine.kind };
          })
          .withTimeout(TIMEOUT_MS),
      () => this.redisCheck(),
      () => this.workerCheck(),
    ];
  }

  private accepting(): void {
    if (shutdownState.shuttingDown) throw new Error('The api is shutting down and finishing its requests.');
  }

  private async redisCheck() {
    const session = this.indicator.check('redis');
    try {
      await withTimeout(this.redis.ping(), TIMEOUT_MS);
      return session.up();
    } catch (error) {
      return session.degraded({
        message: `Redis is unreachable (${(error as Error).message}): public reads come from the source, jobs cannot be queued.`,
      });
    }
  }

  private async workerCheck() {
    const session = this.indicator.check('worker');
    try {
      const workers = await withTimeout(liveWorkers(this.redis, this.config.REDIS_PREFIX), TIMEOUT_MS);
      if (workers.length) return session.up({ workers });
      return session.degraded({
        message: `No worker heartbeat in the last ${HEARTBEAT_STALE_MS / 1000} s: imports, exports and search updates wait until a worker runs.`,
        workers,
      });
    } catch (error) {
      return session.degraded({ message: `The worker heartbeat cannot be read (${(error as Error).message}).` });
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
