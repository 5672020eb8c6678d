import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The api's Prometheus metrics, one registry per application instance (tests run several in one process).
 * Collectors that read queues and the worker's job histograms are added by MetricsModule.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Histogram({
    name: 'directory_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: rate from _count, latency from the buckets',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly cacheLookups = new Counter({
    name: 'directory_cache_lookups_total',
    help: 'Public read cache look-ups by scope and result (hit, miss, error = Redis unavailable, answered from the source)',
    labelNames: ['scope', 'result'] as const,
    registers: [this.registry],
  });

  readonly searchDuration = new Histogram({
    name: 'directory_search_duration_seconds',
    help: 'Search engine calls made by the api, by engine and operation',
    labelNames: ['engine', 'operation', 'outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'directory_api_' });
  }
}
