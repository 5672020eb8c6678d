import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { apiLogOptions } from './log-options.js';

/** Structured JSON logs with pino (nestjs-pino); the request id comes from requestIdMiddleware. */
@Module({
  imports: [
    LoggerModule.forRootAsync({ inject: [APP_CONFIG], useFactory: (config: AppConfig) => apiLogOptions(config) }),
  ],
})
export class LoggingModule {}
