import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuditModule } from '../audit/audit.module.js';
import { AuditService } from '../audit/audit.service.js';
import { assertSameSite } from '../auth/access.guard.js';
import { AuthModule } from '../auth/auth.module.js';
import { AuthService, SESSION_COOKIE } from '../auth/auth.service.js';
import { JobQueues } from '../jobs/job-queues.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { boardCallAllowed, BOARD_WRITE_REFUSED } from './board-allow-list.js';
import { isReadMethod } from '../http/read-method.js';

/** Where ops find the queue dashboard; under /api/admin so it sits behind the same deny-by-default rule. */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

/**
 * Bull Board (DESIGN.md "Ops": a well-kept library, not a home-made table): every queue of core's QUEUES
 * with counts per state, failed jobs with their stack, retry, clean, pause. It is a Fastify plugin of its own,
 * so Nest's guard does not see it: the same admin session check and CSRF rule run in front of it here (a hook
 * of its scope), then an allow-list of its write calls (board-allow-list.ts): it watches and retries jobs, it
 * does not write them; each allowed write is audited. It reads no request body (the api's content parser keeps bodies unread).
 */
@Module({ imports: [AuthModule, AuditModule, JobsModule] })
export class QueueDashboardModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly jobs: JobQueues,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    const board = new FastifyAdapter();
    board.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: [...this.jobs.queues.values()].map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Directory queues' } },
    });
    const app = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // The check is a hook of the board's own scope: it runs before every route the board has, however the
    // address that reached it was spelled (the router decodes %-escapes), never on the text of the URL.
    void app.register(
      async (scope) => {
        scope.addHook('onRequest', (request, reply) => this.guard(request, reply));
        await scope.register(board.registerPlugin());
      },
      { prefix: QUEUE_DASHBOARD_PATH },
    );
  }

  /** Lets through a signed-in admin's reads and allowed writes of the board; refuses (answers) anything else. */
  private async guard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const refuse = (statusCode: number, error: string, message: string) =>
      reply.status(statusCode).send({ statusCode, message, error });
    // Admin answers are never kept by a browser or a proxy (as AccessGuard's).
    reply.header('Cache-Control', 'no-store');
    const writes = !isReadMethod(request.method);
    if (writes) {
      try {
        assertSameSite(request);
      } catch (error) {
        return refuse(403, 'Forbidden', (error as Error).message);
      }
    }
    const admin = await this.auth.identify(request.cookies[SESSION_COOKIE]);
    if (!admin) return refuse(401, 'Unauthorized', 'Sign in as an administrator to use this call.');
    // The route's own pattern under the board's path, with the values the router read into it.
    const path = (request.routeOptions.url ?? '')
      .slice(QUEUE_DASHBOARD_PATH.length)
      .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((request.params as Record<string, string>)[name]));
    if (!boardCallAllowed(request.method, path)) return refuse(403, 'Forbidden', BOARD_WRITE_REFUSED);
    // A write (retry, clean, pause…) is audited like every admin write, its entry stored before it runs.
    if (writes)
      await this.audit.write(
        admin,
        'queues.dashboard-write',
        async () => undefined,
        () => ({
          method: request.method,
          call: path,
        }),
      );
    return undefined;
  }
}
