import type { INestApplication } from '@nestjs/common';
import type { RequestHandler } from 'express';
import helmet, { strictTransportSecurity } from 'helmet';
import type { AppConfig } from '@directory/core';

/**
 * Security headers (helmet) with a content security policy for a site whose administrators paste trusted
 * snippets (analytics, pixels, head and footer tags) and ad codes that the web app inserts and runs:
 *
 * - scripts: this origin, inline scripts, and any https: source — what ad and analytics codes need (they
 *   are inline loaders pulling scripts from hosts nobody can list in advance). The trade-off: the CSP does
 *   not stop an injected inline script, so it is not a defence against XSS here; React's escaping and the
 *   admin-only write access to snippets are. Plain http: scripts, plugins (object-src) and <base> hijacking
 *   are still refused, and no other site may frame the pages (clickjacking);
 * - images, frames (ad iframes), styles, fonts and connections: this origin plus https: (map tiles, ad and
 *   analytics beacons), data: and blob: images (Leaflet), wss: for socket.io behind TLS.
 *
 * HSTS is sent only on requests that came over TLS (req.secure: TLS in front of the api, seen through
 * TRUST_PROXY's X-Forwarded-Proto): helmet alone sends it on plain http too, where it means nothing.
 */
export function securityHeaders(): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'", "'unsafe-eval'", 'https:'],
        scriptSrcAttr: ["'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'https:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        mediaSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // Ad and analytics iframes and scripts from other origins must load.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Ad networks attribute clicks by the referring origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  const hsts = strictTransportSecurity({ maxAge: 180 * 24 * 3600, includeSubDomains: false });
  return (req, res, next) =>
    headers(req, res, (error?: unknown) => (error || !req.secure ? next(error) : hsts(req, res, next)));
}

/** CORS stays closed (no Access-Control-* headers) unless CORS_ORIGINS lists origins. */
export function configureCors(app: INestApplication, config: AppConfig): void {
  if (!config.CORS_ORIGINS.length) return;
  app.enableCors({
    origin: config.CORS_ORIGINS,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    exposedHeaders: ['ETag', 'X-Request-Id'],
    maxAge: 600,
  });
}
