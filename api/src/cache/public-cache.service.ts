import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  type AppConfig,
  bumpCacheGeneration,
  CACHE_SCOPES,
  cacheEntryPrefix,
  cacheGenerationKey,
  type CacheScope,
  newCacheGeneration,
} from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { Metrics } from '../metrics/metrics.js';
import { cacheBudgetKeys, storeWithinBudget } from './cache-budget.js';

export const CACHE_REDIS = Symbol('CACHE_REDIS');

/**
 * An answer as it is sent: its bytes (UTF-8), encoded once when computed and sent, stored and hashed as they
 * are; a hit's bytes go from Redis to the socket without becoming text.
 */
export interface CachedAnswer {
  etag: string;
  body: Buffer;
}

/** Where an answer is (or would be) kept; null when Redis could not be asked. */
export type CacheSlot = { key: string; hit: CachedAnswer | null } | null;

/**
 * A look-up in one round trip: the scope's generation and the entry it keys (KEYS[1] the generation key,
 * ARGV the entry key around it). Answers [generation, entry or nil], or [] when the generation is missing.
 * The entry key is built in the script, so this needs a single Redis (not Cluster), as the rest of the api.
 */
const LOOKUP_SCRIPT = `
local generation = redis.call('GET', KEYS[1])
if not generation then return {} end
return {generation, redis.call('GET', ARGV[1] .. generation .. ARGV[2])}`;

type LookupRedis = Redis & {
  cacheLookupBuffer(generationKey: string, before: string, after: string): Promise<[Buffer?, (Buffer | null)?]>;
};

/** Encodings kept ready for the answers sent (the ones `compression` would choose; br first). */
export type ContentEncoding = 'br' | 'gzip';
/** Bytes of compressed answers kept in this process (the most recently sent ones). */
const COMPRESSED_BYTES = 32 * 1024 * 1024;
const compressors: Record<ContentEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body),
};

/** Seconds between two warnings about an unreachable cache (it may be down for a while). */
const WARN_EVERY_MS = 30_000;

/**
 * The public read cache in Redis. Every failure (Redis down, slow, full) is answered by "not cached": the
 * caller then asks PostgreSQL or the search engine, so a cache outage never fails a request.
 */
@Injectable()
export class PublicCacheService implements OnApplicationShutdown {
  private readonly logger = new Logger('PublicCache');
  private lastWarning = 0;
  /**
   * Compressed bodies by encoding and ETag (the same bytes for every request of an unchanged answer), so a
   * hit is not compressed again per request; least recently used ones leave first.
   */
  private readonly compressed = new Map<string, Buffer | Promise<void>>();
  private compressedBytes = 0;
  /** Answers being computed in this process, by key: concurrent misses of one key share one computation. */
  private readonly pending = new Map<string, Promise<CachedAnswer>>();

