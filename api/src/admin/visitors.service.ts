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
/**
 * Visits are gathered for this long and sent in one pipeline: one Redis write per second instead of one per
 * public request (a repeat visit in the window is sent once).
 */
const FLUSH_EVERY_MS = 1000;
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
  /** Visits not yet sent: day key → "address\nbrowser" of its visitors (hashed when sent). */
  private batch = new Map<string, Set<string>>();
  /** The next send: its timer and the promise record() callers wait on. */
  private pending: { timer: NodeJS.Timeout; done: Promise<void>; send: () => void } | null = null;

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
    // Visits still gathered are sent before the connection closes.
    const pending = this.pending;
    if (pending) {
      clearTimeout(pending.timer);
      pending.send();
      await pending.done;
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  keyOf(day: string): string {
    return this.prefix + day;
  }

  /** Counts a visit of today; resolves once Redis has it (callers need not wait). */
  record(ip: string, userAgent: string, at = new Date()): Promise<void> {
    const key = this.keyOf(utcDay(at));
    let visitors = this.batch.get(key);
    if (!visitors) this.batch.set(key, (visitors = new Set()));
    visitors.add(`${ip}\n${userAgent}`);
    if (!this.pending) {
      let send!: () => void;
      const done = new Promise<void>((resolve) => (send = () => resolve(this.flush())));
      this.pending = { timer: setTimeout(send, FLUSH_EVERY_MS).unref(), done, send };
    }
    return this.pending.done;
  }

  /** Sends the gathered visits: one PFADD per day with all its visitors, and the key's expiry. */
  private async flush(): Promise<void> {
    const batch = this.batch;
    this.batch = new Map();
    this.pending = null;
    const pipeline = this.redis.multi();
    for (const [key, visitors] of batch) {
      const hashes = [...visitors].map((visitor) =>
        createHash('sha256').update(visitor).digest('base64url').slice(0, 16),
      );
      pipeline.pfadd(key, ...hashes).expire(key, VISITOR_RETENTION_DAYS * 24 * 3600, 'NX');
    }
    try {
      await pipeline.exec();
    } catch (error) {
      this.warn(`${batch.size} day(s) of visits could not be counted: ${(error as Error).message}`);
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
