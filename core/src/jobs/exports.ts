/** The export queue's jobs: the admin's CSV exports (admin spec §7) and the removal of expired files. */
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Queue } from 'bullmq';
import type { ExportRequest } from '../export/request.js';

export const EXPORT_JOBS = {
  /** Writes one CSV file; data: ExportJobData. */
  export: 'export',
  /** Removes export files older than EXPORT_RETENTION_HOURS (repeatable). */
  cleanup: 'cleanup',
} as const;

export interface ExportProgress {
  rowsDone: number;
  /** Known once the rows are counted (phase writing and done). */
  rowsTotal?: number;
  phase: 'counting' | 'writing' | 'done';
}

/** An export running longer than this is stopped (its partial file removed) and not retried. */
export const EXPORT_TIMEOUT_MS = 30 * 60 * 1000;

/** What an export job carries: the request, and (for operators and tests) a timeout other than the default. */
export type ExportJobData = ExportRequest & { timeoutMs?: number };

/** Redis key (under REDIS_PREFIX) that asks the worker to stop a running export. */
export const exportCancelKey = (redisPrefix: string, jobId: string) => `${redisPrefix}:export-cancel:${jobId}`;

/** What an export job returns. */
export interface ExportJobResult {
  /** The name the download is offered under (admin spec §7 pattern). */
  fileName: string;
  rows: number;
  bytes: number;
  durationMs: number;
  /** When the cleanup job may remove the file. */
  expiresAt: string;
}

/** Queues one export; the job and its file are kept for `retentionHours` (EXPORT_RETENTION_HOURS). */
export function enqueueExport(queue: Queue, request: ExportRequest, retentionHours: number) {
  const keepSeconds = Math.ceil(retentionHours * 3600);
  return queue.add(EXPORT_JOBS.export, request, {
    attempts: 2,
    backoff: { type: 'fixed', delay: 2000 },
    removeOnComplete: { age: keepSeconds },
    removeOnFail: { age: keepSeconds },
  });
}

/** DATA_DIR/exports, absolute (the api and the worker both start from the repository root). */
export function exportsDir(dataDir: string): string {
  return resolve(dataDir, 'exports');
}

/** The file of one export job. Job ids are BullMQ's (digits) or ours (letters, digits, dashes). */
export function exportFilePath(dataDir: string, jobId: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(jobId)) throw new Error(`"${jobId}" is not an export job id.`);
  return join(exportsDir(dataDir), `${jobId}.csv`);
}

/**
 * Removes export files (finished or left half-written by a crash) last written more than `maxAgeMs` ago.
 * Returns the names removed.
 */
export async function removeExpiredExports(dir: string, maxAgeMs: number, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!/\.csv(\.partial)?$/.test(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) {
      await rm(path, { force: true });
      removed.push(name);
    }
  }
  return removed;
}
