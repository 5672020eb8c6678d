import { Controller, Get, RequestMethod, ServiceUnavailableException } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';
import { ApiCall } from '../docs/api-responses.js';
import { AdminHealth, Health } from '../docs/schemas.js';
import { HealthChecks } from './health-checks.js';

/** Served outside the /api prefix (app.factory.ts), where load balancers and orchestrators look. */
export const HEALTH_ROUTES = [
  { path: 'health/live', method: RequestMethod.GET },
  { path: 'health/ready', method: RequestMethod.GET },
];

@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(private readonly checks: HealthChecks) {}

  /** The process is up and its event loop answers (restart it when not). */
  @Get('health/live')
  @HealthCheck({ swaggerDocumentation: false })
  @ApiCall('Liveness: the process answers', Health)
  live() {
    return this.checks.live();
  }

  /** Send it traffic: PostgreSQL and the search engine answer, and it is not shutting down. */
  @Get('health/ready')
  @HealthCheck({ swaggerDocumentation: false })
  @ApiCall('Readiness: PostgreSQL and the search engine answer (Redis and the worker may be degraded)', Health)
  @ApiResponse({
    status: 503,
    description: 'Not ready: a required part is down, or the api is shutting down',
    schema: Health,
  })
  ready() {
    return this.checks.ready();
  }

  /** The admin dashboard's view of the same checks: always 200, the body says what is down or degraded. */
  @Get('admin/health')
  @ApiCall('The admin dashboard status: every check, uptime (always 200)', AdminHealth)
  async admin() {
    const started = process.uptime();
    let result;
    try {
      result = await this.checks.ready();
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      result = error.getResponse();
    }
    return { ...(result as object), uptimeSeconds: Math.round(started), checkedAt: new Date().toISOString() };
  }
}
