import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One figure against its target, as every bench part reports it. */
export interface TargetRow {
  figure: string;
  target: string;
  value: string;
  reference: string;
  ratio: string;
  verdict: 'pass' | 'FAIL' | 'info' | 'skipped';
}

/** How many times the reference a figure is ("2.4×", "17×"); "–" when either is missing. */
export function ratio(a: number | null | undefined, b: number | null | undefined): string {
  if (!a || !b || !Number.isFinite(a) || !Number.isFinite(b)) return '–';
  const r = a / b;
  return `${r >= 10 ? Math.round(r) : Number(r.toPrecision(2))}×`;
}

/** A target met or not; null when the figure could not be measured. */
export function verdict(ok: boolean | null): TargetRow['verdict'] {
  return ok === null ? 'skipped' : ok ? 'pass' : 'FAIL';
}

/** A Markdown table; `|` inside a cell is escaped. */
export function table(header: string[], rows: string[][]): string {
  const esc = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/** The figure / target / measured / reference / ratio / verdict table of a run. */
export function targetsTable(targets: readonly TargetRow[]): string {
  return table(
    ['figure', 'target', 'measured', 'reference (same run)', 'ratio', 'verdict'],
    targets.map((t) => [
      t.figure,
      t.target,
      t.value,
      t.reference,
      t.ratio,
      t.verdict === 'FAIL' ? '**FAIL**' : t.verdict,
    ]),
  );
}

/** The verdicts as the run prints them at its end. */
export function logTargets(targets: readonly TargetRow[], log: (line: string) => void): void {
  for (const t of targets)
    log(`  ${t.verdict.padEnd(7)} ${t.figure}: ${t.value} (target ${t.target}; reference ${t.reference}, ${t.ratio})`);
}

/**
 * The newest result file of each scale in `dir`: files named `YYYY-MM-DD-{infix}{scale}.json` (infix '' for
 * search, 'pipeline-' and 'public-' for the other parts), smallest scale first.
 */
export function latestResultFiles<T>(dir: string, infix: string): T[] {
  if (!existsSync(dir)) return [];
  const pattern = new RegExp(`^\\d{4}-\\d{2}-\\d{2}-${infix}(\\d+)\\.json$`);
  const latest = new Map<number, string>();
  for (const file of readdirSync(dir).sort()) {
    const m = pattern.exec(file);
    if (m) latest.set(Number(m[1]), file);
  }
  return [...latest.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, file]) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as T);
}
