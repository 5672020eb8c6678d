import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { acceptableRequestId, runWithContext } from '@directory/core';

export type RequestWithId = Request & { id?: string };

/**
 * Gives every request its id: the caller's X-Request-Id when it is a plain short token (a load balancer's or
 * another service's), else a new UUID. Sent back as X-Request-Id, written on every log line of the request
 * (request-log.ts, and log-options.ts's mixin for code's lines) and put into the data of every job the request
 * enqueues (RequestAwareQueue).
 */
export function requestIdMiddleware(req: RequestWithId, res: Response, next: NextFunction): void {
  const incoming = req.headers['x-request-id'];
  const id = acceptableRequestId(incoming) ? incoming : randomUUID();
  req.id = id;
  res.setHeader('X-Request-Id', id);
  runWithContext({ requestId: id }, next);
}
