// Splits a CPU profile (.cpuprofile) of the api into request-path layers. Each sample goes to the innermost frame
// of its stack that belongs to a layer (frames of Node's own helpers, crypto, zlib, core/ … pass it on to their
// caller), so a layer counts its own code and what it calls that is no other layer. Shares are of the main
// thread's busy samples (idle left out). Usage: node bench/profile/layers.mjs file.cpuprofile [--ms MAIN_MS_A_REQUEST]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const pkg = (names) => new RegExp(`/node_modules/(${names.join('|')})/`);
/** First match wins, tested on one frame's URL; order from the most specific. */
const RULES = [
  [
    'validation (ValidationPipe, class-validator/transformer)',
    /class-validator|class-transformer|validation\.pipe\.js|\/validator\/lib\/|\/api\/dist[\w-]*\/http\/validation\.js/,
  ],
  ['RejectNulPipe', /\/api\/dist[\w-]*\/http\/reject-nul\.js/],
  ['RequestBodyInterceptor', /\/api\/dist[\w-]*\/http\/request-body\.js/],
  ['public cache: key of the request', /\/api\/dist[\w-]*\/cache\/cache-keys\.js/],
  ['public cache: interceptor + service', /\/api\/dist[\w-]*\/cache\/(public-cache|cache-budget|cache-policy)/],
  ['cache invalidation interceptor', /\/api\/dist[\w-]*\/cache\/cache-invalidation/],
  ['access guard', /\/api\/dist[\w-]*\/auth\//],
  [
    'metrics (middleware, prom-client)',
    /\/api\/dist[\w-]*\/metrics\/|pkg:prom-client|\/node_modules\/(prom-client|tdigest|bintrees)\//,
  ],
  ['request id + AsyncLocalStorage', /\/api\/dist[\w-]*\/logging\/request-id|async_local_storage|node:async_hooks/],
  ['visitors middleware', /\/api\/dist[\w-]*\/admin\/visitors/],
  ['controller + service', /\/api\/dist[\w-]*\/(search|common|health|businesses)\/|@nestjs\/terminus/],
  ['engine (search/ in Node)', /\/search\/dist\//],
  ['engine: pg driver', pkg(['pg', 'pg-protocol', 'pg-pool', 'pg-types', 'postgres-array', 'postgres-date', 'pgpass'])],
  [
    'Redis client (ioredis)',
    pkg(['ioredis', 'redis-parser', 'denque', 'cluster-key-slot', 'redis-errors', 'standard-as-callback']),
  ],
  ['logging (pino, pino-http, nestjs-pino)', /\/api\/dist[\w-]*\/logging\/(request-log|log-options)\.js/],
  [
    'logging (pino, pino-http, nestjs-pino)',
    pkg([
      'pino',
      'pino-http',
      'nestjs-pino',
      'sonic-boom',
      'fast-redact',
      'pino-std-serializers',
      'thread-stream',
      'quick-format-unescaped',
      '@pinojs/redact',
      'get-caller-file',
      'atomic-sleep',
      'on-exit-leak-free',
      'safe-stable-stringify',
    ]),
  ],
  ['helmet', pkg(['helmet'])],
  ['compression', pkg(['compression', 'compressible', 'on-headers', '@fastify/compress', 'minipass'])],
  ['cookie-parser', pkg(['cookie-parser', 'cookie', 'cookie-signature', '@fastify/cookie'])],
  ['MikroORM request context (middleware)', /\/node_modules\/@mikro-orm\//],
  ['Nest Express adapter', /@nestjs\/platform-express/],
  ['Nest Fastify adapter', /@nestjs\/platform-fastify/],
  [
    'Fastify (router, hooks, reply, query parsing, middie)',
    pkg([
      'fastify',
      'find-my-way',
      'fast-querystring',
      'fast-decode-uri-component',
      '@fastify/middie',
      '@fastify/accept-negotiator',
      '@fastify/error',
      '@fastify/fast-json-stringify-compiler',
      'fast-json-stringify',
      'avvio',
      'light-my-request',
      'toad-cache',
      'rfdc',
      'secure-json-parse',
      'process-warning',
      'abstract-logging',
      'fastify-plugin',
      'ret',
      'safe-regex2',
    ]),
  ],
  [
    'Nest (router, execution context, interceptor/pipe chain, rxjs)',
    /@nestjs\/(core|common)\/|\/node_modules\/(rxjs|reflect-metadata|tslib)\//,
  ],
  [
    'Express (router, req/res helpers, query parsing)',
    pkg([
      'express',
      'router',
      'path-to-regexp',
      'qs',
      'parseurl',
      'finalhandler',
      'send',
      'content-type',
      'type-is',
      'mime-types',
      'mime-db',
      'etag',
      'fresh',
      'range-parser',
      'proxy-addr',
      'forwarded',
      'ipaddr.js',
      'depd',
      'on-finished',
      'encodeurl',
      'escape-html',
      'statuses',
      'http-errors',
      'setprototypeof',
      'media-typer',
      'content-disposition',
      'accepts',
      'negotiator',
      'vary',
      'merge-descriptors',
      'debug',
      'ee-first',
      'safe-buffer',
      'side-channel[a-z-]*',
      'call-bind[a-z-]*',
      'call-bound',
      'get-intrinsic',
      'es-[a-z-]+',
      'has-[a-z-]+',
      'function-bind',
      'object-inspect',
      'math-intrinsics',
      'dunder-proto',
      'gopd',
      'hasown',
      'get-proto',
      'iconv-lite',
      'raw-body',
      'bytes',
      'is-promise',
      'router',
    ]),
  ],
  ['Node HTTP (parser, headers, response writes)', /^node:(_http_|http$|internal\/http)/],
];
/** Sockets and streams serve HTTP, PostgreSQL and Redis alike: a sample goes to them only when no owner is above. */
const WEAK = [
  [
    'Node sockets/streams (reads before a parser)',
    /^node:(net|stream|internal\/(streams|stream_base_commons|net|js_stream_socket))/,
  ],
  ['promise/tick plumbing', /^node:internal\/process\/task_queues/],
];
const NATIVE = { '(garbage collector)': 'GC (main thread)', '(program)': 'V8/native, no JS frame (program)' };

function layerOf(node, parents, nodes) {
  const leaf = node.callFrame;
  if (leaf.functionName === '(idle)') return null;
  if (NATIVE[leaf.functionName]) return NATIVE[leaf.functionName];
  if (!leaf.url && leaf.functionName === 'stringify') return 'JSON.stringify';
  let weak = null;
  for (let n = node; n; n = nodes.get(parents.get(n.id))) {
    const url = n.callFrame.url;
    if (!url) continue;
    for (const [name, pattern] of RULES) if (pattern.test(url)) return name;
    if (!weak) for (const [name, pattern] of WEAK) if (pattern.test(url)) weak = name;
  }
  if (weak) return weak;
  if (leaf.functionName === 'runMicrotasks') return 'promise/tick plumbing';
  return `other: ${leaf.url.replace(/^.*node_modules\//, '').split('/')[0] || leaf.url || leaf.functionName}`;
}

/** Rows of { layer, share, ms } sorted by share; ms = share × the main thread's CPU a request. */
export function layerTable(profile, mainMs, top = 0) {
  const leaves = new Map();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const counts = new Map();
  const byNode = new Map();
  for (const id of profile.samples) byNode.set(id, (byNode.get(id) ?? 0) + 1);
  let busy = 0;
  for (const [id, count] of byNode) {
    const node = nodes.get(id);
    const layer = layerOf(node, parents, nodes);
    if (layer === null) continue;
    busy += count;
    counts.set(layer, (counts.get(layer) ?? 0) + count);
    const { functionName, url, lineNumber } = node.callFrame;
    const leaf = `${layer} ← ${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(\w+\/dist)/, '$1')}:${lineNumber + 1}`;
    leaves.set(leaf, (leaves.get(leaf) ?? 0) + count);
  }
  if (top) {
    for (const [leaf, count] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${((count / busy) * 100).toFixed(1).padStart(5)} %  ${leaf}`);
  }
  return [...counts]
    .map(([layer, count]) => ({ layer, share: count / busy, ms: (count / busy) * mainMs }))
    .sort((a, b) => b.share - a.share);
}

export function printTable(rows, title = '') {
  console.log(`\n| layer ${title} | ms CPU a request | share |\n|---|---:|---:|`);
  for (const r of rows) console.log(`| ${r.layer} | ${r.ms.toFixed(3)} | ${(r.share * 100).toFixed(1)} % |`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = (name, fallback) =>
    process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
  const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
  printTable(layerTable(profile, flag('--ms', 1), flag('--top', 0)));
}
