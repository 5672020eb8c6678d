import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { QUEUES, SEARCH_JOBS } from '@directory/core';
import { drainOutbox, reindex, type DrainResult, type OpenedSearch, type ReindexResult } from '@directory/search';
import { SEARCH } from './search.token.js';
import { CatalogueCache } from '../cache/catalogue-cache.js';

/**
 * One job at a time: a drain and a reindex never overlap in this process, and the sync lock in
 * PostgreSQL keeps several worker processes from overlapping either.
 */
@Processor(QUEUES.search, { concurrency: 1 })
export class SearchSyncProcessor extends WorkerHost {
  private readonly logger = new Logger('SearchSync');

  constructor(
    @Inject(SEARCH) private readonly search: OpenedSearch,
    private readonly cache: CatalogueCache,
  ) {
    super();
  }

  async process(job: Job): Promise<DrainResult | (ReindexResult & { drained: DrainResult })> {
    const { pool, engine } = this.search;
    switch (job.name) {
      case SEARCH_JOBS.sync: {
        const drained = await drainOutbox(pool, engine);
        // The api's cached public answers show what the index and PostgreSQL now hold.
        if (drained.ids > 0) await this.cache.changed(`${drained.ids} business(es) applied to the index`);
        return drained;
      }
      case SEARCH_JOBS.reindex: {
        await job.updateProgress({ phase: 'building' });
        const result = await reindex(pool, engine);
        // Writes committed during the build waited in the outbox; apply them to the fresh index now.
        await job.updateProgress({ phase: 'catching up' });
        const drained = await drainOutbox(pool, engine);
        this.logger.log(`Reindexed ${result.documents} documents in ${result.ms} ms (${engine.kind})`);
        await this.cache.changed('search index rebuilt');
        return { ...result, drained };
      }
      default:
        throw new Error(`Unknown search job "${job.name}".`);
    }
  }
}
