import { Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import { ADMIN_JOB_KINDS, isAdminJob, isHousekeepingJobId, type QueueName, QUEUES } from '@directory/core';
import { AuthService, SESSION_COOKIE } from '../auth/auth.service.js';
import { type JobEvent, JobQueues, jobView } from './job-queues.js';

export const JOBS_NAMESPACE = '/admin-jobs';
export const SOCKET_SIGN_IN_MESSAGE = 'Sign in as an administrator to follow jobs.';
const roomOf = (queue: QueueName, jobId: string) => `job:${queue}:${jobId}`;
/** Sockets that follow every admin job (the jobs centre, the header badge): `watch`. */
const EVERY_JOB_ROOM = 'jobs:all';
const ADMIN_QUEUES: readonly string[] = Object.keys(ADMIN_JOB_KINDS);

/** Whether the jobs centre hears of this event: admin kinds only, never the housekeeping that shares a queue. */
function concernsCentre(event: JobEvent): boolean {
  if (!ADMIN_QUEUES.includes(event.queue)) return false;
  if (event.type === 'added') return isAdminJob(event.queue, event.name);
  return !isHousekeepingJobId(event.queue, event.jobId);
}

function originHostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Live job progress for the admin (DESIGN.md): socket.io namespace /admin-jobs on the api's own origin.
 * Connecting needs the admin session cookie (checked by the AuthService) and, from a browser, this site as
 * Origin. A client joins a job's room with `subscribe` {jobId, queue?} and is answered (ack) with the job's
 * current state; then the room receives `progress`, `active`, `completed` and `failed` events, relayed from
 * BullMQ's QueueEvents.
 */
@WebSocketGateway({ namespace: JOBS_NAMESPACE })
export class JobsGateway implements OnGatewayInit, OnModuleDestroy {
  private readonly logger = new Logger('JobsGateway');
  @WebSocketServer() private namespace!: Namespace;
  private stopRelay: (() => void) | null = null;

  constructor(
    private readonly auth: AuthService,
    private readonly jobs: JobQueues,
  ) {}

  afterInit(namespace: Namespace): void {
    namespace.use((socket, next) => {
      this.authenticate(socket).then(
        (ok) => next(ok ? undefined : new Error(SOCKET_SIGN_IN_MESSAGE)),
        (error: Error) => {
          this.logger.warn(`Could not check a socket's session: ${error.message}`);
          next(new Error('The session could not be checked; try again in a moment.'));
        },
      );
    });
    this.stopRelay = this.jobs.onEvent((event) => this.relay(event));
  }

  onModuleDestroy(): void {
    this.stopRelay?.();
  }

  @SubscribeMessage('subscribe')
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: { jobId?: unknown; queue?: unknown }) {
    // The session may have ended since the socket connected (sign-out, expiry).
    if (!(await this.authenticate(socket).catch(() => false))) {
      setImmediate(() => socket.disconnect(true)); // after the answer below went out
      return { ok: false, message: SOCKET_SIGN_IN_MESSAGE };
    }
    const jobId = typeof body?.jobId === 'string' || typeof body?.jobId === 'number' ? String(body.jobId) : '';
    const queue = Object.values(QUEUES).find((q) => q === body?.queue);
    if (!jobId) return { ok: false, message: 'Send {jobId} to follow a job.' };
    if (body?.queue !== undefined && !queue)
      return { ok: false, message: `No queue is named "${String(body.queue)}".` };
    let found;
    try {
      found = await this.jobs.find(jobId, queue);
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
    if (!found) return { ok: false, message: `No job has the id "${jobId}".` };
    await socket.join(roomOf(found.queue, jobId));
    return { ok: true, job: jobView(found.queue, found.job, true, found.state) };
  }

  /** Joins the room of every admin job: `added`, `active`, `progress`, `completed` and `failed` of each. */
  @SubscribeMessage('watch')
  async watch(@ConnectedSocket() socket: Socket) {
    if (!(await this.authenticate(socket).catch(() => false))) {
      setImmediate(() => socket.disconnect(true));
      return { ok: false, message: SOCKET_SIGN_IN_MESSAGE };
    }
    await socket.join(EVERY_JOB_ROOM);
    return { ok: true };
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: { jobId?: unknown; queue?: unknown }) {
    for (const queue of Object.values(QUEUES)) {
      if (body?.queue === undefined || body.queue === queue) await socket.leave(roomOf(queue, String(body?.jobId)));
    }
    return { ok: true };
  }

  private relay(event: JobEvent): void {
    if (!this.namespace) return;
    const { type, ...payload } = event;
    // One emit per socket: a socket in both rooms hears the event once.
    const rooms = [roomOf(event.queue, event.jobId)];
    if (concernsCentre(event)) rooms.push(EVERY_JOB_ROOM);
    this.namespace.to(rooms).emit(type, payload);
  }

  private async authenticate(socket: Socket): Promise<boolean> {
    const headers = socket.handshake.headers;
    const origin = headers.origin;
    if (origin && originHostOf(origin) !== headers.host) return false;
    const admin = await this.auth.identify(cookieValue(headers.cookie, SESSION_COOKIE));
    if (!admin) return false;
    socket.data.admin = admin;
    return true;
  }
}
