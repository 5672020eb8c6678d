import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@directory/core';
import { WORKER_CONFIG } from './config/worker-config.module.js';
import { WorkerModule } from './worker.module.js';

const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
const config = app.get<AppConfig>(WORKER_CONFIG);
const logger = app.get(Logger);
app.useLogger(logger);

/**
 * SIGTERM/SIGINT: the queue workers stop taking jobs and finish the running ones (health/worker-drain.ts),
 * then PostgreSQL and Redis close. If closing takes far longer than SHUTDOWN_GRACE_MS the process exits
 * anyway: a job cut short is taken over by another worker once its lock expires.
 */
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  logger.log(`${signal} received: stopping`, 'Shutdown');
  setTimeout(() => {
    logger.error(
      `Not stopped ${config.SHUTDOWN_GRACE_MS + 15_000} ms after ${signal}: exiting.`,
      undefined,
      'Shutdown',
    );
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS + 15_000).unref();
  try {
    await app.close();
    logger.log('Worker stopped.', 'Shutdown');
    process.exit(0);
  } catch (error) {
    logger.error(`Shutdown failed: ${(error as Error).message}`, (error as Error).stack, 'Shutdown');
    process.exit(1);
  }
};
process.once('SIGTERM', (signal) => void stop(signal));
process.once('SIGINT', (signal) => void stop(signal));
logger.log('Directory worker started', 'Main');
