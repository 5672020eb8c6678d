import { Logger } from '@nestjs/common';
import { type Job, type Processor, Worker, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { recordJobDuration, REQUEST_ID_FIELD, runWithContext } from '@directory/core';

/** Where job durations go; set when the worker module starts (JobInstrumentation). */
export const jobSink: { redis: Redis | null; prefix: string } = { redis: null, prefix: '' };

const logger = new Logger('Jobs');

/**
 * The BullMQ Worker class @nestjs/bullmq builds every processor's worker with (BullModule.workerClass, its
 * documented extension point). Each job runs in a logging context carrying its queue, id and the request id
 * of the api request that queued it, so every line its processor logs names them; its start, end and
 * duration are logged and its duration is recorded for the api's /metrics.
 */
export class InstrumentedWorker<
  DataType = unknown,
  ResultType = unknown,
  NameType extends string = string,
> extends Worker<DataType, ResultType, NameType> {
  constructor(
    name: string,
    processor?: string | URL | null | Processor<DataType, ResultType, NameType>,
    opts?: WorkerOptions,
  ) {
    super(name, typeof processor === 'function' ? instrument(name, processor) : processor, opts);
  }
}

function instrument<D, R, N extends string>(queue: string, processor: Processor<D, R, N>): Processor<D, R, N> {
  return (job: Job<D, R, N>, token?: string, signal?: AbortSignal) => {
    const data = job.data as Record<string, unknown> | undefined;
    const requestId = typeof data?.[REQUEST_ID_FIELD] === 'string' ? (data[REQUEST_ID_FIELD] as string) : undefined;
    return runWithContext({ requestId, jobId: String(job.id), queue }, async () => {
      const started = performance.now();
      logger.log(`Job ${job.name} started (attempt ${job.attemptsMade + 1})`);
      try {
        const result = await processor(job, token, signal);
        const seconds = (performance.now() - started) / 1000;
        logger.log(`Job ${job.name} completed in ${Math.round(seconds * 1000)} ms`);
        record(queue, 'completed', seconds);
        return result;
      } catch (error) {
        const seconds = (performance.now() - started) / 1000;
        logger.warn(`Job ${job.name} failed after ${Math.round(seconds * 1000)} ms: ${(error as Error).message}`);
        record(queue, 'failed', seconds);
        throw error;
      }
    });
  };
}

function record(queue: string, outcome: 'completed' | 'failed', seconds: number): void {
  if (!jobSink.redis) return;
  recordJobDuration(jobSink.redis, jobSink.prefix, queue, outcome, seconds).catch(() => undefined);
}
