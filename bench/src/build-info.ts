import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BuildInfo {
  /** `git rev-parse --short HEAD` (read only). */
  commit: string | null;
  /** Files under core/ search/ api/ worker/ that differ from that commit when the run started. */
  uncommittedFiles: number | null;
  /** Content hash of each built workspace the bench loads or starts. */
  builds: Record<string, string>;
}

export const WORKSPACES = ['core', 'search', 'api', 'worker'] as const;

function hashDir(hash: ReturnType<typeof createHash>, dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashDir(hash, path);
    else if (entry.name.endsWith('.js')) hash.update(path).update(readFileSync(path));
  }
}

/** Content hash of every workspace's dist/*.js (a rebuild of the same code hashes the same). */
export function buildHashes(): Record<string, string> {
  return Object.fromEntries(
    WORKSPACES.map((w) => {
      const hash = createHash('sha1');
      hashDir(hash, `${w}/dist`);
      return [w, hash.digest('hex').slice(0, 12)];
    }),
  );
}

/** Workspaces whose built code differs from `before`: the run's figures then mix two versions. */
export function changedBuilds(before: Record<string, string>): string[] {
  const now = buildHashes();
  return WORKSPACES.filter((w) => now[w] !== before[w]);
}

export function buildInfo(): BuildInfo {
  const git = (args: string[]) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return null;
    }
  };
  const status = git(['status', '--porcelain', '--', 'core', 'search', 'api', 'worker']);
  return {
    commit: git(['rev-parse', '--short', 'HEAD']),
    uncommittedFiles: status === null ? null : status.split('\n').filter(Boolean).length,
    builds: buildHashes(),
  };
}
