import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics.js';

/**
 * Times every request and labels it with its route pattern (/api/businesses/:slug), never the raw path, so
 * the number of series stays bounded; requests no route matched (web assets, unknown paths) are grouped.
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stop = metrics.httpRequests.startTimer();
    res.once('finish', () => {
      stop({ method: req.method, route: routeLabel(req), status: String(res.statusCode) });
    });
    next();
  };
}

function routeLabel(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  if (req.baseUrl) return `${req.baseUrl}/*`;
  if (req.path.startsWith('/assets/')) return 'web-assets';
  return req.path.startsWith('/api/') ? 'unmatched' : 'web-app';
}
