import { SetMetadata } from '@nestjs/common';
import type { CacheScope } from '@directory/core';

export interface CachePolicy {
  /** Which generation number invalidates the entry (core/src/observability/catalogue-cache.ts). */
  scope: CacheScope;
  /** How long the server keeps the answer in Redis. */
  ttlSeconds: number;
  /** The Cache-Control header sent with the answer (browsers and CDNs; they revalidate with the ETag). */
  cacheControl: string;
}

/**
 * Freshness per call (public spec §9): homepage data 2 h, featured 30 min, lists 2 h, business and
 * category/country/city pages 10 min, search results 60 s. An edit, import, delete or approval change
 * invalidates them at once (generation bump); the TTL only bounds how long an unchanged answer is kept.
 * Browsers may reuse a catalogue answer for 60 s; settings and ad codes are always revalidated (304 when
 * unchanged) so an admin sees a saved change immediately.
 */
const BROWSER = 'public, max-age=60';
export const CACHE_POLICIES = {
  homepage: { scope: 'catalogue', ttlSeconds: 2 * 3600, cacheControl: BROWSER },
  featured: { scope: 'catalogue', ttlSeconds: 30 * 60, cacheControl: BROWSER },
  list: { scope: 'catalogue', ttlSeconds: 2 * 3600, cacheControl: BROWSER },
  page: { scope: 'catalogue', ttlSeconds: 10 * 60, cacheControl: BROWSER },
  search: { scope: 'catalogue', ttlSeconds: 60, cacheControl: BROWSER },
  settings: { scope: 'settings', ttlSeconds: 10 * 60, cacheControl: 'no-cache' },
} satisfies Record<string, CachePolicy>;

export const CACHE_POLICY = 'directory:cache-policy';

/** Caches a public GET's answer in Redis under this policy and sends it with an ETag and Cache-Control. */
export const PublicCache = (policy: CachePolicy) => SetMetadata(CACHE_POLICY, policy);
