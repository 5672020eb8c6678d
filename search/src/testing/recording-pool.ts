import type pg from 'pg';

/** The pool, noting each statement sent through its query() (as a config: text, values and any name). */
export function recordingPool(pool: pg.Pool, statements: pg.QueryConfig[]): pg.Pool {
  return {
    query: (statement: string | pg.QueryConfig, values?: unknown[]) => {
      statements.push(typeof statement === 'string' ? { text: statement, values } : statement);
      return pool.query(statement as string, values);
    },
    connect: () => pool.connect(),
  } as unknown as pg.Pool;
}
