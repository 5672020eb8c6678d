import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { backfillOpenMinutes, QUEUES, requestSearchSync, SEARCH_JOBS } from '@directory/core';
import { listenForChanges, prepareIndex, type OpenedSearch } from '@directory/search';
import { JobSchedulers } from '../schedulers/job-schedulers.js';
import { SEARCH } from './search.token.js';

/** A drain also runs on this schedule, in case a notification was missed (connection lost meanwhile). */
export const SYNC_SAFETY_NET_MS = 30_000;

@Injectable()
export class SearchSyncScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SearchSync');
  private stopListening: (() => Promise<void>) | null = null;
  private readonly stopBackfill = new AbortController();
  private backfill: Promise<void> = Promise.resolve();

  constructor(
    @Inject(SEARCH) private readonly search: OpenedSearch,
    @InjectQueue(QUEUES.search) private readonly queue: Queue,
    private readonly schedulers: JobSchedulers,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { pool, engine } = this.search;
    const { reindexNeeded } = await prepareIndex(engine);
    // An index someone created empty (the api creates a missing one) over a filled database needs a build too.
    const empty = !reindexNeeded && (await engine.count()) === 0 && (await hasBusinesses(this.search));
    if (reindexNeeded || empty) {
      this.logger.log(`The ${engine.kind} index is ${reindexNeeded ? 'missing or outdated' : 'empty'}: reindexing.`);
      await this.queue.add(
        SEARCH_JOBS.reindex,
        {},
        { jobId: SEARCH_JOBS.reindex + '-start', removeOnComplete: true, removeOnFail: 50 },
      );
    }
    await this.schedulers.register({
      queue: this.queue,
      id: 'search-sync-safety-net',
      repeat: { every: SYNC_SAFETY_NET_MS },
      template: { name: SEARCH_JOBS.sync, opts: { removeOnComplete: true, removeOnFail: 50 } },
    });
    this.stopListening = await listenForChanges(pool, () => void this.requestSync(), 0);
    // Whatever was written while no worker listened.
    await this.requestSync();
    this.backfill = this.completeOpenMinutes();
  }

  /**
   * Businesses stored before open minutes were (an upgrade) get them, so "open now" knows them without a manual
   * `npm run places:backfill`; the outbox carries them to the index. Runs beside the worker's jobs.
   */
  private async completeOpenMinutes(): Promise<void> {
    const client = await this.search.pool.connect();
    try {
      const updated = await backfillOpenMinutes(client, { signal: this.stopBackfill.signal });
      if (updated > 0) this.logger.log(`Open minutes of the week written for ${updated} businesses.`);
    } catch (error) {
      if (!this.stopBackfill.signal.aborted)
        this.logger.warn(`Open minutes not completed: ${(error as Error).message}`);
    } finally {
      client.release();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopBackfill.abort();
    await this.backfill;
    await this.stopListening?.();
    await this.search.close();
  }

  async requestSync(): Promise<void> {
    try {
      await requestSearchSync(this.queue);
    } catch (error) {
      this.logger.warn(`Could not enqueue a search sync: ${(error as Error).message}`);
    }
  }
}

async function hasBusinesses({ pool }: OpenedSearch): Promise<boolean> {
  const { rows } = await pool.query<{ any: boolean }>('select exists (select 1 from businesses) as any');
  return rows[0].any;
}
