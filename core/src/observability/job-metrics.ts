import type { Redis } from 'ioredis';

/**
 * Job durations per queue, recorded by the worker into Redis as a cumulative histogram (one hash per queue)
 * and shown by the api's /metrics: the worker has no HTTP port of its own, and several workers add up.
 */
export const JOB_DURATION_BUCKETS_S = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200];

export function jobMetricsKey(prefix: string, queue: string): string {
  return `${prefix}:metrics:jobs:${queue}`;
}

export type JobOutcome = 'completed' | 'failed';

export async function recordJobDuration(
  redis: Redis,
  prefix: string,
  queue: string,
  outcome: JobOutcome,
  seconds: number,
): Promise<void> {
  const key = jobMetricsKey(prefix, queue);
  const pipeline = redis.multi();
  for (const le of JOB_DURATION_BUCKETS_S) if (seconds <= le) pipeline.hincrby(key, `le:${le}:${outcome}`, 1);
  pipeline.hincrby(key, `count:${outcome}`, 1);
  pipeline.hincrbyfloat(key, `sum:${outcome}`, seconds);
  await pipeline.exec();
}

export interface JobDurationHistogram {
  queue: string;
  outcome: JobOutcome;
  buckets: { le: number; count: number }[];
  count: number;
  sum: number;
}

export async function readJobDurations(
  redis: Redis,
  prefix: string,
  queues: string[],
): Promise<JobDurationHistogram[]> {
  const pipeline = redis.pipeline();
  for (const queue of queues) pipeline.hgetall(jobMetricsKey(prefix, queue));
  const answers = (await pipeline.exec()) ?? [];
  const histograms: JobDurationHistogram[] = [];
  queues.forEach((queue, i) => {
    const [error, fields] = answers[i] ?? [];
    if (error || !fields) return;
    const hash = fields as Record<string, string>;
    for (const outcome of ['completed', 'failed'] as const) {
      const count = Number(hash[`count:${outcome}`] ?? 0);
      if (!count) continue;
      histograms.push({
        queue,
        outcome,
        buckets: JOB_DURATION_BUCKETS_S.map((le) => ({ le, count: Number(hash[`le:${le}:${outcome}`] ?? 0) })),
        count,
        sum: Number(hash[`sum:${outcome}`] ?? 0),
      });
    }
  });
  return histograms;
}
