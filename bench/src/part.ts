/**
 * What every part of the bench (search, public reads, job pipeline) does alike around its measurements: where
 * results go, the server it measures, its log, the processes it started, and how a run ends.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { changedBuilds, type BuildInfo } from './build-info.js';
import type { MachineInfo } from './machine.js';
import { logTargets, type TargetRow } from './markdown.js';

export const RESULTS = 'bench/results';
/** The PostgreSQL server measured: bench/run.sh's own (BENCH_DATABASE_URL) unless one is named. */
export const BENCH_BASE_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const log = (line: string) => console.log(line);
export const step = (title: string) => console.log(`\n== ${title}`);

/** `--scales A,B,…` or `--businesses N`, and the comma-list reader the other list options use. */
export function scaleOptions(
  values: { scales?: string; businesses?: string },
  whole: (name: string, text: string) => number,
) {
  const list = (name: string, text: string) => text.split(',').map((part) => whole(name, part.trim()));
  const scales = values.scales ? list('scales', values.scales) : [whole('businesses', values.businesses ?? '10000')];
  return { list, scales };
}

/** The product's own port is never the one a bench starts an api on. */
export function refuseProductPort(port: number, defaultPort: number): void {
  if (port !== 3000) return;
  console.error(`--port 3000 is the product’s own port; pick another (default ${defaultPort}).`);
  process.exit(2);
}

/** The processes a part started, stopped at its end and on SIGINT or SIGTERM. */
export function childProcesses(stop: (child: ChildProcess) => Promise<unknown>) {
  const children = new Set<ChildProcess>();
  const stopAll = async () => {
    await Promise.all([...children].map((child) => stop(child)));
    children.clear();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the processes the bench started…`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  return {
    add: (child: ChildProcess) => children.add(child),
    delete: (child: ChildProcess) => children.delete(child),
    stopAll,
  };
}

/** The build a run measured, with the workspaces rebuilt while it ran (its figures may then mix two versions). */
export function buildAfterRun(build: BuildInfo): BuildInfo & { changedDuringRun: string[] } {
  const changedDuringRun = changedBuilds(build.builds);
  if (changedDuringRun.length)
    log(
      `\nWARNING: ${changedDuringRun.join(', ')} was rebuilt with other code during this run: the api and ` +
        'worker it started may run other code than the figures measured in process. Run it again.',
    );
  return { ...build, changedDuringRun };
}

/**
 * Ends a run: the load average at its end, the targets, the wall time; writes the result file and logs the
 * verdicts.
 */
export function recordResult<R extends { machine: MachineInfo; targets: TargetRow[]; wallSeconds: number }>(
  partial: Omit<R, 'targets' | 'wallSeconds'>,
  targets: (partial: Omit<R, 'targets' | 'wallSeconds'>) => TargetRow[],
  wallStart: number,
  write: (dir: string, result: R) => string,
): R {
  partial.machine.loadAverage.end = Math.round(os.loadavg()[0] * 100) / 100;
  const result = {
    ...partial,
    targets: targets(partial),
    wallSeconds: Math.round((performance.now() - wallStart) / 1000),
  } as R;
  const path = write(RESULTS, result);
  step(`results (${path})`);
  logTargets(result.targets, log);
  return result;
}

/** Runs a part's measurements (unless --report-only), then rewrites its Markdown; a failure sets the exit code. */
export async function runPart(
  what: string,
  run: () => Promise<unknown>,
  report: () => void,
  cleanup: () => Promise<unknown>,
) {
  try {
    await run();
    report();
  } catch (error) {
    console.error(`\nThe ${what} stopped: ${(error as Error).stack ?? error}`);
    process.exitCode = 1;
  } finally {
    await cleanup();
  }
}
