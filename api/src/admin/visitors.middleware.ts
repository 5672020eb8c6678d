import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { VisitorsService } from './visitors.service.js';

/** Paths that are not a visitor looking at the directory: admin, ops, files and machinery. */
const NOT_VISITS =
  /^\/(admin|api\/admin|api\/upload-excel|api\/export-csv|assets\/|socket\.io|health|metrics|favicon|robots\.txt|sitemap)/;
/** Crawlers and link previews are not visitors. */
const BOTS = /bot\b|bot\/|crawler|spider|slurp|facebookexternalhit|bingpreview|embedly|lighthouse/i;

/** Whether a request is a person's visit of a public page or public api read. */
export function isPublicVisit(method: string, url: string, userAgent: string | undefined): boolean {
  if (method !== 'GET' || !userAgent || BOTS.test(userAgent)) return false;
  const path = url.split('?')[0];
  return !NOT_VISITS.test(path);
}

/**
 * Feeds the daily distinct-visitor count (VisitorsService) from public api GETs (every page of the web app
 * reads the public api), without delaying them.
 */
@Injectable()
export class VisitorsMiddleware implements NestMiddleware {
  constructor(private readonly visitors: VisitorsService) {}

  /** Nest middleware on Fastify gets the Node request, with the address and URL @fastify/middie gives it. */
  use(req: IncomingMessage & { ip?: string; originalUrl?: string }, _res: ServerResponse, next: () => void): void {
    const userAgent = req.headers['user-agent'];
    if (isPublicVisit(req.method ?? '', req.originalUrl ?? req.url ?? '', userAgent)) {
      void this.visitors.record(req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent!);
    }
    next();
  }
}
