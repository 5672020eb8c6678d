import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Express, NextFunction, Request, Response } from 'express';
import { assertSameSite } from '../auth/access.guard.js';
import { AuthModule } from '../auth/auth.module.js';
import { AuthService, SESSION_COOKIE } from '../auth/auth.service.js';
import { JobQueues } from '../jobs/job-queues.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { boardAllowList } from './board-allow-list.js';

/** Where ops find the queue dashboard; under /api/admin so it sits behind the same deny-by-default rule. */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

/**
 * Bull Board (DESIGN.md "Ops": a well-kept library, not a home-made table): every queue of core's QUEUES
 * with counts per state, failed jobs with their stack, retry, clean, pause. It is an Express router, so
 * Nest's guard does not see it: the same admin session check and CSRF rule run in front of it here, then an
 * allow-list of its write calls (board-allow-list.ts): it watches and retries jobs, it does not write them.
 */
@Module({ imports: [AuthModule, JobsModule] })
export class QueueDashboardModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly jobs: JobQueues,
    private readonly auth: AuthService,
  ) {}

  onModuleInit(): void {
    const board = new ExpressAdapter();
    board.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: [...this.jobs.queues.values()].map((queue) => new BullMQAdapter(queue)),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'Directory queues' } },
    });
    const app = this.adapterHost.httpAdapter.getInstance<Express>();
    app.use(
      QUEUE_DASHBOARD_PATH,
      (req, res, next) => this.requireAdmin(req, res, next),
      boardAllowList,
      board.getRouter(),
    );
  }

  private requireAdmin(req: Request, res: Response, next: NextFunction): void {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method)) {
      try {
        assertSameSite(req);
      } catch (error) {
        res.status(403).json({ statusCode: 403, message: (error as Error).message, error: 'Forbidden' });
        return;
      }
    }
    this.auth.identify(req.cookies?.[SESSION_COOKIE]).then((admin) => {
      if (admin) return next();
      res.status(401).json({
        statusCode: 401,
        message: 'Sign in as an administrator to use this call.',
        error: 'Unauthorized',
      });
    }, next);
  }
}
