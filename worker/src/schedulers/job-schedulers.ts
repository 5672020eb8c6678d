import { Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { JobSchedulerTemplateOptions, Queue, RepeatOptions } from 'bullmq';

/** One repeatable job: what `Queue.upsertJobScheduler` takes. */
export interface SchedulerDefinition {
  queue: Queue;
  id: string;
  repeat: Omit<RepeatOptions, 'key'>;
  template: { name: string; data?: unknown; opts?: JobSchedulerTemplateOptions };
}

/**
 * How often the schedulers are looked for besides on reconnects: a Redis emptied without dropping the
 * connection (FLUSHALL, a failover to an empty replica) gives no 'ready' event.
 */
export const SCHEDULER_CHECK_EVERY_MS = 60_000;

/**
 * The worker's repeatable jobs (daily sitemaps, export cleanup, search safety net). A job scheduler lives
 * only in Redis, so a Redis restarted without persistence forgets it; registered here, each is upserted
 * again when its queue's connection is ready after a reconnect and on a slow periodic check. Only missing
 * schedulers are upserted, so an `every` schedule keeps its rhythm.
 */
@Injectable()
export class JobSchedulers implements OnApplicationShutdown {
  private readonly logger = new Logger('JobSchedulers');
  private readonly definitions: SchedulerDefinition[] = [];
  private readonly watched = new Set<Queue>();
  private timer: NodeJS.Timeout | null = null;
  private restoring: Promise<string[]> | null = null;

  /** Upserts the scheduler now and keeps it registered for as long as the worker runs. */
  async register(definition: SchedulerDefinition): Promise<void> {
    await upsert(definition);
    this.definitions.push(definition);
    const { queue } = definition;
    if (!this.watched.has(queue)) {
      this.watched.add(queue);
      // Registered after the first connection was ready: every later 'ready' is a reconnect.
      queue.getBackend().on('ready', () => void this.restore());
    }
    this.timer ??= setInterval(() => void this.restore(), SCHEDULER_CHECK_EVERY_MS).unref();
  }

  /** Upserts every registered scheduler Redis no longer holds; answers their ids. Never throws. */
  restore(): Promise<string[]> {
    // One pass at a time: a reconnect fires 'ready' on more than one connection.
    this.restoring ??= this.restoreMissing().finally(() => (this.restoring = null));
    return this.restoring;
  }

  private async restoreMissing(): Promise<string[]> {
    const restored: string[] = [];
    for (const definition of this.definitions) {
      try {
        if (await definition.queue.getJobScheduler(definition.id)) continue;
        await upsert(definition);
        restored.push(definition.id);
      } catch (error) {
        // Redis may be away again; the next 'ready' or check retries.
        this.logger.warn(`Could not check the job scheduler ${definition.id}: ${(error as Error).message}`);
      }
    }
    if (restored.length > 0)
      this.logger.log(`Job schedulers missing from Redis registered again: ${restored.join(', ')}.`);
    return restored;
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

function upsert({ queue, id, repeat, template }: SchedulerDefinition) {
  return queue.upsertJobScheduler(id, repeat, template);
}

/** Imported by every module with a repeatable job: one registry per worker. */
@Module({ providers: [JobSchedulers], exports: [JobSchedulers] })
export class JobSchedulersModule {}
