import { useEffect, useState } from 'react';
import type { AdminJob } from '@directory/core/wire/jobs.js';
import { adminRequest, messageOf } from '../api.js';
import { formatDateTime, formatNumber } from '../format.js';
import { TR } from '../messages.js';
import { PageHead } from '../parts.js';
import { useToast } from '../toast.js';
import { QUEUE_DASHBOARD_URL } from '../AdminLayout.js';
import {
  downloadUrl,
  isRunning,
  problemsLink,
  kindOf,
  outcomeSentence,
  progressLine,
  stateOf,
  wasCancelled,
} from './job-text.js';
import { useJobs } from './JobsProvider.js';
import { WorkerHealth } from './JobsStatus.js';
import { ExportHistory } from './ExportHistory.js';

/** `/admin/jobs` (issue 34): every running, queued and recent job, live, with cancel and retry. */
export function JobsPage() {
  const { answer, error, live, refresh } = useJobs();
  // The time left and the rate are counted from now: the line refreshes each second while jobs run.
  const [now, setNow] = useState(Date.now());
  const running = answer?.running ?? 0;
  useEffect(() => {
    if (running === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return (
    <section className="admin-page" aria-labelledby="jobs-title">
      <PageHead id="jobs-title" title={TR.jobs.title} intro={TR.jobs.intro}>
        <NotificationsButton />
        <a className="button-link" href={QUEUE_DASHBOARD_URL} target="_blank" rel="noopener">
          {TR.jobs.queueBoard}
        </a>
      </PageHead>
      <div className="admin-card">
        <WorkerHealth detailed />
        {!live && answer && <p className="muted small">{TR.jobs.liveOff}</p>}
        {error && !answer ? (
          <p role="alert">
            {TR.jobs.loadFailed}: {messageOf(error)}
          </p>
        ) : !answer ? (
          <p className="muted">{TR.jobs.loading}</p>
        ) : answer.jobs.length === 0 ? (
          <p className="muted">{TR.jobs.empty}</p>
        ) : (
          <ul className="jobs-list" aria-label={TR.jobs.title}>
            {answer.jobs.map((job) => (
              <JobItem key={`${job.queue}:${job.id}`} job={job} now={now} onChanged={refresh} />
            ))}
          </ul>
        )}
      </div>
      <ExportHistory />
    </section>
  );
}

/** Asks once for the browser's permission to notify the end of a job while the admin is in another tab. */
function NotificationsButton() {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied');
  if (!supported || permission !== 'default') return null;
  return (
    <button
      type="button"
      className="secondary"
      onClick={() => void Notification.requestPermission().then(setPermission)}
    >
      {TR.jobs.allowNotifications}
    </button>
  );
}

/** One job: kind and file, state, determinate progress while it runs, how it ended, who started it and when. */
export function JobItem({ job, now, onChanged }: { job: AdminJob; now: number; onChanged: () => Promise<unknown> }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const kind = kindOf(job);
  const title = job.fileName ? `${kind}: ${job.fileName}` : kind;
  const outcome = outcomeSentence(job);
  const download = downloadUrl(job, now);
  const problems = problemsLink(job);
  const line = isRunning(job) ? progressLine(job, now) : null;
  const tone = job.state === 'completed' ? 'ok' : job.state === 'failed' && !wasCancelled(job) ? 'fail' : 'pending';

  const act = async (action: 'cancel' | 'retry') => {
    setBusy(true);
    try {
      await adminRequest(`/api/admin/jobs/${encodeURIComponent(job.id)}/${action}?queue=${job.queue}`, {
        method: 'POST',
      });
      toast({ title: action === 'cancel' ? TR.jobs.cancelledTitle : TR.jobs.retriedTitle, description: title });
      await onChanged();
    } catch (error) {
      toast({ title: TR.jobs.actionFailed, description: messageOf(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={`job-item ${job.state}`} aria-label={title}>
      <div className="job-head">
        <span>
          <strong>{title}</strong> <span className={`badge ${tone}`}>{stateOf(job)}</span>
        </span>
        <span className="file-actions">
          {download && (
            <a className="button-link" href={download}>
              {TR.jobs.download}
            </a>
          )}
          {problems && (
            <a className="button-link" href={problems.url} download>
              {TR.importProblems.jobLink(formatNumber(problems.count))}
            </a>
          )}
          {job.canCancel && (
            <button type="button" className="secondary" disabled={busy} onClick={() => act('cancel')}>
              {busy ? TR.jobs.cancelling : TR.jobs.cancel}
            </button>
          )}
          {job.canRetry && (
            <button type="button" className="secondary" disabled={busy} onClick={() => act('retry')}>
              {TR.jobs.retry}
            </button>
          )}
        </span>
      </div>
      {line && (
        <div className="job-progress" aria-live="polite">
          <progress
            max={100}
            value={line.percent ?? undefined}
            aria-label={`${title} ilerlemesi`}
            aria-valuetext={line.text}
          />
          <span className="small job-progress-text">{line.text}</span>
        </div>
      )}
      {outcome && <p className={`small job-outcome ${tone}`}>{outcome}</p>}
      <p className="muted small">
        {TR.jobs.startedBy(job.startedBy)} · {TR.jobs.queuedAt}: {formatDateTime(job.createdAt)}
        {job.startedAt && ` · ${TR.jobs.startedAt}: ${formatDateTime(job.startedAt)}`}
        {job.finishedAt && ` · ${TR.jobs.finishedAt}: ${formatDateTime(job.finishedAt)}`}
      </p>
    </li>
  );
}
