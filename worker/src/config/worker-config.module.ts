import { Global, Module } from '@nestjs/common';
import { type AppConfig, loadConfig } from '@directory/core';

/** Injection token of the validated configuration (core's one schema), read once per worker. */
export const WORKER_CONFIG = Symbol('WORKER_CONFIG');

@Global()
@Module({
  providers: [{ provide: WORKER_CONFIG, useFactory: (): AppConfig => loadConfig() }],
  exports: [WORKER_CONFIG],
})
export class WorkerConfigModule {}
