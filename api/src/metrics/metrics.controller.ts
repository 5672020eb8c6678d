import { Controller, Get, Header, RequestMethod, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiCall } from '../docs/api-responses.js';
import { Authenticated } from '../auth/access.js';
import { Metrics } from './metrics.js';

/** Served outside the /api prefix (app.factory.ts), where Prometheus scrapes by convention. */
export const METRICS_ROUTES = [{ path: 'metrics', method: RequestMethod.GET }];

@ApiTags('operations')
@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  /** Prometheus text exposition of the api's metrics, the queues and the worker's job durations. */
  @Get('metrics')
  @Authenticated({ metricsToken: true })
  @ApiCall(
    'Prometheus metrics (METRICS_TOKEN bearer or an admin session)',
    { status: 200, description: 'Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } },
    401,
  )
  @Header('Cache-Control', 'no-store')
  async scrape(@Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    res.type(this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}
