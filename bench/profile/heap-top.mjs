// Bytes allocated by package/file, from a sampling heap profile (cpu-hook.mjs with PROFILE_KIND=heap): self bytes of
// each function, grouped by the innermost frame that is not Node's own or a builtin. Usage: node heap-top.mjs f [n]
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const totals = new Map();
let all = 0;
const walk = (node, owner) => {
  const { url, functionName, lineNumber } = node.callFrame;
  const here =
    url && !url.startsWith('node:')
      ? `${functionName || '(anon)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(\w+\/dist)/, '$1')}:${lineNumber + 1}`
      : owner;
  const self = node.selfSize;
  all += self;
  totals.set(here ?? functionName, (totals.get(here ?? functionName) ?? 0) + self);
  for (const child of node.children) walk(child, here);
};
walk(profile.head, null);
for (const [name, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 30)))
  console.log(`${((bytes / all) * 100).toFixed(1).padStart(5)} %  ${name}`);
console.log(`total sampled ${(all / 1e6).toFixed(1)} MB`);
