import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable, of, switchMap, tap } from 'rxjs';
import { CACHE_POLICY, type CachePolicy } from './cache-policy.js';
import { etagOf, PublicCacheService } from './public-cache.service.js';

/**
 * Serves the public reads marked @PublicCache from Redis. A hit is sent as stored (JSON text and its ETag:
 * no database, no serialisation); a miss runs the handler, sends its JSON and stores it. Express answers
 * 304 when If-None-Match matches the ETag. Responses carry X-Cache: HIT, MISS or BYPASS (Redis unavailable).
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: PublicCacheService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const policy = this.reflector.get<CachePolicy | undefined>(CACHE_POLICY, context.getHandler());
    if (!policy) return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    // HEAD (and anything but GET) runs the handler as usual; errors never get the public Cache-Control.
    if (req.method !== 'GET') {
      return next.handle().pipe(tap(() => res.setHeader('Cache-Control', policy.cacheControl)));
    }

    const send = (answer: { etag: string; body: string }, state: string) => {
      res.setHeader('Cache-Control', policy.cacheControl);
      res.setHeader('X-Cache', state);
      res.setHeader('ETag', answer.etag);
      res.type('application/json');
      return answer.body;
    };
    const compute = async () => JSON.stringify(await lastValueFrom(next.handle()));

    return from(this.cache.lookup(policy.scope, req.originalUrl)).pipe(
      switchMap((slot) => {
        if (slot?.hit) return of(send(slot.hit, 'HIT'));
        if (!slot) return from(compute().then((body) => send({ etag: etagOf(body), body }, 'BYPASS')));
        return from(this.cache.fill(slot.key, policy.ttlSeconds, compute).then((answer) => send(answer, 'MISS')));
      }),
    );
  }
}
