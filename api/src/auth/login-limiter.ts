import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '@directory/core';
import { CACHE_REDIS } from '../cache/public-cache.service.js';
import { APP_CONFIG } from '../config/config.module.js';

const FIFTEEN_MINUTES_S = 15 * 60;
/** Failed password checks allowed from one address, whatever the usernames, per 15 minutes. */
export const IP_POINTS = 20;
/** Failed password checks allowed for one username from one address per 15 minutes. */
export const USERNAME_IP_POINTS = 10;

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts from this address. Wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

/** One password check under way: the caller reports a success, which then does not count against the limits. */
export interface PasswordAttempt {
  succeeded(): Promise<void>;
}

/**
 * Limits password checks (sign-in, and the current password when changing it) per client address and per
 * username + address, never per username alone: otherwise anyone could lock the real admin out everywhere by
 * typing wrong passwords for "admin". The counters live in Redis under REDIS_PREFIX, so they survive a restart
 * and every api instance sees the same ones.
 *
 * A point is taken before the password is checked (so parallel guesses cannot all slip under the limit) and
 * given back when the password was right: only failures count. A success also clears that username + address
 * counter (whoever typed the right password gains nothing from earlier typos being remembered), but it only
 * refunds its own point on the address counter, which other usernames' failures share.
 */
@Injectable()
export class LoginLimiter {
  private readonly logger = new Logger(LoginLimiter.name);
  private readonly perIp: RateLimiterRedis;
  private readonly perUsernameIp: RateLimiterRedis;

  constructor(@Inject(CACHE_REDIS) redis: Redis, @Inject(APP_CONFIG) config: Pick<AppConfig, 'REDIS_PREFIX'>) {
    // When Redis cannot be reached each api instance limits in its own memory (insuranceLimiter) until it is
    // back. Failing open would let guesses through during an outage an attacker might even cause; failing
    // closed would lock every admin out exactly when they may need to sign in to deal with it.
    const limiter = (name: string, points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.REDIS_PREFIX}:login:${name}`,
        points,
        duration: FIFTEEN_MINUTES_S,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `login:${name}`, points, duration: FIFTEEN_MINUTES_S }),
      });
    this.perIp = limiter('ip', IP_POINTS);
    this.perUsernameIp = limiter('username-ip', USERNAME_IP_POINTS);
  }

  /**
   * Counts one password check for this address and username, or answers 429 with Retry-After (seconds) when
   * either limit is used up.
   */
  async begin(ip: string, username: string, res: Pick<FastifyReply, 'header'>): Promise<PasswordAttempt> {
    const pairKey = usernameIpKey(ip, username);
    const taken = await Promise.allSettled([this.perIp.consume(ip), this.perUsernameIp.consume(pairKey)]);
    const refused = taken.flatMap((t) => (t.status === 'rejected' ? [t.reason as unknown] : []));
    if (refused.length) {
      // A counter that did take its point gives it back: a refused attempt checks no password.
      if (taken[0].status === 'fulfilled') await this.quietly(() => this.perIp.reward(ip));
      if (taken[1].status === 'fulfilled') await this.quietly(() => this.perUsernameIp.reward(pairKey));
      const limits = refused.filter((r): r is RateLimiterRes => r instanceof RateLimiterRes);
      if (limits.length < refused.length) throw refused.find((r) => !(r instanceof RateLimiterRes));
      const retryAfter = Math.ceil(Math.max(...limits.map((r) => r.msBeforeNext)) / 1000);
      res.header('Retry-After', String(retryAfter));
      throw new HttpException(
        { success: false, message: tooManyAttemptsMessage(retryAfter) },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    return {
      succeeded: async () => {
        await this.quietly(() => this.perIp.reward(ip));
        await this.quietly(() => this.perUsernameIp.delete(pairKey));
      },
    };
  }

  /** A refund that cannot be stored anywhere must not turn a successful sign-in into an error. */
  private async quietly(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.logger.warn(`Could not update a sign-in counter: ${error instanceof Error ? error.message : error}`);
    }
  }
}

/** Usernames are compared as typed at sign-in, trimmed and lower-cased; the address comes first and has no "|". */
function usernameIpKey(ip: string, username: string): string {
  return `${ip}|${username.trim().toLowerCase()}`;
}
