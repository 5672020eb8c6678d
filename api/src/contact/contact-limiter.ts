import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '@directory/core';
import { CACHE_REDIS } from '../cache/public-cache.service.js';
import { APP_CONFIG } from '../config/config.module.js';

export const CONTACT_MESSAGES = 5;
export const CONTACT_WINDOW_S = 10 * 60;

/**
 * Messages a single address may send: 5 per 10 minutes, counted in the api's Redis so every api process
 * shares the count. Only messages that passed validation are counted, so a visitor correcting a field is
 * not held back; refused bodies store nothing. While Redis is unreachable each process counts in memory.
 */
@Injectable()
export class ContactLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(CACHE_REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.REDIS_PREFIX}:contact-limit`,
      points: CONTACT_MESSAGES,
      duration: CONTACT_WINDOW_S,
      insuranceLimiter: new RateLimiterMemory({ points: CONTACT_MESSAGES, duration: CONTACT_WINDOW_S }),
    });
  }

  /** Counts one message from this address, or answers 429 with Retry-After once its allowance is spent. */
  async consume(ip: string, res: Pick<FastifyReply, 'header'>): Promise<void> {
    try {
      await this.limiter.consume(ip);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      res.header('Retry-After', String(seconds));
      const minutes = Math.ceil(seconds / 60);
      throw new HttpException(
        `Too many messages from this address: at most ${CONTACT_MESSAGES} every ${CONTACT_WINDOW_S / 60} minutes. ` +
          `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
