import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  ADMIN_JOB_KINDS,
  type AdminJob,
  type AdminJobQueue,
  type AdminJobsAnswer,
  type AnyJobProgress,
  type AppConfig,
  canCancel,
  type ExportFilters,
  type ExportRequest,
  isAdminJob,
  liveWorkers,
  type QueueName,
} from '@directory/core';
import { AuditService } from '../audit/audit.service.js';
import { CACHE_REDIS } from '../cache/public-cache.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import { JobQueues, unavailableWhenRedisIsAway } from './job-queues.js';

const LISTED_STATES = [
  'active',
  'waiting',
  'prioritized',
  'delayed',
  'waiting-children',
  'completed',
  'failed',
] as const;

/** Queues where housekeeping jobs outnumber the admin's: more of them are read to find the admin's among them. */
const CROWDED_QUEUES: readonly string[] = ['maintenance', 'search'];

/** Which audit action queued a job of which queue (BullMQ's counted ids repeat from queue to queue). */
function queueOfAction(action: string): AdminJobQueue | null {
  if (action === 'upload' || action.startsWith('import.')) return 'import';
  if (action.startsWith('export.')) return 'export';
  if (action === 'slugs.fix') return 'slugs';
  if (action === 'sitemaps.regenerate') return 'sitemaps';
  if (action === 'search.reindex') return 'search';
  // Deletes, and the bulk reject and approval when they were too large for their request.
  if (action.startsWith('business.delete') || action === 'business.bulk-reject' || action === 'business.bulk-approval')
    return 'maintenance';
  return null;
}

/** A result's plain fields (counts, names, sentences): the lists an import returns stay on its own page. */
function resultSummary(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object') return null;
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)),
  );
}

/** An export job's selection (core's ExportRequest, as the api queued it). */
function exportFiltersOf(data: Partial<ExportRequest> | undefined): ExportFilters {
  return {
    fields: data?.fields ?? [],
    countryCode: data?.countryCode ?? null,
    categories: data?.categories ?? [],
    dateRange: data?.dateRange ?? 'all',
    startDate: data?.startDate ?? null,
    endDate: data?.endDate ?? null,
  };
}

/**
 * The jobs centre's one call (issue 34): the recent jobs of every kind an admin starts or waits on, newest
 * first, who started each, how many run now, and whether a worker is alive to run them (its heartbeat).
 */
@Injectable()
export class JobsCentre {
  private readonly logger = new Logger(JobsCentre.name);

  constructor(
    private readonly jobs: JobQueues,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CACHE_REDIS) private readonly redis: Redis,
  ) {}

  async answer(limit: number, only?: QueueName): Promise<AdminJobsAnswer> {
    const queues = (Object.keys(ADMIN_JOB_KINDS) as AdminJobQueue[]).filter((q) => !only || q === only);
    const found = await Promise.all(queues.map((queue) => this.recentOf(queue, limit)));
    const all = found.flat();
    const running = all.filter(({ state }) => state === 'active').length;
    const recent = all.sort((a, b) => b.job.timestamp - a.job.timestamp).slice(0, limit);
    const starters = await this.startersOf(recent.map((r) => r.job));
    const workers = await this.workers();
    return {
      jobs: recent.map(({ queue, job, state }) => this.view(queue, job, state, starters)),
      running,
      workers,
      checkedAt: new Date().toISOString(),
    };
  }

  /** The queue's recent admin jobs (every running one among them) with their state. */
  private async recentOf(queue: AdminJobQueue, limit: number) {
    const q = this.jobs.queue(queue as QueueName);
    const window = CROWDED_QUEUES.includes(queue) ? Math.min(limit * 5, 500) : limit;
    const read = async () => [
      ...(await q.getJobs(['active'], 0, -1, false)),
      ...(await q.getJobs(
        LISTED_STATES.filter((s) => s !== 'active'),
        0,
        window - 1,
        false,
      )),
    ];
    // The lists are read one after another while jobs move between them (a cancel, a retry): a read that failed
    // is read once more before the answer is a 503.
    const jobs = await unavailableWhenRedisIsAway(() =>
      read().catch(async (error: Error) => {
        this.logger.warn(`Reading the ${queue} queue's jobs failed once, read again: ${error.message}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return read();
      }),
    );
    const seen = new Set<string>();
    const mine = jobs.filter((job) => {
      if (!job || !isAdminJob(queue, job.name) || seen.has(String(job.id))) return false;
      seen.add(String(job.id));
      return true;
    });
    return Promise.all(mine.map(async (job) => ({ queue, job, state: await job.getState() })));
  }

  private async startersOf(jobs: Job[]): Promise<Map<string, string>> {
    const starters = new Map<string, string>();
    if (jobs.length === 0) return starters;
    const oldest = Math.min(...jobs.map((j) => j.timestamp));
    // The entry is written just before its job is queued: a minute's margin for clocks and slow commits.
    const rows = await this.audit.jobStarters(
      jobs.map((j) => String(j.id)),
      new Date(oldest - 60_000),
    );
    for (const row of rows) {
      const queue = queueOfAction(row.action);
      if (queue) starters.set(`${queue}:${row.job_id}`, row.admin_username);
    }
    return starters;
  }

  private async workers(): Promise<AdminJobsAnswer['workers']> {
    const beats = await unavailableWhenRedisIsAway(() => liveWorkers(this.redis, this.config.REDIS_PREFIX));
    return { alive: beats.length, lastBeatAt: beats[0]?.lastBeatAt ?? null };
  }

  private view(queue: AdminJobQueue, job: Job, state: string, starters: Map<string, string>): AdminJob {
    const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);
    const data = (job.data ?? {}) as { fileName?: unknown; uploadedBy?: unknown };
    return {
      id: String(job.id),
      queue,
      name: job.name,
      state,
      progress: job.progress && typeof job.progress === 'object' ? (job.progress as AnyJobProgress) : null,
      attemptsMade: job.attemptsMade,
      attempts: job.opts.attempts ?? 1,
      failedReason: job.failedReason || null,
      fileName: typeof data.fileName === 'string' ? data.fileName : null,
      startedBy: starters.get(`${queue}:${job.id}`) ?? (typeof data.uploadedBy === 'string' ? data.uploadedBy : null),
      createdAt: new Date(job.timestamp).toISOString(),
      startedAt: iso(job.processedOn),
      finishedAt: iso(job.finishedOn),
      result: resultSummary(job.returnvalue),
      ...(queue === 'export' && job.name === 'export' ? { exportFilters: exportFiltersOf(job.data) } : {}),
      canCancel: canCancel(queue, state, job.name),
      canRetry: state === 'failed',
    };
  }
}
