import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { pino } from 'pino';
import { type AppConfig, currentContext } from '@directory/core';

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

/** nestjs-pino options of the api: JSON lines at LOG_LEVEL, a request's (request-log.ts) and whatever code logs. */
export function apiLogOptions(config: AppConfig): Params {
  return {
    // nestjs-pino's own request middleware is mounted nowhere (it made two child loggers a request, even at
    // silent): app.factory.ts mounts the request log, and the mixin below gives code's lines the request id.
    forRoutes: [],
    pinoHttp: {
      level: config.LOG_LEVEL,
      base: { service: 'api' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // A line logged while a request is handled carries its id (requestIdHook's context).
      mixin: () => {
        const requestId = currentContext()?.requestId;
        return requestId ? { requestId } : {};
      },
      // The root logger is still built by pino-http, whose wrappers would copy every header (and the whole
      // request) into new objects before these serializers read the few fields they keep.
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
