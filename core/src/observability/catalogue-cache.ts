import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The public read cache (api/src/cache) keys every entry by a generation number kept in Redis. Bumping the
 * generation makes every entry of its scope unreachable at once (they then expire by their TTL): the
 * worker bumps `catalogue` after a search-outbox drain that applied changes and after the public counts
 * were refreshed; the api bumps it after an admin write, `settings` after a settings or ad-code write.
 */
export type CacheScope = 'catalogue' | 'settings';
export const CACHE_SCOPES: CacheScope[] = ['catalogue', 'settings'];

export function cacheGenerationKey(prefix: string, scope: CacheScope): string {
  return `${prefix}:cache:gen:${scope}`;
}

/** Prefix of every cached answer (the clear-cache call removes them by it). */
export function cacheEntryPrefix(prefix: string): string {
  return `${prefix}:cache:entry:`;
}

/**
 * A new generation: never a value used before (a counter that Redis lost, e.g. to eviction, would count
 * again from 1 and bring old entries back), so it is the time plus randomness.
 */
export function newCacheGeneration(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export async function bumpCacheGeneration(redis: Redis, prefix: string, scope: CacheScope): Promise<string> {
  const generation = newCacheGeneration();
  await redis.set(cacheGenerationKey(prefix, scope), generation);
  return generation;
}
