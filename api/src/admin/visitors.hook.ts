import type { FastifyRequest } from 'fastify';
import { isApiAddress } from '../http/api-address.js';
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
 * reads the public api), without delaying them: a Fastify onRequest hook (app.factory.ts).
 */
export function visitorsHook(visitors: VisitorsService) {
  return (request: FastifyRequest, _reply: unknown, done: () => void): void => {
    const userAgent = request.headers['user-agent'];
    if (isApiAddress(request.url) && isPublicVisit(request.method, request.url, userAgent)) {
      void visitors.record(request.ip, userAgent!);
    }
    done();
  };
}
