import type pg from 'pg';

/** What the engine sends: a text with values, or a prepared statement's config. */
export type Statement = string | pg.QueryConfig;

const CONTROL = /^\s*(begin|commit|rollback)\s*;?\s*$/i;

export const textOf = (statement: Statement) => (typeof statement === 'string' ? statement : statement.text);

/**
 * A pool look-alike whose every statement — sent by its query() or by a client it hands out, transaction control
 * aside — goes through `intercept`, which sends it (`send`) and may note or time it.
 */
export function interceptedPool(
  pool: pg.Pool,
  intercept: (
    statement: Statement,
    values: unknown[] | undefined,
    send: () => Promise<pg.QueryResult>,
  ) => Promise<pg.QueryResult>,
): pg.Pool {
  const query = (statement: Statement, values?: unknown[]) =>
    intercept(statement, values, () => pool.query(statement as string, values));
  const connect = async () => {
    const client = await pool.connect();
    return new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === 'query')
          return (statement: Statement, values?: unknown[]) => {
            const send = () => target.query(statement as string, values);
            return CONTROL.test(textOf(statement)) ? send() : intercept(statement, values, send);
          };
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { query, connect } as unknown as pg.Pool;
}
