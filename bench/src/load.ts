import { summarize, type LatencySummary } from './stats.js';

export interface RunResult<T> {
  summary: LatencySummary;
  /** Per item, for the per-type breakdown and the slowest queries. */
  samples: { item: T; ms: number; error?: string }[];
}

type Samples<T> = RunResult<T>['samples'];

/**
 * Closed-loop load: `concurrency` clients each send the next item of the shared list as soon as their
 * previous one answered, for `durationMs` (or until `maxRequests`). The list is walked in order by all
 * clients together, so every run sends the same mix of query types.
 */
export async function closedLoop<T>(
  items: readonly T[],
  options: { concurrency: number; durationMs: number; maxRequests?: number; start?: number },
  run: (item: T) => Promise<unknown>,
): Promise<RunResult<T>> {
  let next = options.start ?? 0;
  const samples: Samples<T> = [];
  const started = performance.now();
  const deadline = started + options.durationMs;
  const limit = options.maxRequests ?? Number.POSITIVE_INFINITY;
  const client = async () => {
    while (performance.now() < deadline && next - (options.start ?? 0) < limit) {
      await timed(samples, items[next++ % items.length], performance.now(), run);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return resultOf(samples, started);
}

/** Every item once, one after the other (latency without queueing, per item). */
export async function sequential<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<RunResult<T>> {
  return closedLoop(items, { concurrency: 1, durationMs: Number.POSITIVE_INFINITY, maxRequests: items.length }, run);
}

/**
 * Open-loop load at a fixed rate (as wrk2): request k is due at the start + k / rate seconds and is sent by the
 * first of `concurrency` clients free at or after that moment. Its latency counts from when it was due, so time
 * spent waiting for a free client counts too: a closed loop sends the next request only once one is answered,
 * which hides the queue a slower server builds (coordinated omission) and measures the latency of the rate the
 * server itself sets. The list is walked in order from `start`, as closedLoop walks it.
 */
export async function fixedRate<T>(
  items: readonly T[],
  options: { rate: number; concurrency: number; durationMs: number; start?: number },
  run: (item: T) => Promise<unknown>,
): Promise<RunResult<T>> {
  const due = Math.floor((options.rate * options.durationMs) / 1000);
  const samples: Samples<T> = [];
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < due) {
      const k = next++;
      const dueAt = started + (k * 1000) / options.rate;
      const early = dueAt - performance.now();
      if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
      await timed(samples, items[((options.start ?? 0) + k) % items.length], dueAt, run);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return resultOf(samples, started);
}

/** Runs the item and keeps how long it took since `since` (when it was sent, or due), and its error if it failed. */
async function timed<T>(samples: Samples<T>, item: T, since: number, run: (item: T) => Promise<unknown>) {
  try {
    await run(item);
    samples.push({ item, ms: performance.now() - since });
  } catch (error) {
    samples.push({ item, ms: performance.now() - since, error: (error as Error).message });
  }
}

/** The samples and the summary of those that succeeded, over the wall time since `started`. */
function resultOf<T>(samples: Samples<T>, started: number): RunResult<T> {
  const seconds = (performance.now() - started) / 1000;
  const ok = samples.filter((s) => !s.error).map((s) => s.ms);
  return { summary: summarize(ok, samples.length - ok.length, seconds), samples };
}
