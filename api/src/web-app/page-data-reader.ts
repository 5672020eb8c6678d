import { Injectable } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BusinessesService } from '../businesses/businesses.service.js';
import { BusinessesController } from '../businesses/businesses.controller.js';
import { PublicCacheKeys } from '../cache/cache-keys.js';
import { CACHE_POLICY, type CachePolicy } from '../cache/cache-policy.js';
import { PublicCacheService } from '../cache/public-cache.service.js';
import { SlugParams } from '../common/params.dto.js';

/** One api read of a page: the answer's JSON, or the refusal as the browser would see it ("404: {…}"). */
export type PageRead = { ok: true; body: unknown } | { ok: false; status: number; text: string };

/** Internal reads identify as a bot, so the visitor count does not take the server for a visitor. */
const INTERNAL_USER_AGENT = 'directory-ssr (internal page render; bot/1)';

/** The cache policy of the detail read (its TTL), as the controller declares it. */
const DETAIL_POLICY = detailPolicy();
function detailPolicy(): CachePolicy {
  const policy = new Reflector().get<CachePolicy | undefined>(CACHE_POLICY, BusinessesController.prototype.detail);
  if (!policy)
    throw new Error('BusinessesController.detail has no @PublicCache policy: pages could not share its cache.');
  return policy;
}

/**
 * The slug of a business detail read the service can answer exactly (`/api/businesses/{slug}`, a slug the
 * route's own validation accepts), or null.
 */
function businessSlugOf(key: string): string | null {
  const match = /^\/api\/businesses\/([^/?]+)$/.exec(key);
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return validateSync(plainToInstance(SlugParams, { slug })).length ? null : slug;
}

/**
 * The api reads of a server-rendered page (their SWR keys are api addresses), answered in this process
 * where that is the same answer, over this api's own HTTP otherwise:
 * - an answer in the public read cache is taken from Redis as it is (the key and scope the cache interceptor
 *   uses for that address, cache-keys.ts);
 * - a business's detail, the page crawlers read most and first renders miss, is computed by the service
 *   and stored under that same key, exactly as the interceptor would;
 * - anything else (other misses, bad parameters, unknown slugs) is asked of the api over loopback HTTP,
 *   so validation and error answers are the ones the browser gets.
 * In process, a first render costs one HTTP request instead of two (each one through every middleware,
 * Nest's router, compression on both ends and JSON text twice).
 */
@Injectable()
export class PageDataReader {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly cache: PublicCacheService,
    private readonly keys: PublicCacheKeys,
    private readonly businesses: BusinessesService,
  ) {}

  async read(key: string, signal: AbortSignal, requestId: string): Promise<PageRead> {
    // Every public read a page makes is a @PublicCache route; an address none takes is asked over HTTP.
    const target = await this.keys.forUrl(key);
    const slot = target ? await this.cache.lookup(target.route.policy.scope, target.key) : null;
    if (slot?.hit) return { ok: true, body: JSON.parse(slot.hit.body.toString()) as unknown };
    const slug = slot ? businessSlugOf(key) : null;
    if (slot && slug !== null) {
      const answer = await this.cache
        .fill(slot.key, DETAIL_POLICY.ttlSeconds, async () => JSON.stringify(await this.businesses.detail(slug)))
        // Refused (unknown slug): the api's own answer says so in its words, over HTTP below.
        .catch(() => undefined);
      // The JSON as the browser gets it (dates as text, no undefined fields), so hydration sees the same data.
      if (answer) return { ok: true, body: JSON.parse(answer.body.toString()) as unknown };
    }
    return this.overHttp(key, signal, requestId);
  }

  private async overHttp(key: string, signal: AbortSignal, requestId: string): Promise<PageRead> {
    const res = await fetch(`${this.ownAddress()}${key}`, {
      headers: {
        accept: 'application/json',
        // Read here at once: compressing and decompressing it would be work for nothing.
        'accept-encoding': 'identity',
        'user-agent': INTERNAL_USER_AGENT,
        'x-request-id': requestId,
      },
      signal,
    });
    if (res.status === 200) return { ok: true, body: await res.json() };
    if (res.status >= 400 && res.status < 500) {
      return { ok: false, status: res.status, text: (await res.text()) || res.statusText };
    }
    throw new Error(`${key} answered ${res.status}`);
  }

  /** This api's own address on the loopback interface (it is serving this very request, so it listens). */
  private ownAddress(): string {
    const address = (this.adapterHost.httpAdapter.getHttpServer() as Server).address() as AddressInfo | null;
    if (!address) throw new Error('The api is not listening: it cannot read its own answers.');
    const host = ['::', '0.0.0.0'].includes(address.address)
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
    return `http://${host}:${address.port}`;
  }
}
