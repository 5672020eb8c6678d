import { fileURLToPath } from 'node:url';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { ALL_ENTITIES } from './entities/index.js';

/**
 * The migrations folder beside this module, found by MikroORM's own discovery (Node's fs.glob): src's .ts under
 * the tests, dist's .js elsewhere. Files run in name order, so a new migration's name carries a later timestamp.
 */
const MIGRATIONS = { path: fileURLToPath(new URL('./migrations', import.meta.url)), glob: 'Migration*.{js,ts}' };

/** MikroORM options shared by the api, the worker, the scripts and the tests. */
export function ormOptions(databaseUrl: string, overrides: Partial<Options> = {}) {
  return defineConfig({
    clientUrl: databaseUrl,
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    migrations: { ...MIGRATIONS, snapshot: false, transactional: true, allOrNothing: true, silent: true },
    pool: { min: 0, max: 10 },
    debug: false,
    allowGlobalContext: false,
    ...overrides,
  });
}
