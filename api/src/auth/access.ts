import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ErrorBody } from '../docs/schemas.js';
import type { AdminIdentity } from './auth.service.js';

/** Who may call a route. Every route carries one (AccessGuard refuses a route without it). */
export type AccessRule = { kind: 'public' } | { kind: 'admin'; metricsToken: boolean };

export const ACCESS_RULE = 'directory:access-rule';
/** The OpenAPI security scheme names (docs/api-docs.ts declares them). */
export const SESSION_SCHEME = 'admin-session';
export const METRICS_SCHEME = 'metrics-token';

/** Anyone may call the route: the public reads, the contact form, the sign-in. */
export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);

/**
 * Only a signed-in administrator may call the route (on a controller: every route of it). With
 * `metricsToken`, a Prometheus server sending `Authorization: Bearer METRICS_TOKEN` may too.
 */
export const Authenticated = (options: { metricsToken?: boolean } = {}) =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'admin', metricsToken: options.metricsToken ?? false } satisfies AccessRule),
    ApiCookieAuth(SESSION_SCHEME),
    ...(options.metricsToken ? [ApiBearerAuth(METRICS_SCHEME)] : []),
    ApiResponse({ status: 401, description: 'Sign in as an administrator to use this call', schema: ErrorBody }),
  );

/** A request that passed an admin rule: who made it. */
export type AdminRequest = FastifyRequest & { admin?: AdminIdentity };
