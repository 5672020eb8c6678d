import { Inject, Injectable, Logger, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import { type Job, Queue, QueueEvents } from 'bullmq';
import { type AppConfig, bullConnection, type QueueName, QUEUES, RequestAwareQueue } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';

/** The queues whose jobs an admin starts and follows (the others are housekeeping). */
export const ADMIN_JOB_QUEUES: QueueName[] = [QUEUES.import, QUEUES.exports, QUEUES.slugs, QUEUES.sitemaps];

/**
 * A job with its state, the state read first: a job read while running and then found "completed" would
 * have no result, while a job read after its state is final holds it. Null when the queue has no such job.
 */
export async function readJob<T = unknown>(queue: Queue, id: string): Promise<{ job: Job<T>; state: string } | null> {
  const state = await queue.getJobState(id);
  const job = state === 'unknown' ? undefined : await queue.getJob(id);
  return job ? { job: job as Job<T>, state } : null;
}

export type WaitOutcome<T> =
  { state: 'completed'; result: T } | { state: 'failed'; reason: string } | { state: 'running'; jobState: string };

export type JobEvent =
  | { type: 'added'; queue: QueueName; jobId: string; name: string }
  | { type: 'active'; queue: QueueName; jobId: string }
  | { type: 'progress'; queue: QueueName; jobId: string; progress: unknown }
  | { type: 'completed'; queue: QueueName; jobId: string; result: unknown }
  | { type: 'failed'; queue: QueueName; jobId: string; failedReason: string };

/**
 * The api's only Queue and QueueEvents per queue of the system (core's QUEUES, so a queue added there is covered
 * here, on the dashboard and in the socket relay without more code): every job the api adds, job look-ups,
 * cancel and retry, the events the socket gateway relays, and the waits of the calls that answer with a job's
 * result (uploads, export-csv, fix-slugs).
 */
@Injectable()
export class JobQueues implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  readonly queues = new Map<QueueName, Queue>();
  private readonly events = new Map<QueueName, QueueEvents>();
  private readonly listeners = new Set<(event: JobEvent) => void>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const bull = bullConnection(config);
    for (const name of Object.values(QUEUES)) {
      // A request must not hang while Redis is away: commands fail fast instead.
      // Jobs added here carry the request's id into the worker's logs (RequestAwareQueue).
      const queue = new RequestAwareQueue(name, {
        ...bull,
        connection: { ...bull.connection, enableOfflineQueue: false },
      });
      queue.on('error', (error) => this.logger.warn(`Queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
      const events = new QueueEvents(name, bull);
      events.on('error', (error) => this.logger.warn(`Queue events of ${name}: ${error.message}`));
      events.on('added', ({ jobId, name: jobName }) => this.emit({ type: 'added', queue: name, jobId, name: jobName }));
      events.on('active', ({ jobId }) => this.emit({ type: 'active', queue: name, jobId }));
      events.on('progress', ({ jobId, data }) => this.emit({ type: 'progress', queue: name, jobId, progress: data }));
      events.on('completed', ({ jobId, returnvalue }) =>
        this.emit({ type: 'completed', queue: name, jobId, result: returnvalue }),
      );
      events.on('failed', ({ jobId, failedReason }) => this.emit({ type: 'failed', queue: name, jobId, failedReason }));
      this.events.set(name, events);
    }
  }

  queue(name: QueueName): Queue {
    return this.queues.get(name)!;
  }

  eventsOf(name: QueueName): QueueEvents {
    return this.events.get(name)!;
  }

  /**
   * Waits for a job to finish, up to `timeoutMs`, on this queue's QueueEvents; then (timed out, or finished
   * in a way the event did not carry) asks the job itself.
   */
  async wait<T>(job: Job, timeoutMs: number): Promise<WaitOutcome<T>> {
    const name = job.queueName as QueueName;
    try {
      return { state: 'completed', result: (await job.waitUntilFinished(this.eventsOf(name), timeoutMs)) as T };
    } catch (error) {
      const found = await readJob(this.queue(name), job.id!).catch(() => null);
      const fresh = found?.job;
      const state = found?.state ?? 'unknown';
      if (state === 'failed') return { state: 'failed', reason: fresh?.failedReason || (error as Error).message };
      if (state === 'completed') return { state: 'completed', result: fresh?.returnvalue as T };
      return { state: 'running', jobState: state };
    }
  }

  /** Resolves once every QueueEvents reads its stream (tests wait for it; the api never blocks on it). */
  async ready(): Promise<void> {
    await Promise.all([...this.events.values()].map((e) => e.waitUntilReady()));
  }

  onEvent(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: JobEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** The job with this id, in the given queue or in the first queue that has it. */
  async find(id: string, queue?: QueueName): Promise<{ queue: QueueName; job: Job; state: string } | null> {
    const names = queue
      ? [queue]
      : [...ADMIN_JOB_QUEUES, ...[...this.queues.keys()].filter((q) => !ADMIN_JOB_QUEUES.includes(q))];
    for (const name of names) {
      const found = await unavailableWhenRedisIsAway(() => readJob(this.queue(name), id));
      if (found) return { queue: name, ...found };
    }
    return null;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.events.values()].map((e) => e.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

/** Runs a queue command; Redis being unreachable becomes a 503 with a sentence instead of a 500. */
export async function unavailableWhenRedisIsAway<T>(command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (error) {
    throw new ServiceUnavailableException(
      `The job queue is unreachable (${(error as Error).message}); try again in a moment.`,
    );
  }
}

export interface JobView {
  id: string;
  queue: QueueName;
  name: string;
  state: string;
  progress: unknown;
  attemptsMade: number;
  attempts: number;
  failedReason: string | null;
  /** The upload's file name, for import jobs. */
  fileName: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The job's return value (an import's batch result, admin spec §3); only in the single-job answer. */
  result?: unknown;
}

/** A job as the admin sees it, with the state read with it (readJob). */
export function jobView(queue: QueueName, job: Job, withResult: boolean, state: string): JobView {
  const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);
  const view: JobView = {
    id: String(job.id),
    queue,
    name: job.name,
    state,
    progress: job.progress,
    attemptsMade: job.attemptsMade,
    attempts: job.opts.attempts ?? 1,
    failedReason: job.failedReason || null,
    fileName: typeof job.data?.fileName === 'string' ? job.data.fileName : null,
    createdAt: new Date(job.timestamp).toISOString(),
    startedAt: iso(job.processedOn),
    finishedAt: iso(job.finishedOn),
  };
  if (withResult) view.result = job.returnvalue ?? null;
  return view;
}
