import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { pino } from 'pino';
import type { AppConfig } from '@directory/core';
import { HEALTH_ROUTES } from '../health/health.controller.js';

/**
 * Paths of secrets that must never reach a log line, wherever an object carrying them is logged: session
 * cookies and their Set-Cookie, Authorization (the metrics bearer token), passwords and tokens in bodies.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'token',
  '*.password',
  '*.token',
  '*.passwordHash',
  '*.password_hash',
  'body.password',
  // The admin's own password change (api/src/auth/password.controller.ts).
  '*.currentPassword',
  '*.newPassword',
  'ADMIN_PASSWORD',
  'MEILI_KEY',
  'METRICS_TOKEN',
];

/**
 * Paths read many times a minute are not logged (they would drown everything else): the health probes skip the
 * logging middleware altogether (`exclude`), the metrics are answered but not logged.
 */
const QUIET_PATHS = new Set(['/metrics']);

/** nestjs-pino options of the api: JSON lines at LOG_LEVEL, one per request plus whatever code logs. */
export function apiLogOptions(config: AppConfig): Params {
  return {
    // The probes log nothing and bind nothing: pino-http's two loggers a request were a tenth of their CPU.
    exclude: HEALTH_ROUTES,
    pinoHttp: {
      // Only the request id is bound to the lines code logs during a request (not the whole request).
      quietReqLogger: true,
      level: config.LOG_LEVEL,
      base: { service: 'api' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      genReqId: (req: IncomingMessage & { id?: unknown }) => String(req.id),
      customAttributeKeys: { reqId: 'requestId' },
      autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.has((req.url ?? '').split('?')[0]) },
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      // The serializers read the request and response themselves: pino-http's wrappers would first copy
      // every header (and the whole request) into objects per request, only for these few fields.
      wrapSerializers: false,
      serializers: {
        // No headers at all (cookies, authorization); what ops need to read a request.
        req: (req: IncomingMessage & { originalUrl?: string }) => ({
          method: req.method,
          url: req.originalUrl ?? req.url,
          remoteAddress: req.socket?.remoteAddress,
          userAgent: req.headers['user-agent'],
        }),
        res: (res: ServerResponse) => ({
          statusCode: res.statusCode,
          contentLength: res.getHeader('content-length'),
          cache: res.getHeader('x-cache'),
        }),
        err: pino.stdSerializers.err,
      },
    },
  };
}
