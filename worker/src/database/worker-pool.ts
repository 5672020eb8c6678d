import { Logger } from '@nestjs/common';
import type pg from 'pg';
import { createPool, loadConfig } from '@directory/core';

/** A feature's own PostgreSQL pool (`directory-worker-<feature>`), its lost connections logged and replaced. */
export function workerPool(feature: string, max: number): pg.Pool {
  const logger = new Logger(`${feature} pool`);
  return createPool(loadConfig().DATABASE_URL, {
    name: `worker-${feature}`,
    max,
    warn: (message) => logger.warn(message),
  });
}
