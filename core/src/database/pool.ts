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

/**
 * Cancels the client's statement in flight (pg_cancel_backend, from another connection of the pool) when the
 * signal aborts, so a cancelled or timed-out job does not wait for it. Returns what stops listening.
 */
export function cancelOnAbort(pool: pg.Pool, client: pg.PoolClient, signal: AbortSignal | undefined): () => void {
  if (!signal) return () => undefined;
  const pid = (client as unknown as { processID: number }).processID;
  const interrupt = () => void pool.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined);
  signal.addEventListener('abort', interrupt);
  return () => signal.removeEventListener('abort', interrupt);
}

/** Runs work in a transaction on the client (`begin` as given): committed when it succeeds, else rolled back. */
export async function withTransaction<T>(client: pg.ClientBase, begin: string, work: () => Promise<T>): Promise<T> {
  await client.query(begin);
  try {
    const result = await work();
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}
