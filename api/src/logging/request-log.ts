import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Level, Logger } from 'pino';
import { isApiAddress } from '../http/api-address.js';

type LoggedRequest = IncomingMessage & { id?: unknown };
type RequestHandler = (req: LoggedRequest, res: ServerResponse, next: () => void) => void;

/** A request's level: an error or a 5xx is an error, a 4xx a warning, anything else info. */
export function requestLevel(statusCode: number, error?: Error): Level {
  return error || statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';
}

/**
 * The api's request log: one line a request, written once the response is finished (or the connection closed
 * first), with the request id, the request as the `req` serializer reads it, the response as the `res` one
 * does, the time it took and, for an error or a 5xx, `err`. No child logger and no copy of the request: a
 * request costs three listeners and that line. It is null when the logger's level drops every request line
 * (silent, fatal): then nothing is mounted and a request costs nothing here.
 */
function nodeRequestLog(logger: Logger): RequestHandler | null {
  if (!logger.isLevelEnabled('error')) return null;
  return function requestLog(req, res, next) {
    const started = Date.now();
    // The peer's address is read now: once the connection is gone the socket cannot tell it any more.
    void req.socket?.remoteAddress;
    const done = (error?: Error) => {
      res.removeListener('close', done);
      res.removeListener('finish', done);
      res.removeListener('error', done);
      const level = requestLevel(res.statusCode, error);
      if (!logger.isLevelEnabled(level)) return;
      const responseTime = Date.now() - started;
      if (error || res.statusCode >= 500) {
        const err = error ?? new Error(`failed with status code ${res.statusCode}`);
        logger[level]({ requestId: req.id, req, res, err, responseTime }, 'request errored');
        return;
      }
      const message = !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
      logger[level]({ requestId: req.id, req, res, responseTime }, message);
    };
    res.on('close', done);
    res.on('finish', done);
    res.on('error', done);
    next();
  };
}

/**
 * The request log as a Fastify onRequest hook: every call under /api (a route or not) and the routes declared
 * in `outsidePrefix` (the sitemap files, robots.txt); the probes and /metrics are not among them. Null when
 * the level drops every request line.
 */
export function requestLogHook(logger: Logger, outsidePrefix: readonly string[]) {
  const log = nodeRequestLog(logger);
  if (!log) return null;
  const outside = new Set(outsidePrefix);
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const route = request.routeOptions.url;
    if (!isApiAddress(request.url) && (route === undefined || !outside.has(route))) return done();
    (request.raw as LoggedRequest).id = request.id;
    log(request.raw, reply.raw, done);
  };
}
