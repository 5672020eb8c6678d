import pg from 'pg';

export interface PoolOptions {
  /** Shown as application_name in pg_stat_activity (`directory-<name>`). */
  name: string;
  /** Connections at most. */
  max: number;
  /** Where a lost connection is reported (a Nest logger's warn). */
  warn: (message: string) => void;
}

/**
 * A PostgreSQL pool as the processes open one, its lost connections survived (`survivesLostConnections`).
 */
export function createPool(databaseUrl: string, { name, max, warn }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, application_name: `directory-${name}` });
  return survivesLostConnections(pool, name, warn);
}

/**
 * A connection the server ends (a restart, a failover, pg_terminate_backend) is reported and replaced: its
 * statements in flight fail (a job then fails and is retried), and the pool drops it. Without a listener on each
 * connection, idle or checked out, pg rethrows the loss as an unhandled 'error' event, which ends the process.
 */
export function survivesLostConnections(pool: pg.Pool, name: string, warn: (message: string) => void): pg.Pool {
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      warn(`A ${name} connection to PostgreSQL was lost (${error.message}); it is replaced.`),
    );
  });
  // The pool re-emits an idle connection's loss, already reported by the connection's own listener.
  pool.on('error', () => undefined);
  return pool;
}
