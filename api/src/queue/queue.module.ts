import { Global, Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { AggregatesRefresher } from './aggregates-refresher.js';

/** The api's side of the queues: it only enqueues (JobQueues); the worker process runs the jobs. */
@Global()
@Module({
  imports: [JobsModule],
  providers: [AggregatesRefresher],
  exports: [AggregatesRefresher],
})
export class QueueModule {}
