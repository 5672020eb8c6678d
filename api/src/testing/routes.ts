import { type INestApplication, RequestMethod } from '@nestjs/common';
import {
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';
import { ACCESS_RULE, type AccessRule } from '../auth/access.js';
import { HEALTH_ROUTES } from '../health/health.controller.js';
import { BODY_RULE, type BodyRule } from '../http/request-body.js';
import { METRICS_ROUTES } from '../metrics/metrics.controller.js';
import { SITEMAP_ROUTES } from '../sitemaps/sitemaps.controller.js';

/** A route Nest registered, with the rules its metadata gives it. */
export interface ApiRoute {
  /** GET, POST … */
  method: string;
  /** As the router holds it: /api/admin/businesses/:id */
  path: string;
  name: string;
  access?: AccessRule;
  body?: BodyRule;
  /** Whether the handler reads @Body(). */
  readsBody: boolean;
  /** The declared type of the handler's @Body() (a DTO class, or Object for an interface). */
  bodyType?: unknown;
  /** The interceptors of the handler and its controller (@UseInterceptors). */
  interceptors: unknown[];
}

const OUTSIDE_PREFIX = new Set([...HEALTH_ROUTES, ...SITEMAP_ROUTES, ...METRICS_ROUTES].map((r) => r.path));

/** Every route of every controller in the app, read from Nest's container (not from a list kept by hand). */
export function apiRoutes(app: INestApplication): ApiRoute[] {
  const scanner = new MetadataScanner();
  const routes: ApiRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!type) continue;
      const prototype = type.prototype as Record<string, (...args: unknown[]) => unknown>;
      const bases = [Reflect.getMetadata(PATH_METADATA, type) ?? ''].flat() as string[];
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<string, unknown>;
        const bodyArgument = Object.keys(args).find((key) => key.startsWith(`${RouteParamtypes.BODY}:`));
        for (const base of bases) {
          for (const path of [paths].flat()) {
            const joined = [base, path]
              .filter(Boolean)
              .join('/')
              .replace(/^\/+|\/+$/g, '');
            routes.push({
              method,
              path: OUTSIDE_PREFIX.has(joined) ? `/${joined}` : `/api/${joined}`.replace(/\/$/, ''),
              name: `${type.name}.${name}`,
              access: Reflect.getMetadata(ACCESS_RULE, handler) ?? Reflect.getMetadata(ACCESS_RULE, type),
              body: Reflect.getMetadata(BODY_RULE, handler),
              readsBody: bodyArgument !== undefined,
              interceptors: [
                ...((Reflect.getMetadata(INTERCEPTORS_METADATA, type) as unknown[] | undefined) ?? []),
                ...((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? []),
              ],
              bodyType:
                bodyArgument === undefined
                  ? undefined
                  : (Reflect.getMetadata('design:paramtypes', prototype, name) as unknown[])[
                      (args[bodyArgument] as { index: number }).index
                    ],
            });
          }
        }
      }
    }
  }
  return routes;
}

/** A path that reaches the route: each parameter filled with a plausible value. */
export function concretePath(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '1' : 'x')).replace(/\*\w+/g, 'x.xml');
}
