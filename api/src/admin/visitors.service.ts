import { createHash } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import type { AppConfig } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';

/** Days a day's visitor count is kept. */
export const VISITOR_RETENTION_DAYS = 40;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (YYYY-MM-DD) of a moment. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Distinct visitors per day (the dashboard's "daily visitors"): a Redis HyperLogLog per UTC day, fed with a
 * hash of the visitor's address and browser (never the address itself). A HyperLogLog counts millions of
 * distinct members in 12 KB with about 0.8% error. Redis being away loses visits, never a request.
 */
@Injectable()
export class VisitorsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Visitors');
  private readonly redis: Redis;
  private readonly prefix: string;
  private lastWarning = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = `${config.REDIS_PREFIX}:visitors:`;
    this.redis = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      // Fail fast while Redis is away: a visit is not worth a waiting request.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectionName: 'api-visitors',
    });
    this.redis.on('error', (error: Error) => this.warn(`Redis: ${error.message}`));
  }

  async onModuleInit(): Promise<void> {
    await this.redis.connect().catch((error: Error) => this.warn(`Redis is not reachable yet: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  keyOf(day: string): string {
    return this.prefix + day;
  }

  /** Counts a visit of today; resolves once Redis has it (callers need not wait). */
  async record(ip: string, userAgent: string, at = new Date()): Promise<void> {
    const visitor = createHash('sha256').update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 16);
    const key = this.keyOf(utcDay(at));
    try {
      await this.redis
        .multi()
        .pfadd(key, visitor)
        .expire(key, VISITOR_RETENTION_DAYS * 24 * 3600, 'NX')
        .exec();
    } catch (error) {
      this.warn(`A visit could not be counted: ${(error as Error).message}`);
    }
  }

  /** Distinct visitors of today and the days before it (UTC), newest first. */
  async counts(days = 7, now = new Date()) {
    const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(now.getTime() - i * DAY_MS)));
    let counts: number[];
    try {
      const pipeline = this.redis.pipeline();
      for (const date of dates) pipeline.pfcount(this.keyOf(date));
      const replies = (await pipeline.exec()) ?? [];
      counts = replies.map(([error, value]) => {
        if (error) throw error;
        return Number(value);
      });
    } catch (error) {
      throw new ServiceUnavailableException(
        `The visitor counts could not be read from Redis (${(error as Error).message}); try again in a moment.`,
      );
    }
    return {
      timeZone: 'UTC',
      today: counts[0],
      days: dates.map((date, i) => ({ date, visitors: counts[i] })),
    };
  }

  private warn(message: string): void {
    if (Date.now() - this.lastWarning < 60_000) return;
    this.lastWarning = Date.now();
    this.logger.warn(message);
  }
}
