import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import useSWR from 'swr';
import type { AdminJob, AdminJobsAnswer, AnyJobProgress } from '@directory/core/wire/jobs.js';
import { useSession } from '../hooks.js';
import { JOBS_NAMESPACE } from '../jobs.js';
import { TR } from '../messages.js';
import { useToast } from '../toast.js';
import { failureSentence, kindOf, outcomeSentence, wasCancelled } from './job-text.js';

/** The jobs centre's one call; the list is asked again on every job event and every 10 s as a safety net. */
export const JOBS_URL = '/api/admin/jobs?limit=50';
const SAFETY_POLL_MS = 10_000;
/** Events in a burst (a new job, its start) share one fresh read of the list. */
const REFETCH_AFTER_MS = 250;
const RELEASE_AFTER_MS = 5000;

interface JobsState {
  answer: AdminJobsAnswer | undefined;
  error: unknown;
  /** The socket is connected and watching every job. */
  live: boolean;
  refresh: () => Promise<unknown>;
}

const JobsContext = createContext<JobsState>({
  answer: undefined,
  error: undefined,
  live: false,
  refresh: async () => undefined,
});

export const useJobs = () => useContext(JobsContext);

const keyOf = (job: { queue: string; id?: string; jobId?: string }) => `${job.queue}:${job.id ?? job.jobId}`;

/**
 * Queues whose jobs' ends a screen of this page load is announcing itself right now (the upload page's summary,
 * the slug fix's and the deletes' answers, the export dialog's download): the provider's toast would replace
 * theirs (one toast at a time). Returns the function that ends it. A reload forgets them, and the provider speaks.
 */
const announcingScreens = new Map<string, number>();
export function screenAnnounces(queue: string): () => void {
  announcingScreens.set(queue, (announcingScreens.get(queue) ?? 0) + 1);
  let ended = false;
  // Ended a little later: the provider reads the job's end (a quarter second after its event) before then.
  return () => {
    if (ended) return;
    ended = true;
    setTimeout(() => announcingScreens.set(queue, (announcingScreens.get(queue) ?? 1) - 1), RELEASE_AFTER_MS);
  };
}

/**
 * Follows every admin job for the whole back office (issue 34): the list from the api, progress merged in live
 * from the socket's `watch` room, a toast when a job this admin started ends or fails. It lives in the admin
 * layout, so it survives navigation; after a reload it reads the list again and carries on.
 */
export function JobsProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const session = useSession();
  const me = session.data?.username ?? null;
  const { data, error, mutate } = useSWR<AdminJobsAnswer>(JOBS_URL, {
    refreshInterval: SAFETY_POLL_MS,
    dedupingInterval: 1000,
  });
  const [live, setLive] = useState(false);
  const [progress, setProgress] = useState<Map<string, AnyJobProgress>>(new Map());
  const known = useRef(new Map<string, AdminJob>());
  /** Jobs whose end was already announced (a socket event and the next read both see it). */
  const told = useRef(new Set<string>());
  const meRef = useRef(me);
  meRef.current = me;

  // Announces the ends that happened since the previous read, for jobs this admin started and saw running.
  useEffect(() => {
    if (!data) return;
    for (const job of data.jobs) {
      const key = keyOf(job);
      const before = known.current.get(key);
      known.current.set(key, job);
      const ended = job.state === 'completed' || job.state === 'failed';
      if (!ended || !before || before.state === job.state || told.current.has(key)) continue;
      if (!meRef.current || job.startedBy !== meRef.current) continue;
      if ((announcingScreens.get(job.queue) ?? 0) > 0) continue;
      told.current.add(key);
      const kind = kindOf(job);
      const notice =
        job.state === 'completed'
          ? { title: TR.outcome.endedTitle(kind), description: outcomeSentence(job) ?? undefined }
          : wasCancelled(job)
            ? { title: TR.outcome.cancelledTitle(kind), description: failureSentence(job.queue, job.failedReason) }
            : {
                title: TR.outcome.failedTitle(kind),
                description: failureSentence(job.queue, job.failedReason),
                variant: 'destructive' as const,
              };
      toast(notice);
      notifyBrowser(notice.title, notice.description);
    }
  }, [data, toast]);

  useEffect(() => {
    const socket = io(JOBS_NAMESPACE, { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refetch = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void mutate();
      }, REFETCH_AFTER_MS);
    };
    socket.on('connect', () => {
      socket.emit('watch', (ack: { ok: boolean }) => setLive(Boolean(ack?.ok)));
      refetch(); // what happened while the socket was away
    });
    socket.on('disconnect', () => setLive(false));
    socket.on('progress', (payload: { queue: string; jobId: string; progress: AnyJobProgress }) => {
      if (!payload?.progress || typeof payload.progress !== 'object') return;
      setProgress((map) => new Map(map).set(keyOf(payload), payload.progress));
      // A job the list does not know yet (started elsewhere a moment ago) is read in.
      if (!known.current.has(keyOf(payload))) refetch();
    });
    for (const event of ['added', 'active', 'completed', 'failed']) socket.on(event, refetch);
    return () => {
      if (timer) clearTimeout(timer);
      socket.close();
    };
  }, [mutate]);

  // The list with the live progress laid over what it last read (a newer read wins once it carries it).
  const answer = useMemo(() => {
    if (!data) return undefined;
    const jobs = data.jobs.map((job) => {
      const fresh = progress.get(keyOf(job));
      if (!fresh || job.state !== 'active') return job;
      const at = (p: AnyJobProgress | null) => p?.at ?? 0;
      return at(fresh) >= at(job.progress) ? { ...job, progress: fresh } : job;
    });
    return { ...data, jobs };
  }, [data, progress]);

  const value = useMemo(() => ({ answer, error, live, refresh: () => mutate() }), [answer, error, live, mutate]);
  return <JobsContext.Provider value={value}>{children}</JobsContext.Provider>;
}

/** A browser notification as well, when the admin allowed them and is looking at another tab. */
function notifyBrowser(title: string, body: string | undefined): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !document.hidden) return;
  try {
    new Notification(title, { body, tag: 'admin-job' });
  } catch {
    // Some browsers allow notifications only from a service worker; the toast has said it already.
  }
}
