import type { INestApplicationContext } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { bullConnection, loadConfig } from '@directory/core';
import { createSuiteDatabase } from '../../../testing/database.js';

/*
 * The set-up the worker suites share: a database of the suite's own (and a DATA_DIR when asked), the real
 * WorkerModule started on them, and BullMQ queues and QueueEvents on the same Redis prefix. Tests only:
 * nothing of the worker's own code imports it.
 */

export interface WorkerHarness {
  /** The suite's migrated database; DATABASE_URL points at it. */
  readonly database: Awaited<ReturnType<typeof createSuiteDatabase>>;
  /** A fresh DATA_DIR when `dataDirPrefix` was given, else null (DATA_DIR left as it was). */
  readonly dataDir: string | null;
  /** Starts the WorkerModule (loaded only now: it reads its configuration when loaded). */
  start(): Promise<INestApplicationContext>;
  /** The running worker; start() first. */
  readonly worker: INestApplicationContext;
  /** Closes the worker before the rest (a test that stops it); close() then leaves it alone. */
  stopWorker(): Promise<void>;
  /** A queue of `name`, opened once and closed by close(). */
  queue(name: string): Queue;
  /** QueueEvents of `name`, ready to listen, opened once and closed by close(). */
  events(name: string): Promise<QueueEvents>;
  /** Closes events, queues and the worker, then drops the database and removes DATA_DIR. */
  close(): Promise<void>;
}

/** Creates the suite database (and DATA_DIR) and sets the environment; the worker starts with start(). */
export async function createWorkerHarness(options: { dataDirPrefix?: string } = {}): Promise<WorkerHarness> {
  const database = await createSuiteDatabase();
  process.env.DATABASE_URL = database.url;
  const dataDir = options.dataDirPrefix ? await mkdtemp(join(tmpdir(), options.dataDirPrefix)) : null;
  if (dataDir) process.env.DATA_DIR = dataDir;
  let worker: INestApplicationContext | null = null;
  const queues = new Map<string, Queue>();
  const events = new Map<string, QueueEvents>();
  const bull = () => bullConnection(loadConfig());
  const stopWorker = async () => {
    const running = worker;
    worker = null;
    await running?.close();
  };

  return {
    database,
    dataDir,
    async start() {
      const { NestFactory } = await import('@nestjs/core');
      const { WorkerModule } = await import('../worker.module.js');
      worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
      await worker.init();
      return worker;
    },
    get worker() {
      if (!worker) throw new Error('The worker is not running: call start() first.');
      return worker;
    },
    stopWorker,
    queue(name) {
      let queue = queues.get(name);
      if (!queue) queues.set(name, (queue = new Queue(name, bull())));
      return queue;
    },
    async events(name) {
      let listener = events.get(name);
      if (!listener) events.set(name, (listener = new QueueEvents(name, bull())));
      await listener.waitUntilReady();
      return listener;
    },
    async close() {
      for (const listener of events.values()) await listener.close();
      for (const queue of queues.values()) await queue.close();
      await stopWorker();
      await database.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
