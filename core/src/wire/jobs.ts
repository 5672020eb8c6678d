/**
 * The admin's jobs centre (issue 34): which jobs an administrator sees, the list call's answer, and how far a
 * job is (percentage, rate, time left) computed once for the api's tests and the screens. Browser-safe.
 */

/**
 * The kinds of job an administrator starts or waits on, by queue and job name (core/src/jobs). The others
 * (aggregate refreshes, search syncs, export cleanup) are housekeeping: Bull Board shows them.
 */
export const ADMIN_JOB_KINDS = {
  import: ['import'],
  export: ['export'],
  slugs: ['fix-slugs'],
  sitemaps: ['generate'],
  maintenance: ['delete-businesses', 'approve-businesses', 'contact-retention'],
  search: ['reindex'],
} as const satisfies Record<string, readonly string[]>;
export type AdminJobQueue = keyof typeof ADMIN_JOB_KINDS;

/** Whether a job of this queue and name is one the jobs centre lists. */
export function isAdminJob(queue: string, name: string): boolean {
  const names = (ADMIN_JOB_KINDS as Record<string, readonly string[]>)[queue];
  return names !== undefined && names.includes(name);
}

/** Job ids that only housekeeping jobs carry (so a socket event without a name can be told apart). */
export function isHousekeepingJobId(queue: string, jobId: string): boolean {
  return (
    (queue === 'maintenance' && jobId.startsWith('refresh-aggregates-')) ||
    (queue === 'search' && jobId.startsWith('sync-')) ||
    (queue === 'export' && jobId.startsWith('repeat:'))
  );
}

/** What every job reports through `job.updateProgress` (each queue's own progress type is a case of it). */
export interface AnyJobProgress {
  phase?: string;
  rowsDone?: number;
  rowsTotal?: number;
  /** Imports: bytes of the file read so far and its total. */
  bytesRead?: number;
  bytesTotal?: number;
  /** When the worker sent it (epoch ms). */
  at?: number;
  /** Bulk approvals: whether they approve (true) or hide (false). */
  isApproved?: boolean;
}

/** One job in the jobs centre. */
export interface AdminJob {
  id: string;
  queue: AdminJobQueue;
  name: string;
  /** BullMQ's state: active, waiting, delayed, prioritized, waiting-children, completed, failed. */
  state: string;
  progress: AnyJobProgress | null;
  attemptsMade: number;
  attempts: number;
  failedReason: string | null;
  fileName: string | null;
  /** Who started it (the audit entry of the call that queued it); null for the system's own runs. */
  startedBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The job's return value, for the sentence saying how it ended. */
  result: unknown;
  /** An export's selection (its job data), for the export history; absent for other kinds. */
  exportFilters?: ExportFilters;
  /** What the admin may do with it now. */
  canCancel: boolean;
  canRetry: boolean;
}

export interface ExportFilters {
  fields: string[];
  countryCode: string | null;
  categories: string[];
  dateRange: string;
  startDate: string | null;
  endDate: string | null;
}

/** `GET /api/admin/jobs`: the recent jobs, how many run now, and whether a worker is alive to run them. */
export interface AdminJobsAnswer {
  jobs: AdminJob[];
  running: number;
  workers: { alive: number; lastBeatAt: string | null };
  checkedAt: string;
}

/** States a cancel applies to: a waiting job is removed, a running import or export is stopped. */
export const CANCELLABLE_WAITING_STATES = ['waiting', 'delayed', 'prioritized', 'paused', 'waiting-children'];
/** Running jobs the worker can stop part-way (a Redis flag it watches). */
export const CANCELLABLE_RUNNING_QUEUES: readonly string[] = ['import', 'export', 'slugs'];
/** Running jobs of other queues the worker can stop between batches, as queue:name. */
export const CANCELLABLE_RUNNING_JOBS: readonly string[] = [
  'maintenance:delete-businesses',
  'maintenance:approve-businesses',
];

export function canCancel(queue: string, state: string, name?: string): boolean {
  if (CANCELLABLE_WAITING_STATES.includes(state)) return true;
  return (
    state === 'active' &&
    (CANCELLABLE_RUNNING_QUEUES.includes(queue) || CANCELLABLE_RUNNING_JOBS.includes(`${queue}:${name}`))
  );
}

export interface ProgressFigures {
  /** 0–100, whole; null when the job does not know its total yet. */
  percent: number | null;
  /** Rows per second since the job started; null before any row. */
  rowsPerSecond: number | null;
  /** Seconds left at the rate so far; null when unknown. */
  secondsLeft: number | null;
}

/**
 * How far a job is. Bytes read of the file's total decide first (an import knows them from its first
 * batch); else rows of a known total. A job still working shows at most 99 %, so 100 % means it ended.
 */
export function progressFigures(
  progress: AnyJobProgress | null | undefined,
  startedAtMs: number | null,
  now = Date.now(),
): ProgressFigures {
  if (!progress) return { percent: null, rowsPerSecond: null, secondsLeft: null };
  let fraction: number | null = null;
  if (progress.bytesTotal && progress.bytesTotal > 0 && progress.bytesRead !== undefined)
    fraction = progress.bytesRead / progress.bytesTotal;
  else if (progress.rowsTotal && progress.rowsTotal > 0) fraction = (progress.rowsDone ?? 0) / progress.rowsTotal;
  if (fraction !== null) fraction = Math.min(1, Math.max(0, fraction));
  const done = progress.phase === 'done';
  const percent = done ? 100 : fraction === null ? null : Math.min(99, Math.floor(fraction * 100));
  const elapsedSeconds = startedAtMs ? Math.max(0, ((progress.at ?? now) - startedAtMs) / 1000) : 0;
  const rowsPerSecond =
    elapsedSeconds > 0 && (progress.rowsDone ?? 0) > 0 ? Math.round((progress.rowsDone ?? 0) / elapsedSeconds) : null;
  const secondsLeft = done
    ? 0
    : fraction && fraction > 0 && elapsedSeconds > 0
      ? Math.round((elapsedSeconds * (1 - fraction)) / fraction)
      : null;
  return { percent, rowsPerSecond, secondsLeft };
}
