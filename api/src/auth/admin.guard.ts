import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { type AdminIdentity, AuthService, SESSION_COOKIE } from './auth.service.js';

const ACCESS = 'directory:access';
/** An /api/admin route that visitors may call (the login and the two public settings reads). */
export const PublicAdminRoute = () => SetMetadata(ACCESS, 'public');
/** A route outside /api/admin that only admins may call (the legacy aliases). */
export const AdminOnly = () => SetMetadata(ACCESS, 'admin');

export type AdminRequest = Request & { admin?: AdminIdentity };

/**
 * Deny by default: every /api/admin route and every route marked AdminOnly needs a valid session cookie;
 * writes must also come from this site (CSRF: the browser's Sec-Fetch-Site / Origin headers).
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<string>(ACCESS, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<AdminRequest>();
    const adminPath = request.path.startsWith('/api/admin');
    if (access === 'public' || (!adminPath && access !== 'admin')) return true;

    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) assertSameSite(request);
    const admin = await this.auth.identify(request.cookies?.[SESSION_COOKIE]);
    if (!admin) throw new UnauthorizedException('Sign in as an administrator to use this call.');
    request.admin = admin;
    return true;
  }
}

/** Rejects a state-changing request that a browser says came from another site. */
export function assertSameSite(request: Request): void {
  const fetchSite = request.get('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
    throw new ForbiddenException('Cross-site requests cannot change admin data.');
  }
  const origin = request.get('origin');
  if (origin) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new ForbiddenException('Cross-site requests cannot change admin data.');
    }
    if (originHost !== request.get('host'))
      throw new ForbiddenException('Cross-site requests cannot change admin data.');
  }
}
