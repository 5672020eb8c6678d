import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import autocannon from 'autocannon';
import type { CpuPerRequest } from './cpu.js';
import { sequential } from './load.js';
import { summarize, type LatencySummary } from './stats.js';
import { toSearchParams, type BenchQuery, type Workload } from './workload.js';
import { byType, type TypeFigures } from './engine-bench.js';

export interface ApiProcess {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** The bench's admin password: the api refuses to start in production while the admin has the demo one. */
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

/**
 * Starts `node <script>` (api or worker) with the bench's own database, Redis prefix and port. Before the api,
 * a database kept from a run before this rule gets the bench's admin password (a new one gets it at start).
 */
export function startProcess(script: string, env: NodeJS.ProcessEnv, name: string): ChildProcess {
  mkdirSync('bench/tmp/var', { recursive: true });
  const processEnv = {
    ...process.env,
    LOG_LEVEL: 'silent',
    DATA_DIR: 'bench/tmp/var',
    NODE_ENV: 'production',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    BENCH_CACHE_MISS: 'true',
    ...env,
  };
  if (script === 'api/dist/main.js') {
    // Fails harmlessly on a database without an admin yet (the api creates it with ADMIN_PASSWORD).
    spawnSync(process.execPath, ['api/dist/auth/admin-password-cli.js'], {
      env: { ...processEnv, ADMIN_NEW_PASSWORD: BENCH_ADMIN_PASSWORD },
      stdio: 'ignore',
    });
  }
  const child = spawn(process.execPath, [script], {
    env: processEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGKILL')
      process.stderr.write(`${name} (pid ${child.pid}) exited with ${code ?? signal}; its last output:\n${tail}\n`);
  });
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function startApi(env: NodeJS.ProcessEnv, port: number): Promise<ApiProcess> {
  const child = startProcess('api/dist/main.js', { ...env, PORT: String(port) }, 'api');
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The api exited (code ${child.exitCode}) before answering.`);
    try {
      const res = await fetch(`${base}/api/countries`);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw new Error(`The api did not answer on ${base} within 90 s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, pid: child.pid!, stop: () => stopProcess(child) };
}

/** Asks the bench's api (started with BENCH_CACHE_MISS) to answer a public read as a cache miss. */
export const MISS_HEADER = { 'x-bench-cache-miss': '1' };

export type HttpRun = LatencySummary & { non2xx: number; statusCodes: Record<string, number> };

/**
 * Closed-loop HTTP load with autocannon; every response time is kept so p95 is exact. The api caches
 * public answers in Redis (search: 60 s); `bust` sends MISS_HEADER on every request, which the bench's api
 * (BENCH_CACHE_MISS) answers as a cache miss: each request reaches the engine.
 */
export async function cannon(
  base: string,
  paths: readonly string[],
  connections: number,
  durationSeconds: number,
  bust = false,
): Promise<HttpRun> {
  let next = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: durationSeconds,
    timeout: 30,
    ...(bust ? { headers: MISS_HEADER } : {}),
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  const result = await instance;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  return {
    ...summarize(latencies, result.errors + result.timeouts + result.non2xx, result.duration),
    non2xx: result.non2xx,
    statusCodes,
  };
}

/** First numeric field named like a total (total, totalCount, totalHits …), at the top or one level down. */
function totalOf(body: unknown): number | null {
  if (!body || typeof body !== 'object') return null;
  const scan = (o: Record<string, unknown>) => {
    for (const key of ['total', 'totalCount', 'totalHits', 'estimatedTotalHits', 'totalBusinesses']) {
      if (typeof o[key] === 'number') return o[key] as number;
    }
    return null;
  };
  const top = scan(body as Record<string, unknown>);
  if (top !== null) return top;
  for (const value of Object.values(body as Record<string, unknown>)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = scan(value as Record<string, unknown>);
      if (inner !== null) return inner;
    }
  }
  return null;
}

export interface HttpFigures {
  status: 'measured' | 'skipped';
  reason?: string;
  base?: string;
  search?: {
    responseKeys: string[];
    /** Queries whose HTTP total equals the engine's (the api passes every parameter through). */
    agreement: { compared: number; equal: number; unknownShape: boolean; examples: string[] };
    perType: TypeFigures[];
    /** Every request a cache miss (MISS_HEADER): the engine's capacity through the whole stack. */
    concurrency: Record<string, HttpRun>;
    /** CPU time such a request cost (Node: the api process); none before 2026-11-25. */
    cpu?: Record<string, CpuPerRequest>;
    /** The mix repeated as is: repeats within 60 s come from the api's Redis cache. */
    cached: Record<string, HttpRun>;
  };
  suggest?: {
    status: 'measured' | 'skipped';
    reason?: string;
    concurrency?: Record<string, HttpRun>;
    cached?: Record<string, HttpRun>;
  };
  /** GET /api/businesses/{slug} (cache misses): a primary-key read through the same HTTP stack. */
  reference?: Record<string, HttpRun>;
}

