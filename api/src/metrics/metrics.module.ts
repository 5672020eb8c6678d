import { Global, Inject, Logger, Module, type OnModuleInit } from '@nestjs/common';
import type { JobType } from 'bullmq';
import type { Redis } from 'ioredis';
import { Gauge } from 'prom-client';
import { type AppConfig, QUEUES, readJobDurations } from '@directory/core';
import type { SearchEngine } from '@directory/search';
import { AuthModule } from '../auth/auth.module.js';
import { CACHE_REDIS } from '../cache/public-cache.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueues } from '../jobs/job-queues.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { SEARCH_ENGINE } from '../search/search-engine.module.js';
import { MetricsController } from './metrics.controller.js';
import { Metrics } from './metrics.js';

const JOB_STATES: JobType[] = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'failed',
  'completed',
];

/**
 * GET /metrics (Prometheus, prom-client): HTTP rate and latency per route, cache look-ups by result (hit
 * ratio), search latency, queue depths per state (read from Redis at scrape time) and the job durations
 * the workers record in Redis (core/src/observability/job-metrics.ts).
 */
@Global()
@Module({
  imports: [AuthModule, JobsModule],
  controllers: [MetricsController],
  providers: [Metrics],
  exports: [Metrics],
})
export class MetricsModule implements OnModuleInit {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly metrics: Metrics,
    private readonly jobs: JobQueues,
    @Inject(CACHE_REDIS) private readonly redis: Redis,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.timeSearchEngine();
    const jobs = this.jobs;
    const logger = this.logger;
    new Gauge({
      name: 'directory_queue_jobs',
      help: 'Jobs per queue and state (queue depth: waiting + prioritized + delayed)',
      labelNames: ['queue', 'state'] as const,
      registers: [this.metrics.registry],
      async collect() {
        for (const [name, queue] of jobs.queues) {
          try {
            const counts = await queue.getJobCounts(...JOB_STATES);
            for (const state of JOB_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
          } catch (error) {
            logger.warn(`Queue ${name} could not be counted: ${(error as Error).message}`);
          }
        }
      },
    });
    this.metrics.registry.registerMetric(this.jobDurations() as never);
  }

  /** Wraps the engine's reads (the one instance the api uses everywhere) to time them. */
  private timeSearchEngine(): void {
    const engine = this.engine as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const operation of ['search', 'suggest'] as const) {
      const original = engine[operation].bind(this.engine);
      engine[operation] = async (...args: unknown[]) => {
        const stop = this.metrics.searchDuration.startTimer({ engine: this.engine.kind, operation });
        try {
          const result = await original(...args);
          stop({ outcome: 'ok' });
          return result;
        } catch (error) {
          stop({ outcome: 'error' });
          throw error;
        }
      };
    }
  }

  /** A histogram whose counts the workers keep in Redis; read and rendered at scrape time. */
  private jobDurations() {
    const name = 'directory_job_duration_seconds';
    const help = 'Job processing time per queue and outcome, recorded by every worker';
    return {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => {
        let histograms: Awaited<ReturnType<typeof readJobDurations>> = [];
        try {
          histograms = await readJobDurations(this.redis, this.config.REDIS_PREFIX, Object.values(QUEUES));
        } catch (error) {
          this.logger.warn(`Job durations could not be read: ${(error as Error).message}`);
        }
        const values = histograms.flatMap(({ queue, outcome, buckets, count, sum }) => [
          ...buckets.map((b) => ({
            metricName: `${name}_bucket`,
            labels: { queue, outcome, le: String(b.le) },
            value: b.count,
          })),
          { metricName: `${name}_bucket`, labels: { queue, outcome, le: '+Inf' }, value: count },
          { metricName: `${name}_sum`, labels: { queue, outcome }, value: sum },
          { metricName: `${name}_count`, labels: { queue, outcome }, value: count },
        ]);
        return { name, help, type: 'histogram', aggregator: 'sum', values };
      },
    };
  }
}
