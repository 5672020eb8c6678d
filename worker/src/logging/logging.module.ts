import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig, RequestAwareQueue } from '@directory/core';
import { WORKER_CONFIG } from '../config/worker-config.module.js';
import { InstrumentedWorker } from './instrumented-worker.js';
import { workerLogOptions } from './log-options.js';

// Every processor's BullMQ worker runs its jobs instrumented (context, logs, durations), and every queue
// the worker adds jobs to passes the request id of the job being processed on.
BullModule.workerClass = InstrumentedWorker;
BullModule.queueClass = RequestAwareQueue;

/** The worker logs with pino too (nestjs-pino's logger; main.ts makes it Nest's logger). */
@Module({
  imports: [
    LoggerModule.forRootAsync({ inject: [WORKER_CONFIG], useFactory: (config: AppConfig) => workerLogOptions(config) }),
  ],
})
export class WorkerLoggingModule {}
