import { Global, Module } from '@nestjs/common';
import { type AppConfig, loadConfig } from '@directory/core';

/** Injection token of the validated configuration (core's one schema). */
export const APP_CONFIG = Symbol('APP_CONFIG');

@Global()
@Module({
  providers: [{ provide: APP_CONFIG, useFactory: (): AppConfig => loadConfig() }],
  exports: [APP_CONFIG],
})
export class ConfigModule {}
