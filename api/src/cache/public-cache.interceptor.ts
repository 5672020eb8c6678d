import {
  Inject,
  type CallHandler,
  type ExecutionContext,
  HttpStatus,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AppConfig } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isFresh, storedEncodingFor } from '../http/conditional.js';
import { from, lastValueFrom, type Observable, tap } from 'rxjs';
import { PublicCacheKeys } from './cache-keys.js';
import { CACHE_POLICY, type CachePolicy } from './cache-policy.js';
import { answerOf, type CachedAnswer, PublicCacheService } from './public-cache.service.js';

/** @fastify/compress leaves smaller bodies as they are (its threshold), so there is nothing to keep. */
const COMPRESS_FROM = 1024;

/**
 * Serves the public reads marked @PublicCache from Redis. A hit is sent as stored (JSON text and its ETag:
 * no database, no serialisation); a miss runs the handler, sends its JSON and stores it. A request whose
 * If-None-Match matches the ETag gets a 304. Responses carry X-Cache: HIT, MISS or BYPASS (Redis unavailable).
 * Entries are keyed by the parameters the handler knows, never by the raw URL (cache-keys.ts).
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: PublicCacheService,
    private readonly keys: PublicCacheKeys,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const policy = this.reflector.get<CachePolicy | undefined>(CACHE_POLICY, context.getHandler());
    if (!policy) return next.handle();
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const res = context.switchToHttp().getResponse<FastifyReply>();
    // HEAD (and anything but GET) runs the handler as usual; errors never get the public Cache-Control.
    if (req.method !== 'GET') {
      return next.handle().pipe(tap(() => res.header('Cache-Control', policy.cacheControl)));
    }

    return from(this.answer(policy, context.getHandler(), next, req, res));
  }

  /** The answer of a GET: from the cache, or the handler's (stored for the next requests). */
  private async answer(
    policy: CachePolicy,
    handler: object,
    next: CallHandler,
    req: FastifyRequest,
    res: FastifyReply,
  ): Promise<unknown> {
    const handled = () => lastValueFrom(next.handle());
    let key: string;
    try {
      key = await this.keys.forRequest(handler, req);
    } catch {
      // Parameters the handler refuses have no key: the handler's own pipes then answer the 400, uncached.
      return handled();
    }
    const send = (answer: CachedAnswer, state: string) => {
      res.header('Cache-Control', policy.cacheControl);
      res.header('X-Cache', state);
      res.header('ETag', answer.etag);
      res.type('application/json; charset=utf-8');
      if (isFresh(req.headers, answer.etag)) {
        res.status(HttpStatus.NOT_MODIFIED);
        return '';
      }
      return this.encoded(req, res, answer) ?? answer.body;
    };
    const compute = async () => JSON.stringify(await handled());
    // A forced miss does not fetch the stored answer it would not use: it costs what a real miss costs.
    const forcedMiss = this.forcedMiss(req);
    const slot = await this.cache.lookup(policy.scope, key, !forcedMiss);
    if (slot?.hit) return send(slot.hit, 'HIT');
    if (!slot) return send(answerOf(await compute()), 'BYPASS');
    return send(await this.cache.fill(slot.key, policy.ttlSeconds, compute, !forcedMiss), 'MISS');
  }

  /** A benchmark's request for a miss (BENCH_CACHE_MISS): never honoured otherwise. */
  private forcedMiss(req: FastifyRequest): boolean {
    return this.config.BENCH_CACHE_MISS && req.headers['x-bench-cache-miss'] === '1';
  }

  /**
   * The answer's bytes already compressed in an encoding the client takes (@fastify/compress leaves an
   * encoded body alone), or undefined: then the text is sent and compressed as usual.
   */
  private encoded(req: FastifyRequest, res: FastifyReply, answer: CachedAnswer): Buffer | undefined {
    if (answer.body.length < COMPRESS_FROM) return undefined;
    const encoding = storedEncodingFor(req.headers);
    const bytes = encoding && this.cache.compressedBody(answer, encoding);
    if (!encoding || !bytes) return undefined;
    res.header('Content-Encoding', encoding);
    res.header('Vary', 'Accept-Encoding');
    return bytes;
  }
}
