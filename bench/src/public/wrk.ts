/**
 * wrk (Debian's `wrk`, C, one thread per core, event loop in epoll) as a second load generator: at the rates a
 * cache in front of the api reaches, autocannon in the bench's single Node process becomes the bottleneck and
 * its own event-loop queueing shows up as latency. Same closed loop as load() (http-load.ts): each connection
 * sends its next request when the previous one answered, walking the same path list; latencies from wrk's
 * histogram (microseconds), p95 included, through a Lua `done()`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { round } from '../stats.js';
import type { LoadRun } from './http-load.js';

export const WRK_BIN = process.env.WRK_PATH ?? '/usr/bin/wrk';
export const WRK_MISSING = `wrk is not installed (${WRK_BIN}): apt-get install -y wrk (Debian), or pass --no-nginx.`;

const SCRIPT = `
local threads = 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
function init(args)
  paths = {}
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
  counter = (id or 0) * math.floor(#paths / 2)
end
function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,' ..
    '"timeout":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f,"max":%.3f,"mean":%.3f}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000, latency.mean / 1000))
end
`;

interface WrkSummary {
  requests: number;
  durationUs: number;
  bytes: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** `connections` closed-loop clients for `seconds` on `paths` (wrapping around), with at most 2 wrk threads. */
export async function wrkLoad(
  base: string,
  paths: readonly string[],
  connections: number,
  seconds: number,
): Promise<LoadRun> {
  if (!existsSync(WRK_BIN)) throw new Error(WRK_MISSING);
  const dir = mkdtempSync(join(os.tmpdir(), 'directory-wrk-'));
  try {
    const script = join(dir, 'paths.lua');
    const list = join(dir, 'paths.txt');
    writeFileSync(script, SCRIPT);
    writeFileSync(list, `${paths.join('\n')}\n`);
    const threads = Math.max(1, Math.min(2, os.cpus().length, connections));
    const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '30s'];
    const stdout = await new Promise<string>((done, reject) =>
      execFile(WRK_BIN, [...args, '-s', script, base, '--', list], { maxBuffer: 1 << 20 }, (error, out, err) =>
        error ? reject(new Error(`wrk failed: ${error.message} ${err}`)) : done(out),
      ),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('WRK_RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const s = JSON.parse(line.slice('WRK_RESULT '.length)) as WrkSummary;
    const secs = s.durationUs / 1e6;
    const socketErrors = s.connect + s.read + s.write + s.timeout;
    return {
      count: s.requests - s.status,
      errors: s.status + socketErrors,
      p50: round(s.p50),
      p95: round(s.p95),
      p99: round(s.p99),
      max: round(s.max),
      mean: round(s.mean),
      rps: round((s.requests - s.status) / secs, 1),
      seconds: round(secs, 2),
      badStatus: s.status,
      socketErrors,
      statusCodes: {},
      bytesPerResponse: Math.round(s.bytes / Math.max(1, s.requests)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
