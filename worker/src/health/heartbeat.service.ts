import { hostname } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type AppConfig, HEARTBEAT_INTERVAL_MS, heartbeatKey } from '@directory/core';
import { WORKER_REDIS } from './side-redis.js';
import { WORKER_CONFIG } from '../config/worker-config.module.js';

/** Beats older than this are removed from the set by whichever worker beats next. */
const FORGET_AFTER_MS = 24 * 3600_000;

/**
 * Publishes this worker's heartbeat in Redis every few seconds (core/src/observability/heartbeat.ts); the
 * api's readiness and the admin dashboard read it. Stopped and removed on shutdown.
 */
@Injectable()
export class HeartbeatService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly id = `${hostname()}:${process.pid}`;
  private readonly logger = new Logger('Heartbeat');
  private timer: NodeJS.Timeout | null = null;
  private failing = false;

  constructor(
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async beat(): Promise<void> {
    const key = heartbeatKey(this.config.REDIS_PREFIX);
    const now = Date.now();
    try {
      await this.redis
        .multi()
        .zadd(key, now, this.id)
        .zremrangebyscore(key, '-inf', now - FORGET_AFTER_MS)
        .exec();
      if (this.failing) this.logger.log('Heartbeat published again.');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn(`Heartbeat could not be published: ${(error as Error).message}`);
      this.failing = true;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.redis.zrem(heartbeatKey(this.config.REDIS_PREFIX), this.id).catch(() => undefined);
    this.redis.disconnect();
  }
}
