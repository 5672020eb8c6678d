import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';
import { HEALTH_ROUTES } from '../health/health.controller.js';
import { METRICS_ROUTES } from '../metrics/metrics.controller.js';
import { apiLogOptions } from './log-options.js';
import { requestLogMiddleware } from './request-log.js';

/**
 * Paths read many times a minute are not logged (they would drown everything else): the health probes and
 * the metrics never reach the request log.
 */
const QUIET_ROUTES = [...HEALTH_ROUTES, ...METRICS_ROUTES];

/**
 * Structured JSON logs with pino: nestjs-pino's logger for code (Logger, PinoLogger), and one line a request
 * (request-log.ts) on every call under the prefix and the public paths outside it but the quiet ones. The
 * request id comes from requestIdHook.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({ inject: [APP_CONFIG], useFactory: (config: AppConfig) => apiLogOptions(config) }),
  ],
})
export class LoggingModule implements NestModule {
  constructor(
    private readonly pino: PinoLogger,
    private readonly application: ApplicationConfig,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    // Outside a request PinoLogger's logger is nestjs-pino's root logger, the one code logs through.
    const requestLog = requestLogMiddleware(this.pino.logger);
    if (!requestLog) return;
    // nestjs-pino's default routes: every call under the prefix (`{/*splat}` also matches the bare prefix)
    // and the paths excluded from the prefix, which `{/*splat}` does not reach.
    const outside = (this.application.getGlobalPrefixOptions().exclude ?? []).map(({ path, requestMethod }) => ({
      path,
      method: requestMethod,
    }));
    consumer
      .apply(requestLog)
      .exclude(...QUIET_ROUTES)
      .forRoutes({ path: '{/*splat}', method: RequestMethod.ALL }, ...outside);
  }
}
