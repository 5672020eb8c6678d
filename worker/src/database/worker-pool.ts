import { Logger } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig, createPool } from '@directory/core';
import { WORKER_CONFIG } from '../config/worker-config.module.js';

/** A feature's own PostgreSQL pool (`directory-worker-<feature>`), its lost connections logged and replaced. */
export function workerPool(config: AppConfig, feature: string, max: number): pg.Pool {
  const logger = new Logger(`${feature} pool`);
  return createPool(config.DATABASE_URL, { name: `worker-${feature}`, max, warn: (message) => logger.warn(message) });
}

/** The provider of a feature's pool under `token`. */
export const workerPoolProvider = (token: symbol, feature: string, max: number) => ({
  provide: token,
  inject: [WORKER_CONFIG],
  useFactory: (config: AppConfig) => workerPool(config, feature, max),
});
