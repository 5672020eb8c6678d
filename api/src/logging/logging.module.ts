import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { apiLogOptions } from './log-options.js';

/**
 * Structured JSON logs with pino: nestjs-pino's logger for code (Logger, PinoLogger), and one line a request
 * (request-log.ts, mounted in app.factory.ts) on every call under the prefix and the public paths outside it
 * but the health probes and the metrics, read many times a minute. The request id comes from requestIdHook.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({ inject: [APP_CONFIG], useFactory: (config: AppConfig) => apiLogOptions(config) }),
  ],
})
export class LoggingModule {}
