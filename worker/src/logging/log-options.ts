import type { Params } from 'nestjs-pino';
import { type AppConfig, currentContext } from '@directory/core';

/** The worker's pino options: JSON lines at LOG_LEVEL, each carrying the job (and request) it was logged for. */
export function workerLogOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.LOG_LEVEL,
      base: { service: 'worker' },
      mixin: () => {
        const context = currentContext();
        return context ? { ...context } : {};
      },
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'ADMIN_PASSWORD', 'MEILI_KEY', 'METRICS_TOKEN'],
        censor: '[redacted]',
      },
    },
  };
}
