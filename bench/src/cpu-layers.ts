import { readFileSync } from 'node:fs';

/**
 * `node bench/dist/cpu-layers.js api.cpuprofile`: the CPU time of a V8 profile (node --cpu-prof) by layer of the
 * request path, each sample given to the layer of the first of its frames, from the top, that is not Node's own
 * or a generic helper (the code that asked for the work): framework, guards and validation, the api's own code,
 * the search engine, the drivers, serialisation and the rest. Percentages of the process's busy time (idle and
 * garbage collection apart).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const LAYERS: [layer: string, test: RegExp][] = [
  ['search engine (search/dist)', /\/search\/dist\//],
  ['pg driver', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-)/],
  ['Redis (ioredis)', /node_modules\/(ioredis|redis-parser|@ioredis)/],
  ['validation (class-validator/-transformer)', /node_modules\/class-(validator|transformer)\//],
  ['NestJS core, router, pipes, interceptors', /node_modules\/@nestjs\//],
  ['Express and its middleware', /node_modules\/(express|router|body-parser|finalhandler|send|serve-static|qs|cookie|on-finished|type-is|content-type|accepts|negotiator|mime|depd|statuses|parseurl|encodeurl|etag|fresh|vary|proxy-addr|forwarded|raw-body|iconv-lite|path-to-regexp)\//],
  ['helmet, compression', /node_modules\/(helmet|compression|compressible|bytes)\//],
  ['logging (pino)', /node_modules\/(pino|pino-http|nestjs-pino|sonic-boom|thread-stream)/],
  ['metrics (prom-client)', /node_modules\/prom-client/],
  ['rxjs', /node_modules\/rxjs/],
  ['the api (api/dist)', /\/api\/dist\//],
  ['core (core/dist)', /\/core\/dist\//],
  ['other packages', /node_modules\//],
];

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const special = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
const layerOf = (id: number): string => {
  const self = byId.get(id)!.callFrame;
  if (special.has(self.functionName)) return self.functionName;
  // The innermost frame of a known layer, walking out from the sampled one.
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const url = byId.get(at)!.callFrame.url;
    for (const [layer, test] of LAYERS) if (test.test(url)) return layer;
  }
  if (self.url.startsWith('node:') || self.url === '') return 'Node itself (net, http, streams, native)';
  return 'other';
};

const time = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const layer = layerOf(id);
  time.set(layer, (time.get(layer) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const busy = [...time].filter(([layer]) => !special.has(layer)).reduce((sum, [, us]) => sum + us, 0);
const rows = [...time].sort((a, b) => b[1] - a[1]);
console.log(`| layer | ms | share of busy time |\n|---|---|---|`);
for (const [layer, us] of rows) {
  const share = special.has(layer) ? '' : `${((100 * us) / busy).toFixed(1)} %`;
  console.log(`| ${layer} | ${(us / 1000).toFixed(0)} | ${share} |`);
}