  constructor(
    @Inject(CACHE_REDIS) readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {
    // EVALSHA (EVAL once the script is unknown to Redis); defined once per client.
    if (!('cacheLookup' in redis)) redis.defineCommand('cacheLookup', { numberOfKeys: 1, lua: LOOKUP_SCRIPT });
  }

  /**
   * Looks an answer up by its scope's current generation and the request URL. `readEntry` false (a benchmark's
   * forced miss) reads the generation only: the slot is then a miss, as the stored answer would not be used.
   */
  async lookup(scope: CacheScope, url: string, readEntry = true): Promise<CacheSlot> {
    try {
      const before = `${cacheEntryPrefix(this.config.REDIS_PREFIX)}${scope}:`;
      const after = `:${urlKey(url)}`;
      if (!readEntry) {
        this.metrics.cacheLookups.inc({ scope, result: 'miss' });
        return { key: `${before}${await this.generation(scope)}${after}`, hit: null };
      }
      const generationKey = cacheGenerationKey(this.config.REDIS_PREFIX, scope);
      const [found, entry = null] = await (this.redis as LookupRedis).cacheLookupBuffer(generationKey, before, after);
      let generation = found?.toString();
      let stored = entry;
      if (generation === undefined) {
        generation = await this.generation(scope);
        stored = await this.redis.getBuffer(`${before}${generation}${after}`);
      }
      const key = `${before}${generation}${after}`;
      this.metrics.cacheLookups.inc({ scope, result: stored === null ? 'miss' : 'hit' });
      return { key, hit: stored === null ? null : parseEntry(stored) };
    } catch (error) {
      this.metrics.cacheLookups.inc({ scope, result: 'error' });
      this.warn(error);
      return null;
    }
  }

  /** Computes a missing answer once per key in this process and keeps it (without making the caller wait). */
  async fill(key: string, ttlSeconds: number, compute: () => Promise<string>, share = true): Promise<CachedAnswer> {
    const running = share ? this.pending.get(key) : undefined;
    if (running) return running;
    const work = (async () => {
      const answer = answerOf(await compute());
      // Within the budget of CACHE_MAX_MB (cache-budget.ts): the entries expiring first make room.
      storeWithinBudget(
        this.redis,
        this.config.REDIS_PREFIX,
        this.config.CACHE_MAX_MB * 1024 * 1024,
        key,
        Buffer.concat([Buffer.from(`${answer.etag}\n`), answer.body]),
        ttlSeconds,
      ).catch((error) => this.warn(error));
      return answer;
    })();
    if (!share) return work;
    this.pending.set(key, work);
    try {
      return await work;
    } finally {
      this.pending.delete(key);
    }
  }

  /**
   * The answer compressed in this encoding, when it is ready; otherwise undefined, and it is compressed in
   * the background (zlib's thread pool) for the next requests while this one is compressed as it goes.
   */
  compressedBody(answer: CachedAnswer, encoding: ContentEncoding): Buffer | undefined {
    const id = `${encoding}${answer.etag}`;
    const ready = this.compressed.get(id);
    if (ready instanceof Buffer) {
      this.compressed.delete(id);
      this.compressed.set(id, ready);
      return ready;
    }
    if (ready) return undefined;
    const work = compressors[encoding](answer.body).then(
      (buffer) => {
        this.compressed.delete(id);
        this.compressed.set(id, buffer);
        this.compressedBytes += buffer.length;
        for (const [oldest, value] of this.compressed) {
          if (this.compressedBytes <= COMPRESSED_BYTES) break;
          if (!(value instanceof Buffer)) continue;
          this.compressed.delete(oldest);
          this.compressedBytes -= value.length;
        }
      },
      () => {
        this.compressed.delete(id);
      },
    );
    this.compressed.set(id, work);
    return undefined;
  }

  /** Makes every cached answer of the scope unreachable (a write changed what they show). */
  async invalidate(scope: CacheScope): Promise<void> {
    try {
      await bumpCacheGeneration(this.redis, this.config.REDIS_PREFIX, scope);
    } catch (error) {
      this.warn(error);
    }
  }

  /**
   * The admin's clear-cache: both scopes invalidated at once, then every stored answer removed (in batches,
   * so a large cache does not block Redis). Answers the number of entries removed.
   */
  async clear(): Promise<number> {
    for (const scope of CACHE_SCOPES) await bumpCacheGeneration(this.redis, this.config.REDIS_PREFIX, scope);
    let removed = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(
        cursor,
        'MATCH',
        `${cacheEntryPrefix(this.config.REDIS_PREFIX)}*`,
        'COUNT',
        1000,
      );
      if (keys.length) removed += await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
    // The budget's records go with them (an entry stored meanwhile is then unrecorded until its TTL ends).
    const { index, sizes, bytes } = cacheBudgetKeys(this.config.REDIS_PREFIX);
    await this.redis.unlink(index, sizes, bytes);
    return removed;
  }

  private async generation(scope: CacheScope): Promise<string> {
    const key = cacheGenerationKey(this.config.REDIS_PREFIX, scope);
    const current = await this.redis.get(key);
    if (current !== null) return current;
    // First use (or Redis lost the key): a fresh generation, never one used before; a racing api wins.
    await this.redis.set(key, newCacheGeneration(), 'NX');
    return (await this.redis.get(key)) ?? 'none';
  }

  private warn(error: unknown): void {
    if (Date.now() - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = Date.now();
    this.logger.warn(`The public cache is unavailable, answering from the source: ${(error as Error).message}`);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

/** Long URLs (many search parameters) are keyed by their hash. */
function urlKey(url: string): string {
  return url.length <= 200 ? url : `#${createHash('sha1').update(url).digest('base64url')}`;
}

/** A computed answer (JSON text, a page) as it is sent, with its ETag. */
export function answerOf(text: string): CachedAnswer {
  const body = Buffer.from(text);
  return { etag: etagOf(body), body };
}

/** A weak validator of the exact bytes sent (the same as long as the answer does not change). */
function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** An entry is its ETag (ASCII), a newline, then the answer's bytes (a view of the entry, not a copy). */
function parseEntry(stored: Buffer): CachedAnswer {
  const newline = stored.indexOf(0x0a);
  return { etag: stored.toString('latin1', 0, newline), body: stored.subarray(newline + 1) };
}
