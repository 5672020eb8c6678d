import http from 'node:http';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { MISS_HEADER } from '../http.js';
import { summarize, round, type LatencySummary } from '../stats.js';

/** One closed-loop HTTP run; every response time is kept so p95 is exact (autocannon's histogram has none). */
export type LoadRun = LatencySummary & {
  /** Answers 400 or above (4xx/5xx); 2xx and 3xx count as answered. */
  badStatus: number;
  /** Socket errors and timeouts (autocannon's `errors` includes its timeouts). */
  socketErrors: number;
  statusCodes: Record<string, number>;
  /** Mean response size (headers and body as sent), bytes. */
  bytesPerResponse?: number;
  /** Public cache look-ups during the run, from the api's /metrics (hits ÷ (hits + misses)). */
  cache?: CacheDelta;
};

export interface CacheDelta {
  hits: number;
  misses: number;
  errors: number;
  ratio: number | null;
}

export interface LoadOptions {
  /** Every request answered as a cache miss (MISS_HEADER, honoured by the bench's api). */
  bust?: boolean;
  /** Called with the running instance; `stop()` ends the run early (it then resolves with what it has). */
  onStart?: (stop: () => void) => void;
  /** Reads the cache counters before and after (needs the api's METRICS_TOKEN). */
  metrics?: MetricsReader;
  /** Exactly this many requests (then `durationSeconds` is ignored): one pass of a list. */
  amount?: number;
}

export async function load(
  base: string,
  paths: readonly string[],
  connections: number,
  durationSeconds: number,
  options: LoadOptions = {},
): Promise<LoadRun> {
  let next = 0;
  const at = (i: number) => paths[i % paths.length];
  const before = options.metrics ? await options.metrics() : null;
  const latencies: number[] = [];
  let badStatus = 0;
  const started = performance.now();
  const instance = autocannon({
    url: base,
    connections,
    ...(options.amount ? { amount: options.amount } : { duration: durationSeconds }),
    timeout: 30,
    ...(options.bust ? { headers: MISS_HEADER } : {}),
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: at(next++) }) }],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
    if (statusCode < 400) latencies.push(ms);
    else badStatus++;
  });
  options.onStart?.(() => (instance as unknown as { stop(): void }).stop());
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  const after = options.metrics ? await options.metrics() : null;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  const socketErrors = result.errors;
  return {
    ...summarize(latencies, badStatus + socketErrors, seconds),
    badStatus,
    socketErrors,
    statusCodes,
    bytesPerResponse: Math.round((result.throughput?.total ?? 0) / Math.max(1, latencies.length + badStatus)),
    ...(before && after ? { cache: cacheDelta(before, after) } : {}),
  };
}

export type CacheCounters = { hit: number; miss: number; error: number };
export type MetricsReader = () => Promise<CacheCounters>;

/** Sums `directory_cache_lookups_total{scope,result}` over the scopes, from the api's Prometheus text. */
export function metricsReader(base: string, token: string): MetricsReader {
  return async () => {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
    const text = await res.text();
    const counters: CacheCounters = { hit: 0, miss: 0, error: 0 };
    for (const m of text.matchAll(/^directory_cache_lookups_total\{([^}]*)\}\s+([0-9.e+]+)$/gm)) {
      const result = /result="(\w+)"/.exec(m[1])?.[1] as keyof CacheCounters | undefined;
      if (result && result in counters) counters[result] += Number(m[2]);
    }
    return counters;
  };
}

export function cacheDelta(before: CacheCounters, after: CacheCounters): CacheDelta {
  const hits = after.hit - before.hit;
  const misses = after.miss - before.miss;
  return {
    hits,
    misses,
    errors: after.error - before.error,
    ratio: hits + misses ? round(hits / (hits + misses), 4) : null,
  };
}

/**
 * Time to first byte in a closed loop: the time from sending a GET to its response headers (node's
 * `response` event), the body then read to the end before the client's next request. Keep-alive sockets,
 * one per client, as a browser would hold.
 */