export async function benchHttp(
  base: string,
  engineTotals: Map<BenchQuery, number>,
  workload: Workload,
  levels: number[],
  durationSeconds: number,
  log: (line: string) => void,
  countCpu: () => Promise<(requests: number) => Promise<CpuPerRequest>>,
): Promise<HttpFigures> {
  const probe = await fetch(`${base}/api/search?q=a`);
  if (probe.status === 404) {
    const reason = `GET /api/search answered 404: the route is not wired yet; HTTP figures skipped`;
    log(`  ${reason}`);
    return { status: 'skipped', reason, base };
  }
  const figures: HttpFigures = { status: 'measured', base };
  const probeBody: unknown = await probe.json().catch(() => null);
  const responseKeys = probeBody && typeof probeBody === 'object' ? Object.keys(probeBody) : [];
  const paths = workload.queries.map((q) => `/api/search?${toSearchParams(q.query)}`);

  // One at a time: per-type latency, and whether the api's totals equal the engine's for the same query.
  const items = workload.queries.map((q, i) => ({ type: q.type, query: q, path: paths[i] }));
  let compared = 0;
  let equal = 0;
  let unknownShape = false;
  const examples: string[] = [];
  await cannon(base, paths, 4, 2, true); // warm-up
  const pass = await sequential(items, async (item) => {
    const res = await fetch(`${base}${item.path}`, { headers: MISS_HEADER });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const total = totalOf(body);
    if (total === null) unknownShape = true;
    else {
      compared++;
      if (total === engineTotals.get(item.query)) equal++;
      else if (examples.length < 5)
        examples.push(`${item.path} → api ${total}, engine ${engineTotals.get(item.query)}`);
    }
  });
  const perType = byType(pass.samples);
  for (const f of perType) log(`  http ${f.type.padEnd(17)} p50 ${f.p50} ms  p95 ${f.p95} ms  errors ${f.errors}`);
  log(
    `  api total = engine total on ${equal}/${compared} queries${unknownShape ? ' (some answers had no total)' : ''}`,
  );

  const concurrency: Record<string, HttpRun> = {};
  const cpu: Record<string, CpuPerRequest> = {};
  const cached: Record<string, HttpRun> = {};
  const reference: Record<string, HttpRun> = {};
  const slugPaths = workload.slugs.map((s) => `/api/businesses/${encodeURIComponent(s)}`);
  for (const c of levels) {
    const half = Math.max(2, Math.round(durationSeconds / 2));
    const cpuCount = await countCpu();
    concurrency[c] = await cannon(base, paths, c, durationSeconds, true);
    cpu[c] = await cpuCount(concurrency[c].count + concurrency[c].errors);
    cached[c] = await cannon(base, paths, c, half);
    reference[c] = await cannon(base, slugPaths, c, half, true);
    const r = concurrency[c];
    log(
      `  http search ×${c}: p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, ${r.rps} req/s, non-2xx ${r.non2xx}, ` +
        `CPU a request: api ${cpu[c].node} ms, PostgreSQL ${cpu[c].postgres ?? '–'} ms | ` +
        `cached: p95 ${cached[c].p95} ms, ${cached[c].rps} req/s | ` +
        `detail page: p95 ${reference[c].p95} ms, ${reference[c].rps} req/s`,
    );
  }
  figures.search = {
    responseKeys,
    agreement: { compared, equal, unknownShape, examples },
    perType,
    concurrency,
    cpu,
    cached,
  };
  figures.reference = reference;

  const suggestProbe = await fetch(`${base}/api/search/suggest?q=a`);
  if (suggestProbe.status === 404) {
    const reason = 'GET /api/search/suggest answered 404: the route is not wired yet; HTTP suggest figures skipped';
    log(`  ${reason}`);
    figures.suggest = { status: 'skipped', reason };
  } else {
    const suggestPaths = workload.prefixes.map((p) => `/api/search/suggest?q=${encodeURIComponent(p)}`);
    const sc: Record<string, HttpRun> = {};
    const scCached: Record<string, HttpRun> = {};
    await cannon(base, suggestPaths, 4, 2, true);
    for (const c of levels) {
      const half = Math.max(2, Math.round(durationSeconds / 2));
      sc[c] = await cannon(base, suggestPaths, c, half, true);
      scCached[c] = await cannon(base, suggestPaths, c, half);
      log(
        `  http suggest ×${c}: p50 ${sc[c].p50} p95 ${sc[c].p95} p99 ${sc[c].p99} ms, ${sc[c].rps} req/s | ` +
          `cached: p95 ${scCached[c].p95} ms, ${scCached[c].rps} req/s`,
      );
    }
    figures.suggest = { status: 'measured', concurrency: sc, cached: scCached };
  }
  return figures;
}
