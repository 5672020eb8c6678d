import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';
import type { AppConfig } from '@directory/core';
import { WORKER_CONFIG } from '../config/worker-config.module.js';

/**
 * Graceful stop of the processors. On shutdown every BullMQ worker stops taking jobs and the running ones
 * get SHUTDOWN_GRACE_MS to finish (an import gives itself back at once: its processor rolls it back). This
 * runs in beforeApplicationShutdown of a global module — after every other module's (so the import's own
 * stop has been asked) and before any onApplicationShutdown closes PostgreSQL or Redis under a running job.
 * A job still running after the grace is left to BullMQ: its lock expires and the next worker runs it again
 * (imports are one transaction, slug fixes resume from their checkpoint, outbox drains re-apply).
 */
@Injectable()
export class WorkerDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Shutdown');

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(WORKER_CONFIG) private readonly config: AppConfig,
  ) {}

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    const workers = this.discovery
      .getProviders()
      .map((wrapper) => wrapper.instance as unknown)
      .filter((instance): instance is WorkerHost => instance instanceof WorkerHost)
      .map((host) => {
        try {
          return host.worker;
        } catch {
          return null;
        }
      })
      .filter((worker) => worker !== null);
    const running = workers.filter((worker) => worker.isRunning());
    if (!running.length) return;
    this.logger.log(
      `${signal ?? 'Shutdown'}: ${running.length} queue worker(s) stop taking jobs and finish the running ones.`,
    );
    const closed = Promise.all(running.map((worker) => worker.close())).then(() => true);
    const timedOut = new Promise<false>((resolve) =>
      setTimeout(() => resolve(false), this.config.SHUTDOWN_GRACE_MS).unref(),
    );
    if (await Promise.race([closed, timedOut])) return;
    this.logger.warn(
      `Jobs still running after ${this.config.SHUTDOWN_GRACE_MS} ms: left to BullMQ, another worker takes them over once their lock expires.`,
    );
    await Promise.all(running.map((worker) => worker.close(true).catch(() => undefined)));
  }
}
