import pg from 'pg';
import { PostgresSearchEngine, type SearchQuery } from '@directory/search';

interface Captured {
  text: string;
  values: unknown[];
  /** set_config statements that ran before it in the same transaction (the typo pass sets a threshold). */
  settings: { text: string; values: unknown[] }[];
}

const CONTROL = /^\s*(begin|commit|rollback)\b/i;

/**
 * A pool look-alike that records every statement the engine sends, so the slowest queries can be shown
 * with EXPLAIN ANALYZE exactly as the engine wrote them.
 */
function capturingPool(pool: pg.Pool, captured: Captured[]): pg.Pool {
  const query = (text: string, values?: unknown[]) => {
    captured.push({ text, values: values ?? [], settings: [] });
    return pool.query(text, values);
  };
  const connect = async () => {
    const client = await pool.connect();
    const settings: Captured['settings'] = [];
    return new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === 'query') {
          return (text: string, values?: unknown[]) => {
            if (/set_config/i.test(text)) settings.push({ text, values: values ?? [] });
            else if (!CONTROL.test(text)) captured.push({ text, values: values ?? [], settings: [...settings] });
            return target.query(text, values);
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { query, connect } as unknown as pg.Pool;
}

export interface ExplainedStatement {
  sql: string;
  values: unknown[];
  executionMs: number | null;
  plan: string;
}

/** Runs one search through a capturing pool, then EXPLAIN (ANALYZE, BUFFERS) on each statement it sent. */
export async function explainSearch(pool: pg.Pool, query: SearchQuery): Promise<ExplainedStatement[]> {
  const captured: Captured[] = [];
  const engine = new PostgresSearchEngine(capturingPool(pool, captured));
  await engine.search(query);
  const out: ExplainedStatement[] = [];
  // The engine's own `explain (format json)` (planner estimates for large totals) is not explained again.
  for (const statement of captured.filter((c) => !/^\s*explain\b/i.test(c.text))) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const s of statement.settings) await client.query(s.text, s.values);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${statement.text}`,
        statement.values,
      );
      await client.query('rollback');
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      const match = /Execution Time: ([\d.]+) ms/.exec(plan);
      out.push({
        sql: statement.text.replace(/\s+/g, ' ').trim(),
        values: statement.values,
        executionMs: match ? Number(match[1]) : null,
        plan,
      });
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      out.push({ sql: statement.text, values: statement.values, executionMs: null, plan: `(${String(error)})` });
    } finally {
      client.release();
    }
  }
  return out;
}
