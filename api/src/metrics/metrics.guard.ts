import { timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { AppConfig } from '@directory/core';
import { AuthService, SESSION_COOKIE } from '../auth/auth.service.js';
import { APP_CONFIG } from '../config/config.module.js';

/** /metrics is read by a Prometheus server with `Authorization: Bearer METRICS_TOKEN`, or by a signed-in admin. */
@Injectable()
export class MetricsGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const header = req.get('authorization') ?? '';
    const token = this.config.METRICS_TOKEN;
    if (token && header.startsWith('Bearer ') && sameSecret(header.slice(7).trim(), token)) return true;
    if (await this.auth.identify(req.cookies?.[SESSION_COOKIE])) return true;
    throw new UnauthorizedException(
      'Metrics need `Authorization: Bearer <METRICS_TOKEN>` or an administrator session.',
    );
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
