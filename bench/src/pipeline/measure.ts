import { type ChildProcess, execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';
import { createDatabaseIfMissing, dropDatabase, IMPORT_WRITE_COLUMNS, migrateDatabase } from '@directory/core';
import { databaseUrl, withClient } from '../database.js';

/* Small pieces of the pipeline bench: databases of its own, PostgreSQL's COPY references, process memory. */

/** The columns an import writes (core/src/import/business-writer.ts), in a fixed order for the references. */
export const IMPORT_COLUMNS = IMPORT_WRITE_COLUMNS.join(', ');

/** A database of the bench's own, dropped and created again migrated (the same empty schema for every run). */
export async function freshDatabase(baseUrl: string, name: string): Promise<string> {
  const url = databaseUrl(baseUrl, name);
  await dropDatabase(url).catch(() => undefined);
  await createDatabaseIfMissing(url);
  await migrateDatabase(url);
  return url;
}

/** Writes the imported businesses' columns to `file` in COPY's text format (what the reference loads). */
export async function dumpImportedRows(url: string, file: string): Promise<number> {
  return withClient(url, async (client) => {
    await pipeline(
      client.query(copyStreams.to(`copy (select ${IMPORT_COLUMNS} from businesses order by id) to stdout`)),
      createWriteStream(file),
    );
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from businesses');
    return rows[0].n;
  });
}

/** PostgreSQL's own COPY FROM of `file` into businesses of a fresh database: milliseconds. */
export async function copyFromReference(url: string, file: string): Promise<number> {
  return withClient(url, async (client) => {
    const started = performance.now();
    await pipeline(
      createReadStream(file, { highWaterMark: 256 * 1024 }),
      client.query(copyStreams.from(`copy businesses (${IMPORT_COLUMNS}) from stdin`)),
    );
    return performance.now() - started;
  });
}

/** COPY (sql) TO STDOUT in CSV format into `file`: milliseconds and bytes. */
export async function copyToReference(url: string, sql: string, file: string): Promise<{ ms: number; bytes: number }> {
  return withClient(url, async (client) => {
    const started = performance.now();
    const out = createWriteStream(file);
    await pipeline(client.query(copyStreams.to(`copy (${sql}) to stdout with (format csv)`)), out);
    return { ms: performance.now() - started, bytes: out.bytesWritten };
  });
}

/** Resident memory of a process in bytes (VmRSS), and its peak so far (VmHWM); null once it has exited. */
export function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Samples a process's resident memory every 100 ms until stopped; answers the highest seen and VmHWM. */
export function sampleMemory(child: ChildProcess): () => { peakRss: number; samples: number } {
  let peak = 0;
  let samples = 0;
  const take = () => {
    const memory = memoryOf(child.pid!);
    if (!memory) return;
    samples++;
    peak = Math.max(peak, memory.rss, memory.peak);
  };
  take();
  const timer = setInterval(take, 100);
  return () => {
    take();
    clearInterval(timer);
    return { peakRss: peak, samples };
  };
}

/** Removes every Redis key of the bench's prefix (queues of an earlier run must not be picked up). */
export function clearRedisPrefix(prefix: string, log: (line: string) => void): void {
  try {
    const keys = execFileSync('redis-cli', ['--scan', '--pattern', `${prefix}:*`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    for (let i = 0; i < keys.length; i += 500) execFileSync('redis-cli', ['del', ...keys.slice(i, i + 500)]);
  } catch (error) {
    log(`  (could not clear Redis keys ${prefix}:*: ${(error as Error).message})`);
  }
}

export async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}
