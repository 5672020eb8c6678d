import { timingSafeEqual } from 'node:crypto';
import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { ACCESS_RULE, type AccessRule, type AdminRequest } from './access.js';
import { AuthService, SESSION_COOKIE } from './auth.service.js';
import { isReadMethod } from '../http/read-method.js';

export const SIGN_IN_REQUIRED = 'Sign in as an administrator to use this call.';
export const METRICS_SIGN_IN_REQUIRED =
  'Metrics need `Authorization: Bearer <METRICS_TOKEN>` or an administrator session.';
export const NO_ACCESS_RULE = 'This call has no access rule, so it is refused; the api must declare who may call it.';

/**
 * Deny by default, from route metadata only (never the text of the URL): a route marked @Public() is open,
 * one marked @Authenticated() needs a valid admin session cookie (writes must also come from this site),
 * and a route without a rule is refused. Runs before interceptors, so a refused request's body is never read.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // socket.io authenticates each connection itself (jobs.gateway.ts).
    if (context.getType() !== 'http') return true;
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<AdminRequest>();
    if (!rule) {
      this.logger.error(`${context.getClass().name}.${context.getHandler().name} has no access rule; refused.`);
      throw new ForbiddenException(NO_ACCESS_RULE);
    }
    if (rule.kind === 'public') return true;

    // Admin answers are never kept by a browser or a proxy, errors included.
    context.switchToHttp().getResponse<FastifyReply>().header('Cache-Control', 'no-store');
    if (rule.metricsToken && this.hasMetricsToken(request)) return true;
    if (!isReadMethod(request.method)) assertSameSite(request);
    const admin = await this.auth.identify(request.cookies?.[SESSION_COOKIE]);
    if (!admin) throw new UnauthorizedException(rule.metricsToken ? METRICS_SIGN_IN_REQUIRED : SIGN_IN_REQUIRED);
    request.admin = admin;
    return true;
  }

  private hasMetricsToken(request: FastifyRequest): boolean {
    const token = this.config.METRICS_TOKEN;
    const header = request.headers.authorization ?? '';
    if (!token || !header.startsWith('Bearer ')) return false;
    const given = Buffer.from(header.slice(7).trim());
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** Rejects a state-changing request that a browser says came from another site. */
export function assertSameSite(request: { headers: IncomingHttpHeaders }): void {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
    throw new ForbiddenException('Cross-site requests cannot change admin data.');
  }
  const origin = request.headers.origin;
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new ForbiddenException('Cross-site requests cannot change admin data.');
    }
    if (originHost !== request.headers.host)
      throw new ForbiddenException('Cross-site requests cannot change admin data.');
  }
}
