import type { INestApplicationContext } from '@nestjs/common';

/**
 * The real worker (worker/src/worker.module.ts) in this test process, for api suites whose calls wait for a
 * job. Start it after startTestApp: it reads DATABASE_URL, REDIS_PREFIX and DATA_DIR from the environment.
 */
export async function startWorker(): Promise<INestApplicationContext> {
  const { NestFactory } = await import('@nestjs/core');
  const { WorkerModule } = await import('../../../worker/src/worker.module.js');
  const worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
  await worker.init();
  return worker;
}
