import { useEffect, useRef, useState } from 'react';
import { TR } from '../messages.js';
import { JobItem } from './JobsPage.js';
import { useJobs } from './JobsProvider.js';

/**
 * The upload page's memory (issue 34): imports that are queued or running when the page opens, whoever's and
 * from whichever tab, shown with their live progress and, once they end, how they ended. The page's own
 * uploads (`ownJobIds`) are shown by the page itself.
 */
export function RunningImports({ ownJobIds }: { ownJobIds: readonly string[] }) {
  const { answer, refresh } = useJobs();
  const followed = useRef(new Set<string>());
  const [now, setNow] = useState(Date.now());
  const imports = (answer?.jobs ?? []).filter((job) => job.queue === 'import' && !ownJobIds.includes(job.id));
  for (const job of imports) {
    if (job.state !== 'completed' && job.state !== 'failed') followed.current.add(job.id);
  }
  const shown = imports.filter((job) => followed.current.has(job.id));
  const running = shown.some((job) => job.state === 'active');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (shown.length === 0) return null;
  return (
    <div className="running-imports">
      <p className="muted small">{TR.upload.resumed}</p>
      <ul className="jobs-list" aria-label={TR.upload.runningTitle}>
        {shown.map((job) => (
          <JobItem key={job.id} job={job} now={now} onChanged={refresh} />
        ))}
      </ul>
    </div>
  );
}
