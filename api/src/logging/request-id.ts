import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptableRequestId, runWithContext } from '@directory/core';

export type RequestWithId = IncomingMessage & { id?: string };

/**
 * Every request's id (Fastify's `genReqId`, so `request.id` and the Node request's `id` carry it): the caller's
 * X-Request-Id when it is a plain short token (a load balancer's or another service's), else a new UUID.
 */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return acceptableRequestId(incoming) ? incoming : randomUUID();
}

/**
 * Sends the request's id back as X-Request-Id; it is written on every log line of the request (request-log.ts,
 * and log-options.ts's mixin for code's lines) and put into the data of every job the request enqueues
 * (RequestAwareQueue). A Fastify onRequest hook: the rest of the request runs inside its context.
 */
export function requestIdHook(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.raw.setHeader('X-Request-Id', request.id);
  runWithContext({ requestId: request.id }, done);
}
