/**
 * `npm run bench [-- --only search,public] [options]`: runs the parts of the bench one after the other, each as
 * its own node process (bench/dist/main.js for search, bench/dist/public/main.js for public reads), handing each
 * the options it knows. Options both parts know (--businesses, --scales, --duration, --concurrency, --seed,
 * --port, --redis-prefix, --report-only) go to both.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { PUBLIC_OPTIONS } from './public/options.js';
import { SEARCH_OPTIONS } from './search-options.js';

const PARTS = {
  search: { script: 'bench/dist/main.js', options: SEARCH_OPTIONS as Record<string, { type: string }> },
  public: { script: 'bench/dist/public/main.js', options: PUBLIC_OPTIONS as Record<string, { type: string }> },
};
type Part = keyof typeof PARTS;

const args = process.argv.slice(2);
// Every option either part knows, so that `--name value` is read as one option whatever the part.
const known = Object.fromEntries(
  Object.entries({ ...SEARCH_OPTIONS, ...PUBLIC_OPTIONS, only: { type: 'string' } }).map(([k, v]) => [
    k,
    { type: v.type },
  ]),
) as Record<string, { type: 'string' | 'boolean' }>;
const { tokens } = parseArgs({ args, options: known, strict: false, tokens: true, allowPositionals: true });
let only: Part[] = ['search', 'public'];
const perPart = new Map<Part, string[]>(Object.keys(PARTS).map((p) => [p as Part, []]));
const unknown: string[] = [];
for (const token of tokens) {
  if (token.kind === 'positional') unknown.push(token.value);
  if (token.kind !== 'option') continue;
  // `--name value` and `--name=value` alike, handed on as `--name=value` (a value may start with a dash).
  const text = token.value === undefined ? `--${token.name}` : `--${token.name}=${token.value}`;
  if (token.name === 'only') {
    const names = (token.value ?? '').split(',').map((s) => s.trim());
    const bad = names.filter((n) => !(n in PARTS) && n !== 'all');
    if (bad.length || !names.length) {
      console.error(`--only takes a comma list of ${Object.keys(PARTS).join(', ')} or all (got "${token.value}").`);
      process.exit(2);
    }
    only = names.includes('all') ? (Object.keys(PARTS) as Part[]) : (names as Part[]);
    continue;
  }
  const owners = (Object.keys(PARTS) as Part[]).filter((p) => token.name in PARTS[p].options);
  if (!owners.length) unknown.push(text);
  for (const p of owners) perPart.get(p)!.push(text);
}
if (unknown.length) {
  console.error(`Unknown argument(s) ${unknown.join(' ')}. See bench/README.md, or --help.`);
  process.exit(2);
}

const run = (part: Part) =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, [PARTS[part].script, ...perPart.get(part)!], { stdio: 'inherit' });
    // The part stops the processes it started on SIGINT/SIGTERM; the terminal sends SIGINT to it directly.
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    process.on('SIGTERM', forward('SIGTERM'));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 130 : 1)));
  });

// Ctrl-C reaches the running part too (same process group): it stops what it started; we wait for it.
process.on('SIGINT', () => undefined);
let status = 0;
for (const part of only) {
  if (only.length > 1) console.log(`\n================ bench part: ${part} ================`);
  const code = await run(part);
  if (code !== 0) {
    status = code;
    console.error(`The ${part} part exited with code ${code}.`);
    if (code === 130 || code === 2) break;
  }
}
process.exit(status);
