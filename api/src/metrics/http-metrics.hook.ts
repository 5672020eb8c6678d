import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * Times every request and labels it with its route pattern (/api/businesses/:slug), never the raw path, so
 * the number of series stays bounded; requests no api route matched (web pages and assets, unknown paths)
 * are grouped. A Fastify onResponse hook: it runs once the response is sent.
 */
export function httpMetricsHook(metrics: Metrics) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const seconds = reply.elapsedTime / 1000;
    metrics.httpRequests.observe(
      { method: request.method, route: routeLabel(request), status: String(reply.statusCode) },
      seconds,
    );
    done();
  };
}

function routeLabel(request: FastifyRequest): string {
  const route = request.is404 ? undefined : request.routeOptions.url;
  const path = request.url.split('?', 1)[0];
  if (route && route !== '/*') return route;
  if (path.startsWith('/assets/')) return 'web-assets';
  return path.startsWith('/api/') ? 'unmatched' : 'web-app';
}
