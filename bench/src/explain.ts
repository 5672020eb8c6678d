import pg from 'pg';
import { PostgresSearchEngine, type SearchQuery } from '@directory/search';
import { interceptedPool, type Statement } from './intercepted-pool.js';

interface Captured {
  text: string;
  values: unknown[];
  /** Settings it ran under (`set local` in the transaction of a radius batch). */
  settings: { text: string; values: unknown[] }[];
  /** The arguments it was EXECUTEd with, when `text` is a statement the engine PREPAREd (SQL) and ran by name. */
  executeArgs?: string;
}

/** Several statements in one message, in a transaction under a setting (the engine's radius queries). */
const BATCH = /^begin;\n(set local [^;]*;\n[\s\S]*);\ncommit$/;
/** A statement the engine PREPAREs once on a connection, then EXECUTEs by name in such batches. */
const PREPARE = /^prepare (\w+) as ([\s\S]*)$/;
const EXECUTE = /^execute (\w+)\(([\s\S]*)\)$/;
/** The name the EXPLAIN's own connection prepares such a statement under (and deallocates), apart from the engine's. */
const EXPLAINED = 'explained_statement';

function captured(statement: Statement, values: unknown[] | undefined): Captured {
  return typeof statement === 'string'
    ? { text: statement, values: values ?? [], settings: [] }
    : { text: statement.text, values: statement.values ?? [], settings: [] };
}

/**
 * A pool look-alike that records every statement the engine sends, so the slowest queries can be shown
 * with EXPLAIN ANALYZE exactly as the engine wrote them, under the settings it ran them with.
 */
function capturingPool(pool: pg.Pool, statements: Captured[]): pg.Pool {
  const prepared = new Map<string, string>();
  return interceptedPool(pool, (statement, values, send) => {
    const batch = typeof statement === 'string' && values === undefined && BATCH.exec(statement);
    const prepare = typeof statement === 'string' && PREPARE.exec(statement);
    if (prepare) prepared.set(prepare[1], prepare[2]);
    else if (batch) {
      // Radius statements: `begin;\nset local …;\n<statements, values written in, or executions of statements
      // prepared before>;\ncommit`.
      const parts = batch[1].split(';\n');
      const settings = parts.filter((text) => text.startsWith('set local')).map((text) => ({ text, values: [] }));
      for (const text of parts.filter((part) => !part.startsWith('set local'))) {
        const execute = EXECUTE.exec(text);
        const preparedText = execute && prepared.get(execute[1]);
        statements.push(
          preparedText
            ? { text: preparedText, values: [], settings, executeArgs: execute[2] }
            : { text, values: [], settings },
        );
      }
    } else statements.push(captured(statement, values));
    return send();
  });
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
      if (statement.executeArgs !== undefined) await client.query(`prepare ${EXPLAINED} as ${statement.text}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        statement.executeArgs === undefined
          ? `explain (analyze, buffers) ${statement.text}`
          : `explain (analyze, buffers) execute ${EXPLAINED}(${statement.executeArgs})`,
        statement.values,
      );
      await client.query('rollback');
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      const match = /Execution Time: ([\d.]+) ms/.exec(plan);
      const executed =
        statement.executeArgs === undefined ? '' : ` -- executed as prepared, with (${statement.executeArgs})`;
      out.push({
        sql: `${statement.text}${executed}`.replace(/\s+/g, ' ').trim(),
        values: statement.values,
        executionMs: match ? Number(match[1]) : null,
        plan,
      });
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      out.push({ sql: statement.text, values: statement.values, executionMs: null, plan: `(${String(error)})` });
    } finally {
      // A prepared statement outlives the rollback.
      if (statement.executeArgs !== undefined) await client.query(`deallocate ${EXPLAINED}`).catch(() => undefined);
      client.release();
    }
  }
  return out;
}
