import {
  type CallHandler,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Observable } from 'rxjs';
import type { AppConfig } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { addressKey } from '../http/client-address.js';

/** The window SEARCH_LIMIT counts in. */
export const SEARCH_WINDOW_S = 10;

/**
 * Searches the engine runs for one client address: SEARCH_LIMIT every 10 s in each api process (0: no limit).
 * Only searches the public cache could not answer reach it, each costing the database milliseconds, so a
 * script sending ever new words cannot take the engine from every other visitor. Loopback is not counted:
 * the server-side rendering reads its data over loopback and counts its own visitor (PageRenderer), and
 * behind a proxy on this host without TRUST_PROXY every visitor would be that one address. An IPv6 client is
 * counted by its /64, which one subscriber holds whole.
 */
@Injectable()
export class SearchLimiter {
  private readonly limiter: RateLimiterMemory | null;
  readonly limit: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limit = config.SEARCH_LIMIT;
    this.limiter = this.limit > 0 ? new RateLimiterMemory({ points: this.limit, duration: SEARCH_WINDOW_S }) : null;
  }

  /** Counts one search for the request's client; null when allowed, else the seconds until it may search again. */
  async wait(req: FastifyRequest): Promise<number | null> {
    const client = clientOf(req);
    if (!this.limiter || client === null) return null;
    try {
      await this.limiter.consume(client);
      return null;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    }
  }

  /** The 429 a refused search answers, with its Retry-After. */
  refusal(res: FastifyReply, seconds: number): HttpException {
    res.header('Retry-After', String(seconds));
    return new HttpException(
      `Too many searches from this address: at most ${this.limit} every ${SEARCH_WINDOW_S} seconds. ` +
        `Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Applies SearchLimiter to a route. The public cache's interceptor is global, so it runs first and answers a
 * hit without calling this: only the searches the engine runs are counted.
 */
@Injectable()
export class SearchLimitInterceptor implements NestInterceptor {
  constructor(private readonly limiter: SearchLimiter) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const seconds = await this.limiter.wait(http.getRequest<FastifyRequest>());
    if (seconds !== null) throw this.limiter.refusal(http.getResponse<FastifyReply>(), seconds);
    return next.handle();
  }
}

/** The address the limit counts (addressKey); null for loopback. */
export function clientOf(req: FastifyRequest): string | null {
  const address = req.ip ?? '';
  if (address === '::1' || address === '') return null;
  const key = addressKey(address);
  return key.startsWith('127.') ? null : key;
}
