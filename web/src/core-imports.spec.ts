/**
 * The web bundles what it imports from core (core/src/wire, core/src/rules, core/src/export/business-fields):
 * those modules, and every module they import, must run in a browser. So they may import only other core
 * modules by relative path (a type-only import is erased and may name anything); a Node built-in or a
 * package would end up in the bundle or break it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_SRC = dirname(fileURLToPath(import.meta.url));
const CORE_SRC = resolve(WEB_SRC, '../../core/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The specifiers of a file's value imports and re-exports (not `import type` / `export type`). */
function valueImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (!match[2]) found.push(match[3]);
  }
  return found;
}

describe('what the web imports from core', () => {
  const entries = new Set<string>();
  for (const file of sourceFiles(WEB_SRC)) {
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      const core = /^@directory\/core\/(.+)\.js$/.exec(specifier);
      if (core) entries.add(join(CORE_SRC, `${core[1]}.ts`));
      expect(specifier === '@directory/core').toBe(false); // the package root pulls in Node code
    }
  }

  it('is some of core (the check below has something to check)', () => {
    expect(entries.size).toBeGreaterThan(0);
  });

  it('imports nothing but other core modules, all the way down', () => {
    const seen = new Set<string>();
    const problems: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
        if (!specifier.startsWith('.')) {
          problems.push(`${relative(CORE_SRC, file)} imports ${specifier}`);
          continue;
        }
        visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      }
    };
    for (const entry of entries) visit(entry);
    expect(problems).toEqual([]);
  });
});
