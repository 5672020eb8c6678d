import { NavLink } from 'react-router-dom';
import { TR } from '../messages.js';
import { useJobs } from './JobsProvider.js';

/** The header's count of running jobs, on every admin page; a link to the jobs centre. */
export function RunningJobsBadge() {
  const { answer } = useJobs();
  const running = answer?.running ?? 0;
  return (
    <NavLink to="/admin/jobs" className={`running-jobs${running > 0 ? ' busy' : ''}`} data-running={running}>
      {running > 0 ? TR.jobs.runningBadge(running) : TR.jobs.noneRunning}
    </NavLink>
  );
}

/**
 * The worker's health light, from its heartbeat in the jobs call: green while one is alive, red with a
 * sentence when none is (queued jobs then wait without explanation otherwise).
 */
export function WorkerHealth({ detailed = false }: { detailed?: boolean }) {
  const { answer } = useJobs();
  const alive = answer?.workers.alive;
  const state = alive === undefined ? 'unknown' : alive > 0 ? 'up' : 'down';
  const text = state === 'unknown' ? TR.health.unknown : state === 'up' ? TR.health.ok(alive!) : TR.health.down;
  return (
    <p className={`worker-health ${state}`} role={state === 'down' ? 'alert' : 'status'} data-state={state}>
      <span className="light" aria-hidden="true" />
      <span className={detailed || state === 'down' ? '' : 'sr-only'}>{text}</span>
    </p>
  );
}
