import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { workerPoolProvider } from '../database/worker-pool.js';

/**
 * Injection token of the imports' own small pg pool: an import and a preview each hold one connection for their
 * transaction; the others read a remembered mapping or cancel a statement.
 */
export const IMPORT_POOL = Symbol('IMPORT_POOL');

export const importPoolProvider = workerPoolProvider(IMPORT_POOL, 'imports', 4);

/** Closes the pool after the BullMQ workers stopped. */
@Injectable()
export class ImportPoolCloser implements OnApplicationShutdown {
  constructor(@Inject(IMPORT_POOL) private readonly pool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
