import type { ChildProcess } from 'node:child_process';
import { startProcess, stopProcess } from '../http.js';
import { metricsReader, type LoadRun, type MetricsReader } from './http-load.js';

/** The real api the public bench loads: its address, its process id and its /metrics cache counters. */
export interface Api {
  base: string;
  pid: number;
  metrics: MetricsReader;
  stop(): Promise<void>;
}

/** Starts `api/dist/main.js` on the port and waits until /health/live answers (90 s at most). */
export async function startPublicApi(
  env: NodeJS.ProcessEnv,
  token: string,
  port: number,
  children: { add(child: ChildProcess): unknown; delete(child: ChildProcess): unknown },
): Promise<Api> {
  const child = startProcess('api/dist/main.js', { ...env, PORT: String(port) }, 'api');
  children.add(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The api exited (code ${child.exitCode}) before answering.`);
    const ok = await fetch(`${base}/health/live`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`The api did not answer on ${base} within 90 s.`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: child.pid!,
    metrics: metricsReader(base, token),
    stop: async () => {
      await stopProcess(child);
      children.delete(child);
    },
  };
}

/** One load run in a log line: latency, rate, errors and the cache's hit ratio. */
export const describeRun = (r: LoadRun) =>
  `p50 ${r.p50} p95 ${r.p95} p99 ${r.p99} ms, ${r.rps} req/s` +
  (r.errors ? `, ERRORS ${r.errors} (${JSON.stringify(r.statusCodes)}, socket ${r.socketErrors})` : '') +
  (r.cache?.ratio !== undefined && r.cache.ratio !== null ? `, hits ${Math.round(r.cache.ratio * 1000) / 10} %` : '');
