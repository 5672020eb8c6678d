import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/** A route Fastify holds: its method and its address pattern (`/api/businesses/:slug`). */
export interface HeldRoute {
  method: string;
  url: string;
}

const held = new WeakMap<object, HeldRoute[]>();

/** Records every route added from now on (Nest's, the web app's, plugins'), for heldRoutes. */
export function recordRoutes(fastify: FastifyInstance): void {
  const routes: HeldRoute[] = [];
  held.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}

/** The routes the app's server holds: what a request can reach, whoever declared it. */
export function heldRoutes(app: INestApplication): HeldRoute[] {
  return held.get(app.getHttpAdapter().getInstance() as object) ?? [];
}
