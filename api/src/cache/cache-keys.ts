import { parse as parseQuery } from 'node:querystring';
import { Injectable, type PipeTransform, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ApplicationConfig, DiscoveryService, Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { validateOncePerRequest } from '../http/validation.js';
import { CACHE_POLICY, type CachePolicy } from './cache-policy.js';

const QUERY = RouteParamtypes.QUERY;
const PARAM = RouteParamtypes.PARAM;

interface RouteArgument {
  source: 'query' | 'params';
  /** @Query('name') reads one parameter; undefined reads them all into the DTO. */
  data?: string;
  metatype?: Type;
}

/** A GET route marked @PublicCache: its handler, policy, declared arguments and address pattern. */
export interface CachedRoute {
  handler: object;
  policy: CachePolicy;
  /** `/api/cities/:countryCode/:citySlug`: the canonical key's path, values put in place of the names. */
  path: string;
  arguments: RouteArgument[];
  pattern: RegExp;
  names: string[];
}

/** Addresses whose key is remembered (the most recently used), and the longest one remembered. */
const REMEMBERED_ADDRESSES = 10_000;
const REMEMBERED_ADDRESS_LENGTH = 512;

/**
 * The public cache's key of a request: the route's address with its path parameters, plus the query
 * parameters its DTO declares, as the handler receives them (after the app's global pipes, so validated,
 * whitelisted and converted: `page=01` and `page=1` are one entry, defaults are filled in, so `/api/businesses`
 * and `/api/businesses?page=1` are one entry too), sorted by name. Unknown parameters never change the key:
 * the ValidationPipe's whitelist drops them before the handler sees them, so the answer is the same one, and
 * a stranger adding `?cb=1`, `?cb=2`… reads the same entry instead of filling Redis with copies.
 */
@Injectable()
export class PublicCacheKeys {
  private routes?: CachedRoute[];
  /**
   * The key of each address recently keyed, by method and address: a key is a pure function of the address
   * (its route, the app's pipes), so a hit skips validation. Bounded, so strangers' addresses only evict.
   */
  private readonly remembered = new Map<string, string>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly appConfig: ApplicationConfig,
  ) {}

  /** The key of a request Nest routed to this handler; throws what the handler's pipes would (a 400). */
  async forRequest(handler: object, req: FastifyRequest): Promise<string> {
    const address = `${req.method} ${req.url}`;
    const known = this.remembered.get(address);
    if (known !== undefined) {
      this.remembered.delete(address);
      this.remembered.set(address, known);
      return known;
    }
    const route = this.cachedRoutes().find((candidate) => candidate.handler === handler);
    if (!route) throw new Error('The handler has a @PublicCache policy but no GET route.');
    // The handler's pipes reuse what this validates (http/validation.ts): one validation a request.
    const { params, query } = validateOncePerRequest(req);
    const key = await this.keyOf(route, params, query);
    if (address.length <= REMEMBERED_ADDRESS_LENGTH) {
      this.remembered.set(address, key);
      if (this.remembered.size > REMEMBERED_ADDRESSES) this.remembered.delete(this.remembered.keys().next().value!);
    }
    return key;
  }

  /**
   * The key and policy of an api address (`/api/businesses?page=2`) as the interceptor would key a request
   * for it, or null when no cached route takes it or its parameters are refused.
   */
  async forUrl(address: string): Promise<{ key: string; route: CachedRoute } | null> {
    const url = new URL(address, 'http://localhost');
    for (const route of this.cachedRoutes()) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      try {
        const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
        return { key: await this.keyOf(route, params, parseQuery(url.search.slice(1))), route };
      } catch {
        return null;
      }
    }
    return null;
  }

  private async keyOf(route: CachedRoute, params: Record<string, string>, query: Record<string, unknown>) {
    const known: { params: Record<string, unknown>; query: Record<string, unknown> } = { params: {}, query: {} };
    for (const argument of route.arguments) {
      const raw = argument.source === 'query' ? query : params;
      let value: unknown = argument.data === undefined ? raw : raw[argument.data];
      const type = argument.source === 'query' ? 'query' : 'param';
      for (const pipe of this.globalPipes()) {
        value = await pipe.transform(value, { type, metatype: argument.metatype, data: argument.data });
      }
      if (argument.data !== undefined) known[argument.source][argument.data] = value;
      else if (value && typeof value === 'object') Object.assign(known[argument.source], value);
    }
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(text(known.params[name])));
    const search = Object.keys(known.query)
      .filter((name) => known.query[name] !== undefined)
      .sort()
      .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(text(known.query[name]))}`)
      .join('&');
    return search ? `${path}?${search}` : path;
  }

  /** The app's global pipes (useGlobalPipes and APP_PIPE), in the order Nest applies them to an argument. */
  private globalPipes(): PipeTransform[] {
    const requestPipes = this.appConfig.getGlobalRequestPipes().map((wrapper) => wrapper.instance as PipeTransform);
    return [...this.appConfig.getGlobalPipes(), ...requestPipes.filter(Boolean)];
  }

  /** Built on first use: by then the app's global prefix is set. */
  cachedRoutes(): CachedRoute[] {
    if (this.routes) return this.routes;
    const prefix = this.appConfig.getGlobalPrefix().replace(/^\/|\/$/g, '');
    const routes: CachedRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as Type | undefined;
      if (!controller || !wrapper.instance) continue;
      const base = [this.reflector.get<string | string[]>(PATH_METADATA, controller) ?? ''].flat()[0];
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        // The descriptor's value, never a getter's: reading a getter on the prototype would run it.
        const handler = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value as unknown;
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const policy = this.reflector.get<CachePolicy | undefined>(CACHE_POLICY, handler);
        if (!policy || this.reflector.get<RequestMethod>(METHOD_METADATA, handler) !== RequestMethod.GET) continue;
        const own = [this.reflector.get<string | string[]>(PATH_METADATA, handler) ?? ''].flat()[0];
        const path = `/${[prefix, base, own]
          .map((part) => part.replace(/^\/|\/$/g, ''))
          .filter(Boolean)
          .join('/')}`;
        const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
        const pattern = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '([^/]+)')}/?$`);
        routes.push({ handler, policy, path, names, pattern, arguments: routeArguments(controller, name) });
      }
    }
    // Literal segments before parameters, as a router would prefer /api/search/suggest to /api/search/:x.
    this.routes = routes.sort((a, b) => a.names.length - b.names.length);
    return this.routes;
  }
}

/** The @Query() and @Param() arguments a handler declares, with their DTO classes. */
function routeArguments(controller: Type, method: string): RouteArgument[] {
  const declared = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? []) as Type[];
  const found: RouteArgument[] = [];
  for (const [id, { index, data }] of Object.entries(declared)) {
    const kind = Number(id.split(':')[0]);
    if (kind !== QUERY && kind !== PARAM) continue;
    found.push({
      source: kind === QUERY ? 'query' : 'params',
      data: typeof data === 'string' ? data : undefined,
      metatype: types[index],
    });
  }
  return found;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
