import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

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
