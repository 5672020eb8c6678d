import { io, type Socket } from 'socket.io-client';
import { adminRequest, ApiError } from './api.js';
import type { JobProgress } from './types.js';

/** The api's live job namespace (api/src/jobs/jobs.gateway.ts). */
export const JOBS_NAMESPACE = '/admin-jobs';
const POLL_MS = 2000;

/**
 * A socket.io connection to the admin job namespace on this origin (ws or wss following the page, with the
 * session cookie). Close it when the work that needed it is done.
 */
export function openJobSocket(): Socket {
  return io(JOBS_NAMESPACE, { withCredentials: true, reconnectionAttempts: 5 });
}

export type JobOutcome<T> = { state: 'completed'; result: T } | { state: 'failed'; reason: string };

interface JobView {
  state: string;
  progress: unknown;
  failedReason?: string | null;
  error?: string | null;
  result?: unknown;
}

/**
 * Follows a job to its end: live over the socket (progress, completed, failed), and by asking the status
 * call every 2 s as well, so a lost socket never leaves the screen waiting forever.
 */
export function followJob<T>(options: {
  jobId: string;
  queue: string;
  socket: Socket | null;
  /** The job's status call: {state, progress, result, failedReason | error}. */
  statusUrl: string;
  onProgress?: (progress: JobProgress) => void;
  signal?: AbortSignal;
}): Promise<JobOutcome<T>> {
  const { jobId, queue, socket, onProgress } = options;
  return new Promise((resolve, reject) => {
    let done = false;
    // Runs only after this function returned, when poll exists.
    const timer = setInterval(() => poll(), POLL_MS);
    const finish = (outcome: JobOutcome<T> | Error) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      socket?.off('progress', onSocketProgress);
      socket?.off('completed', onCompleted);
      socket?.off('failed', onFailed);
      socket?.off('connect', subscribe);
      if (socket?.connected) socket.emit('unsubscribe', { jobId, queue });
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const fromView = (view: JobView) => {
      if (view.progress && typeof view.progress === 'object') onProgress?.(view.progress as JobProgress);
      if (view.state === 'completed') finish({ state: 'completed', result: view.result as T });
      if (view.state === 'failed')
        finish({ state: 'failed', reason: view.failedReason ?? view.error ?? 'The job failed.' });
    };
    const poll = () => {
      adminRequest<JobView>(options.statusUrl).then(fromView, (error: unknown) => {
        // A job removed after a cancel before it started answers 404.
        if (error instanceof ApiError && error.status === 404) finish({ state: 'failed', reason: error.serverMessage });
        else if (error instanceof ApiError && error.status === 401) finish(error);
      });
    };
    const mine = (payload: { jobId?: string; queue?: string }) => payload?.jobId === jobId && payload?.queue === queue;
    const onSocketProgress = (payload: { jobId: string; queue: string; progress: JobProgress }) => {
      if (mine(payload) && payload.progress && typeof payload.progress === 'object') onProgress?.(payload.progress);
    };
    const onCompleted = (payload: { jobId: string; queue: string; result: T }) => {
      if (mine(payload)) finish({ state: 'completed', result: payload.result });
    };
    // A failed attempt may be retried: the status call says whether this is the end.
    const onFailed = (payload: { jobId: string; queue: string }) => {
      if (mine(payload)) poll();
    };
    function subscribe() {
      socket?.emit('subscribe', { jobId, queue }, (ack: { ok: boolean; job?: JobView & { result?: unknown } }) => {
        if (ack?.ok && ack.job) fromView(ack.job);
      });
    }
    socket?.on('progress', onSocketProgress);
    socket?.on('completed', onCompleted);
    socket?.on('failed', onFailed);
    if (socket) {
      socket.on('connect', subscribe); // (re)connections join the room again
      if (socket.connected) subscribe();
    }
    options.signal?.addEventListener('abort', () =>
      finish(new DOMException('Stopped following the job.', 'AbortError')),
    );
  });
}
