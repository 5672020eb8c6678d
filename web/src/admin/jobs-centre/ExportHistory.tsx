import { useEffect } from 'react';
import useSWR from 'swr';
import type { AdminJob, AdminJobsAnswer, ExportFilters } from '@directory/core/wire/jobs.js';
import { formatBytes, formatDateTime, formatNumber } from '../format.js';
import { TR } from '../messages.js';
import { DATE_RANGE_CHOICES } from '../rules.js';
import { downloadUrl, stateOf } from './job-text.js';
import { useJobs } from './JobsProvider.js';

export const EXPORTS_URL = '/api/admin/jobs?queue=export&limit=20';

/** The selection of an export in a line: country, categories, dates, fields. */
export function filtersSentence(f: ExportFilters): string {
  const range = DATE_RANGE_CHOICES.find(([value]) => value === f.dateRange)?.[1] ?? f.dateRange;
  const dates = f.dateRange === 'custom' && f.startDate && f.endDate ? `${f.startDate} – ${f.endDate}` : range;
  const categories =
    f.categories.length === 0
      ? TR.exports.allCategories
      : TR.exports.categories(f.categories.length, f.categories.slice(0, 3).join(', '));
  return [f.countryCode ?? TR.exports.allCountries, categories, dates, TR.exports.fields(f.fields.length)].join(' · ');
}

/**
 * The export history (issue 34): the last exports kept by the queue (as long as their files are), with their
 * selection, row count, size and a download link until the file expires, so closing the dialog loses nothing.
 */
export function ExportHistory() {
  const { answer } = useJobs();
  const { data, mutate } = useSWR<AdminJobsAnswer>(EXPORTS_URL);
  // Every change the jobs centre hears of (a new export, its end) reads the history again.
  const exportsNow = answer?.jobs
    .filter((job) => job.queue === 'export')
    .map((job) => `${job.id}:${job.state}`)
    .join(',');
  useEffect(() => {
    if (exportsNow !== undefined) void mutate();
  }, [exportsNow, mutate]);
  const exports = (data?.jobs ?? []).filter((job) => job.name === 'export');
  return (
    <section className="admin-card" aria-labelledby="export-history-title">
      <h2 id="export-history-title">{TR.exports.title}</h2>
      {exports.length === 0 ? (
        <p className="muted">{TR.exports.empty}</p>
      ) : (
        <ul className="jobs-list" aria-label={TR.exports.title}>
          {exports.map((job) => (
            <ExportItem key={job.id} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ExportItem({ job }: { job: AdminJob }) {
  const r = (job.result ?? {}) as { rows?: number; bytes?: number; expiresAt?: string };
  const link = downloadUrl(job);
  return (
    <li className={`job-item ${job.state}`} aria-label={job.fileName ?? job.id}>
      <div className="job-head">
        <strong>{job.fileName ?? job.id}</strong>
        <span className="file-actions">
          <span className="badge">{stateOf(job)}</span>
          {link && (
            <a className="button-link" href={link}>
              {TR.jobs.download}
            </a>
          )}
        </span>
      </div>
      {job.exportFilters && <p className="small">{filtersSentence(job.exportFilters)}</p>}
      <p className="muted small">
        {formatDateTime(job.createdAt)}
        {job.startedBy && ` · ${job.startedBy}`}
        {job.state === 'completed' && r.rows !== undefined && ` · ${formatNumber(r.rows)} satır`}
        {job.state === 'completed' && r.bytes !== undefined && ` · ${formatBytes(r.bytes)}`}
        {job.state === 'completed' &&
          r.expiresAt &&
          (link ? ` · ${TR.exports.until(formatDateTime(r.expiresAt))}` : ` · ${TR.exports.expired}`)}
      </p>
    </li>
  );
}
