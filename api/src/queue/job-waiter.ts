import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { type Job, type Queue, QueueEvents } from 'bullmq';
import { type AppConfig, bullConnection } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';

export type WaitOutcome<T> =
  { state: 'completed'; result: T } | { state: 'failed'; reason: string } | { state: 'running' };

/**
 * Waits for a worker job to finish, up to a limit, through one QueueEvents stream per queue (opened on first
 * use). Used by the calls that answer with a job's result (export-csv, fix-slugs).
 */
@Injectable()
export class JobWaiter implements OnModuleDestroy {
  private readonly events = new Map<string, QueueEvents>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async wait<T>(queue: Queue, job: Job, timeoutMs: number): Promise<WaitOutcome<T>> {
    const events = await this.eventsOf(job.queueName);
    try {
      return { state: 'completed', result: (await job.waitUntilFinished(events, timeoutMs)) as T };
    } catch (error) {
      // Timed out, or finished in a way the event did not carry: ask the job itself.
      const fresh = await queue.getJob(job.id!);
      const state = await fresh?.getState();
      if (state === 'failed') return { state: 'failed', reason: fresh?.failedReason || (error as Error).message };
      if (state === 'completed') return { state: 'completed', result: fresh?.returnvalue as T };
      return { state: 'running' };
    }
  }

  private async eventsOf(queueName: string): Promise<QueueEvents> {
    let events = this.events.get(queueName);
    if (!events) {
      events = new QueueEvents(queueName, bullConnection(this.config));
      this.events.set(queueName, events);
      await events.waitUntilReady();
    }
    return events;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.events.values()].map((e) => e.close()));
    this.events.clear();
  }
}
