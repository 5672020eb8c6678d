import { Controller, Get, RequestMethod, ServiceUnavailableException } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, type HealthCheckResult } from '@nestjs/terminus';
import { ApiCall } from '../docs/api-responses.js';
import { AdminHealth, Health } from '../docs/schemas.js';
import { Authenticated, Public } from '../auth/access.js';
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
  @Public()
  @HealthCheck({ swaggerDocumentation: false })
  @ApiCall('Liveness: the process answers', Health)
  live() {
    return this.checks.live();
  }

  /** Send it traffic: PostgreSQL and the search engine answer, and it is not shutting down. */
  @Get('health/ready')
  @Public()
  @HealthCheck({ swaggerDocumentation: false })
  @ApiCall('Readiness: PostgreSQL and the search engine answer (Redis and the worker may be degraded)', Health)
  @ApiResponse({
    status: 503,
    description: 'Not ready: a required part is down, or the api is shutting down',
    schema: Health,
  })
  async ready() {
    try {
      return withoutDetails(await this.checks.ready());
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      throw new ServiceUnavailableException(withoutDetails(error.getResponse() as HealthCheckResult));
    }
  }

  /** The admin dashboard's view of the same checks: always 200, the body says what is down or degraded. */
  @Get('admin/health')
  @Authenticated()
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

/**
 * What anyone may read of readiness: the overall status and each part's, without the messages, worker host
 * names and process ids that the admin's /api/admin/health shows.
 */
function withoutDetails(result: HealthCheckResult) {
  const statuses = (part: HealthCheckResult['details'] | undefined) =>
    Object.fromEntries(Object.entries(part ?? {}).map(([name, check]) => [name, { status: check.status }]));
  return { status: result.status, details: statuses(result.details) };
}
