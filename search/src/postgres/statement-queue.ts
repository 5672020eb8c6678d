import PQueue from 'p-queue';
import type pg from 'pg';

/** A search's way to the database (StatementQueue.session). */
export interface SearchDb {
  query<R extends pg.QueryResultRow>(
    statement: string | pg.QueryConfig,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
  /** Work on a connection of its own, queued as one statement; a failure rolls back what it began. */
  onConnection<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
}

/**
 * Searches' statements, at most `concurrency` running at once. Waiting ones start in the order their searches
 * began: a search under way goes before every search that began after it, so searches finish first come, first
 * served; and while one search's answer is read and its next statement written in Node, another's statement
 * has its place (a place held for a whole search left the cores idle then).
 */
export class StatementQueue {
  private readonly queue: PQueue;
  private began = 0;

  constructor(
    private readonly pool: pg.Pool,
    concurrency: number,
  ) {
    this.queue = new PQueue({ concurrency });
  }

  /** A statement no search waits for: it runs when no search's statement is waiting. */
  background<R extends pg.QueryResultRow>(statement: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.queue.add(() => this.pool.query<R>(statement, values), { priority: Number.MIN_SAFE_INTEGER });
  }

  /** The statements of one search, each waiting behind those of the searches that began before it. */
  session(): SearchDb {
    // p-queue starts the greatest priority first, and equal priorities in the order they were added.
    const priority = -this.began++;
    const queued = <T>(work: () => Promise<T>) => this.queue.add(work, { priority });
    return {
      query: <R extends pg.QueryResultRow>(statement: string | pg.QueryConfig, values?: unknown[]) =>
        queued(() => this.pool.query<R>(statement as string, values)),
      onConnection: (work) =>
        queued(async () => {
          const client = await this.pool.connect();
          let broken = false;
          try {
            return await work(client);
          } catch (error) {
            await client.query('rollback').catch(() => (broken = true));
            throw error;
          } finally {
            client.release(broken);
          }
        }),
    };
  }
}
