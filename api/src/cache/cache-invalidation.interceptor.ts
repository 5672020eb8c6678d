import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { concatMap, type Observable } from 'rxjs';
import type { CacheScope } from '@directory/core';
import { PublicCacheService } from './public-cache.service.js';
import { isReadMethod } from '../http/read-method.js';

/** Writes that change nothing the public reads show. */
const NOT_CATALOGUE_WRITES = [/^\/api\/contact$/, /^\/api\/admin\/(login|logout|clear-cache)$/];
const SETTINGS_WRITES = [/^\/api\/admin\/(site-settings|advertisement-codes)$/];

/**
 * After a successful admin write, and before its answer is sent, the public answers it may have changed
 * are invalidated, so the admin (and everyone) reads the change at once: settings and ad-code writes their
 * own scope, every other admin write the catalogue (business edits, approval changes, deletes, uploads,
 * slug fixes; over-invalidating a rare write only costs refills). The worker invalidates the catalogue
 * again once the search index and the public counts have caught up (worker/src/cache).
 */
@Injectable()
export class CacheInvalidationInterceptor implements NestInterceptor {
  constructor(private readonly cache: PublicCacheService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const scope = writeScope(req.method, req.url.split('?', 1)[0]);
    if (!scope) return next.handle();
    return next.handle().pipe(
      concatMap(async (value) => {
        await this.cache.invalidate(scope);
        return value;
      }),
    );
  }
}

export function writeScope(method: string, path: string): CacheScope | null {
  if (isReadMethod(method) || !path.startsWith('/api/')) return null;
  if (NOT_CATALOGUE_WRITES.some((pattern) => pattern.test(path))) return null;
  return SETTINGS_WRITES.some((pattern) => pattern.test(path)) ? 'settings' : 'catalogue';
}
