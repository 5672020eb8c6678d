/** What the jobs centre says about a job, in Turkish: its kind, state, progress and how it ended. */
import { type AdminJob, progressFigures } from '@directory/core/wire/jobs.js';
import { formatBytes, formatDateTime, formatDuration, formatNumber } from '../format.js';
import { TR } from '../messages.js';

export const kindOf = (job: Pick<AdminJob, 'queue' | 'name'>) =>
  TR.kinds[`${job.queue}:${job.name}`] ?? `${job.queue}/${job.name}`;

/** A failure the admin asked for (a cancel) is not an error: it is named as what it was. */
export function wasCancelled(job: Pick<AdminJob, 'state' | 'failedReason'>): boolean {
  return job.state === 'failed' && /cancelled by an administrator/i.test(job.failedReason ?? '');
}

export function stateOf(job: Pick<AdminJob, 'state' | 'failedReason'>): string {
  if (wasCancelled(job)) return TR.states.cancelled;
  return TR.states[job.state] ?? job.state;
}

export const isRunning = (job: Pick<AdminJob, 'state'>) => job.state === 'active';
export const isFinished = (job: Pick<AdminJob, 'state'>) => job.state === 'completed' || job.state === 'failed';

/** The worker's reasons (English, from the api) said in Turkish where they are known; others shown as given. */
export function failureSentence(queue: string, reason: string | null): string {
  const text = reason ?? '';
  if (/cancelled by an administrator/i.test(text))
    return queue === 'export'
      ? TR.outcome.cancelledExport
      : queue === 'slugs'
        ? TR.outcome.cancelledSlugs
        : TR.outcome.cancelledImport;
  if (/^The worker stopped/i.test(text)) return TR.outcome.workerStopped;
  if (/took longer than .* and was stopped/i.test(text)) return TR.outcome.timedOut;
  return TR.outcome.failed(text || TR.states.failed);
}

const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** A cancelled delete: how many of how many went (committed batches stay deleted) and how many are kept. */
export const cancelledDeleteSentence = (deleted: number, total: number) =>
  TR.outcome.cancelledDelete(formatNumber(deleted), formatNumber(total), formatNumber(total - deleted));

/** The answer of a delete call (DELETE …, POST …/reject): done, still running (202), or cancelled. */
export interface DeleteCallAnswer {
  deletedCount?: number;
  message?: string;
  jobId?: string;
  cancelled?: boolean;
  totalCount?: number;
}

/** How a finished job ended, in a sentence; null while it has not. */
export function outcomeSentence(job: AdminJob): string | null {
  // A cancelled delete kept what its committed batches deleted: its last progress counts them exactly.
  if (wasCancelled(job) && job.queue === 'maintenance' && job.name === 'delete-businesses' && job.progress)
    return cancelledDeleteSentence(num(job.progress.rowsDone), num(job.progress.rowsTotal));
  if (wasCancelled(job) && job.queue === 'maintenance' && job.name === 'approve-businesses' && job.progress) {
    const [done, total] = [num(job.progress.rowsDone), num(job.progress.rowsTotal)];
    return TR.outcome.cancelledApproval(
      formatNumber(done),
      formatNumber(total),
      formatNumber(total - done),
      job.progress.isApproved !== false,
    );
  }
  if (job.state === 'failed') return failureSentence(job.queue, job.failedReason);
  if (job.state !== 'completed') return null;
  const r = (job.result ?? {}) as Record<string, unknown>;
  switch (`${job.queue}:${job.name}`) {
    case 'import:import':
      return TR.outcome.imported({
        totalRows: num(r.totalRows),
        insertedCount: num(r.insertedCount),
        updatedCount: num(r.updatedCount),
        skippedCount: num(r.skippedCount),
        errorCount: num(r.errorCount),
        waitingForApprovalCount: num(r.waitingForApprovalCount),
      });
    case 'export:export':
      return TR.outcome.exported(
        num(r.rows),
        formatBytes(num(r.bytes)),
        typeof r.expiresAt === 'string' ? formatDateTime(r.expiresAt) : '—',
      );
    case 'slugs:fix-slugs':
      return TR.outcome.slugsFixed(num(r.successCount), num(r.totalProcessed));
    case 'maintenance:delete-businesses':
      return TR.outcome.deleted(num(r.deletedCount));
    case 'maintenance:approve-businesses':
      return TR.outcome.approved(formatNumber(num(r.selected)), formatNumber(num(r.changed)), r.isApproved === true);
    case 'maintenance:contact-retention':
      return TR.outcome.contactRetention(num(r.deletedCount), num(r.months));
    case 'maintenance:apply-category-merges':
      return TR.outcome.categoriesMerged(num(r.categorySpellingsMerged), num(r.businessesUpdated));
    default:
      return TR.outcome.done;
  }
}

/** A finished import's problem rows (CSV), when it had any: where to download them and how many. */
export function problemsLink(job: AdminJob): { url: string; count: number } | null {
  if (job.queue !== 'import' || job.state !== 'completed') return null;
  const r = (job.result ?? {}) as { problemsUrl?: unknown; problemCount?: unknown };
  if (typeof r.problemsUrl !== 'string' || typeof r.problemCount !== 'number' || r.problemCount === 0) return null;
  return { url: r.problemsUrl, count: r.problemCount };
}

/** An export's file can be downloaded until the cleanup removes it. */
export function downloadUrl(job: AdminJob, now = Date.now()): string | null {
  if (job.queue !== 'export' || job.state !== 'completed') return null;
  const expires = (job.result as { expiresAt?: unknown } | null)?.expiresAt;
  if (typeof expires === 'string' && Date.parse(expires) <= now) return null;
  return `/api/admin/exports/${encodeURIComponent(job.id)}/download`;
}

export interface ProgressLine {
  /** 0–100 for a determinate bar; null for an indeterminate one. */
  percent: number | null;
  text: string;
}

/** The bar and the line under it: phase, percentage, rows, bytes, rate and time left, as far as known. */
export function progressLine(job: AdminJob, now = Date.now()): ProgressLine {
  const p = job.progress;
  const started = job.startedAt ? Date.parse(job.startedAt) : null;
  const figures = progressFigures(p, started, now);
  const parts: string[] = [TR.phases[p?.phase ?? 'queued'] ?? p?.phase ?? ''];
  if (figures.percent !== null) parts.push(`%${figures.percent}`);
  if (p?.rowsDone !== undefined && (p.rowsDone > 0 || p.rowsTotal))
    parts.push(
      TR.progress.rows(formatNumber(p.rowsDone), p.rowsTotal !== undefined ? formatNumber(p.rowsTotal) : undefined),
    );
  if (p?.bytesTotal) parts.push(TR.progress.bytes(formatBytes(p.bytesRead ?? 0), formatBytes(p.bytesTotal)));
  if (figures.rowsPerSecond) parts.push(TR.progress.rate(formatNumber(figures.rowsPerSecond)));
  if (figures.secondsLeft && figures.percent !== 100) parts.push(TR.progress.eta(formatDuration(figures.secondsLeft)));
  return { percent: figures.percent, text: parts.filter(Boolean).join(' · ') };
}
