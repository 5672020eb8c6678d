import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { ALL_ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';

/** MikroORM options shared by the api, the worker, the scripts and the tests. */
export function ormOptions(databaseUrl: string, overrides: Partial<Options> = {}) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, snapshot: false, transactional: true, allOrNothing: true, silent: true },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
    ...overrides,
  });
}
