import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { contentSecurityPolicy, strictTransportSecurity } from 'helmet';
import type { AppConfig } from '@directory/core';

/**
 * The policy every answer gets unless it is a public page: the admin back office (its HTML shell, its
 * bundle and its JSON), the api's JSON and the built assets. Only this origin's files run (no inline
 * script, no eval, no other host), so a snippet or ad code that reached an admin page could not run there.
 * The admin's styles are files (React's style props are CSSOM writes, which CSP does not block); socket.io
 * connects to this origin ('self' covers ws:/wss: of the same host in CSP 3).
 */
const STRICT_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The api's own tool pages (Swagger UI at /api/docs, Bull Board under /api/admin/queues) write <style>
 * elements; their scripts are still this origin's files only.
 */
const TOOL_PAGES = /^\/api\/(docs|admin\/queues)(\/|$)/;
const TOOL_DIRECTIVES = { ...STRICT_DIRECTIVES, styleSrc: ["'self'", "'unsafe-inline'"] };

/** What the configured snippets and ad codes may load and run (see SnippetSources). */
export interface ScriptSources {
  /** Origins their <script src> and script text name, e.g. https://www.googletagmanager.com. */
  hosts: string[];
  /** 'sha256-…' of each of their inline scripts. */
  hashes: string[];
}

interface PublicPolicy {
  nonce: string;
  sources: ScriptSources;
}

/** The public policy's values of each response it is sent on. */
const publicPolicies = new WeakMap<ServerResponse, PublicPolicy>();
const publicPolicyOf = (res: ServerResponse) => publicPolicies.get(res)!;

/**
 * The policy of a public page (its HTML only; see docs/security.md). Scripts: this origin,
 * the page's own inline data by its per-response nonce, and exactly what the configured snippets and ad
 * codes need — the origins they load scripts from and the hashes of their inline scripts. Nothing else
 * inline runs (an injected <script> has neither the nonce nor a listed hash), no eval (no snippet can be
 * shown to need it), no inline event handler attributes. Images, frames (ad iframes), styles, fonts and
 * connections (analytics beacons) stay open to https:, as ads and analytics need.
 */
const publicPolicy = contentSecurityPolicy({
  useDefaults: false,
  directives: {
    ...STRICT_DIRECTIVES,
    scriptSrc: [
      "'self'",
      (_req: IncomingMessage, res: ServerResponse) => `'nonce-${publicPolicyOf(res).nonce}'`,
      (_req: IncomingMessage, res: ServerResponse) => {
        const { hosts, hashes } = publicPolicyOf(res).sources;
        return [...hosts, ...hashes].join(' ');
      },
    ],
    styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'", 'https:', 'wss:'],
    frameSrc: ["'self'", 'https:'],
    mediaSrc: ["'self'", 'https:'],
    workerSrc: ["'self'", 'blob:'],
    frameAncestors: ["'self'"],
  },
});

/** A fresh nonce for one response: 128 random bits, base64. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Replaces the strict policy securityHeaders sent with the public page policy for this response. */
export function setPublicPagePolicy(req: IncomingMessage, res: ServerResponse, nonce: string, sources: ScriptSources) {
  publicPolicies.set(res, { nonce, sources });
  publicPolicy(req, res, (error?: unknown) => {
    if (error) throw error;
  });
}

/**
 * Security headers (helmet) on every answer, with the strict policy above (the tool pages' variant on
 * theirs); the web app replaces it on public pages only (setPublicPagePolicy).
 *
 * HSTS is sent only on requests that came over TLS (req.secure: TLS in front of the api, seen through
 * TRUST_PROXY's X-Forwarded-Proto): helmet alone sends it on plain http too, where it means nothing.
 * A Fastify onRequest hook: helmet writes its headers on the Node response, which Fastify's own join.
 */
export type SecurityHeadersHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

export function securityHeaders(): SecurityHeadersHook {
  const options = (directives: typeof STRICT_DIRECTIVES) =>
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      // Ad and analytics iframes and scripts from other origins must load on public pages.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      // Ad networks attribute clicks by the referring origin.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
    });
  const strict = options(STRICT_DIRECTIVES);
  const tools = options(TOOL_DIRECTIVES);
  const hsts = strictTransportSecurity({ maxAge: 180 * 24 * 3600, includeSubDomains: false });
  return (request, reply, done) => {
    const next = (error?: unknown) => done(error as Error | undefined);
    (TOOL_PAGES.test(request.url.split('?', 1)[0]) ? tools : strict)(request.raw, reply.raw, (error?: unknown) =>
      error || request.protocol !== 'https' ? next(error) : hsts(request.raw, reply.raw, next),
    );
  };
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

/** What the router answers before any hook runs: a path that is not valid percent-encoding, or too long. */
const ROUTER_REFUSALS: Record<string, { status: number; error: string; message: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    error: 'Bad Request',
    message: 'The address is not valid: a % in it must begin an escape such as %20.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    error: 'URI Too Long',
    message: 'A part of the address is longer than 2,048 characters.',
  },
};

/**
 * Fastify's `frameworkErrors`: the router refuses a malformed address before any hook runs, so this answer
 * gets the request id and the security headers itself, and a sentence in the api's shape that does not echo
 * the address.
 */
export function routerRefusal(
  headers: SecurityHeadersHook,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const refusal = ROUTER_REFUSALS[error.code] ?? {
      status: 400,
      error: 'Bad Request',
      message: 'The address could not be read.',
    };
    reply.raw.setHeader('X-Request-Id', request.id);
    headers(request, reply, () =>
      reply.code(refusal.status).send({ statusCode: refusal.status, message: refusal.message, error: refusal.error }),
    );
  };
}