export async function ttfbLoop(
  base: string,
  paths: readonly string[],
  concurrency: number,
  durationMs: number,
  options: { metrics?: MetricsReader } = {},
): Promise<LoadRun> {
  const url = new URL(base);
  const before = options.metrics ? await options.metrics() : null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const ttfb: number[] = [];
  const statusCodes: Record<string, number> = {};
  let badStatus = 0;
  let socketErrors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get(
        { host: url.hostname, port: url.port, path, agent, headers: { accept: 'text/html' } },
        (res) => {
          const ms = performance.now() - t0;
          const code = res.statusCode ?? 0;
          statusCodes[code] = (statusCodes[code] ?? 0) + 1;
          if (code < 400) ttfb.push(ms);
          else badStatus++;
          res.resume();
          res.on('end', () => resolve());
          res.on('error', () => resolve());
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        socketErrors++;
        resolve();
      });
    });
  const client = async () => {
    while (performance.now() < deadline) await one(paths[next++ % paths.length]);
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  const after = options.metrics ? await options.metrics() : null;
  return {
    ...summarize(ttfb, badStatus + socketErrors, seconds),
    badStatus,
    socketErrors,
    statusCodes,
    ...(before && after ? { cache: cacheDelta(before, after) } : {}),
  };
}

/** Resident memory of a process (VmRSS) in bytes, null once it has exited. */
export function rssOf(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return null;
  }
}

export interface MemoryTrace {
  /** One sample a second: seconds since start, RSS in MiB. */
  samples: [number, number][];
  startMiB: number;
  endMiB: number;
  maxMiB: number;
  /** RSS at the end of the first quarter (after the warm-up of the heap and the pool) and at the end. */
  afterWarmupMiB: number;
  /**
   * Lowest RSS of the second quarter and of the last quarter: under load the RSS is a saw (the heap grows
   * between collections, then drops), so a leak shows as rising troughs, not as a higher last sample.
   */
  troughEarlyMiB: number;
  troughLateMiB: number;
  /** Least-squares slope of the second half, MiB per minute (info: the saw makes it noisy). */
  slopeMiBPerMinute: number;
  /** flat: the late trough is within max(16 MiB, 5 %) of the early one. */
  verdict: 'flat' | 'grows';
}

/** Samples a process's RSS every second until stopped. */
export function traceMemory(pid: number): () => MemoryTrace {
  const samples: [number, number][] = [];
  const started = performance.now();
  const take = () => {
    const rss = rssOf(pid);
    if (rss !== null) samples.push([round((performance.now() - started) / 1000, 1), round(rss / 1024 ** 2, 1)]);
  };
  take();
  const timer = setInterval(take, 1000);
  return () => {
    clearInterval(timer);
    take();
    const values = samples.map((s) => s[1]);
    const afterWarmup = values[Math.floor(values.length / 4)] ?? values[0];
    const half = samples.slice(Math.floor(samples.length / 2));
    const mx = half.reduce((s, p) => s + p[0], 0) / Math.max(1, half.length);
    const my = half.reduce((s, p) => s + p[1], 0) / Math.max(1, half.length);
    const sxx = half.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
    const slope = sxx ? (half.reduce((s, p) => s + (p[0] - mx) * (p[1] - my), 0) / sxx) * 60 : 0;
    const end = values[values.length - 1];
    const quarter = (i: number) =>
      values.slice(Math.floor((values.length * i) / 4), Math.floor((values.length * (i + 1)) / 4));
    const troughEarly = Math.min(...(quarter(1).length ? quarter(1) : values));
    const troughLate = Math.min(...(quarter(3).length ? quarter(3) : values));
    return {
      samples,
      startMiB: values[0],
      endMiB: end,
      maxMiB: Math.max(...values),
      afterWarmupMiB: afterWarmup,
      troughEarlyMiB: troughEarly,
      troughLateMiB: troughLate,
      slopeMiBPerMinute: round(slope, 1),
      verdict: troughLate - troughEarly <= Math.max(16, troughEarly * 0.05) ? 'flat' : 'grows',
    };
  };
}
