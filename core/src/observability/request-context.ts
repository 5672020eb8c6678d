import { AsyncLocalStorage } from 'node:async_hooks';
import { Queue } from 'bullmq';

/**
 * What every log line and every job started within one unit of work carries: the request id of the HTTP
 * request (an incoming X-Request-Id, else a new one) and, in the worker, the job being processed.
 */
export interface RequestContext {
  requestId?: string;
  jobId?: string;
  queue?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** An incoming X-Request-Id is kept only when it is short and plain (it ends up in logs and job data). */
export function acceptableRequestId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value);
}

/** The job data field that carries the request id from the api to the worker (and on to follow-up jobs). */
export const REQUEST_ID_FIELD = 'requestId';

function withRequestId<T>(data: T): T {
  const requestId = storage.getStore()?.requestId;
  if (!requestId || data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  if (REQUEST_ID_FIELD in (data as object)) return data;
  return { ...(data as object), [REQUEST_ID_FIELD]: requestId } as T;
}

/**
 * A BullMQ Queue that adds the current request id to the data of the jobs it adds. Installed as
 * @nestjs/bullmq's queue class (BullModule.queueClass, its documented extension point), so every
 * @InjectQueue queue of the api and the worker passes the id on without each caller doing it.
 */
export class RequestAwareQueue extends Queue {
  override add(...[name, data, opts]: Parameters<Queue['add']>): ReturnType<Queue['add']> {
    return super.add(name, withRequestId(data), opts);
  }

  override addBulk(...[jobs]: Parameters<Queue['addBulk']>): ReturnType<Queue['addBulk']> {
    return super.addBulk(jobs.map((job) => ({ ...job, data: withRequestId(job.data) })));
  }
}
