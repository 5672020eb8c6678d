/**
 * Debian's nginx in front of the api with deploy/nginx/directory.conf.template — the shared HTTP cache of issue 8 —
 * started by the public-reads bench and by e2e/nginx-cache.spec.ts: its own prefix, config, logs, temp and cache
 * directories in a temporary directory, `daemon off` as a child process, stopped and removed afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The config template, shared with docker-compose.yml (bench/src/public and bench/dist/public are as deep). */
export const NGINX_TEMPLATE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../deploy/nginx/directory.conf.template',
);
export const NGINX_BIN = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const NGINX_MISSING =
  `nginx is not installed (${NGINX_BIN} is missing): run scripts/ensure-nginx.sh, which installs Debian's ` +
  `nginx-light without starting its service (or set NGINX_PATH).`;

/** What the template needs: the api's host:port, the port nginx listens on, its cache directory. */
export interface NginxTemplateValues {
  API_UPSTREAM: string;
  NGINX_LISTEN: string;
  NGINX_CACHE_DIR: string;
}

/** Substitutes `${NAME}` as envsubst does for the listed names; nginx's own `$variables` stay as they are. */
export function renderNginxTemplate(template: string, values: NginxTemplateValues): string {
  const known = values as unknown as Record<string, string>;
  return template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (whole, name: string) => {
    if (!(name in known)) throw new Error(`${NGINX_TEMPLATE}: no value for ${whole}`);
    return known[name];
  });
}

export interface NginxOptions {
  /** The api, host:port. */
  upstream: string;
  /** Port on 127.0.0.1; a free one when omitted. */
  port?: number;
  /** Also a `return 200` server on this port (the bench's reference: nginx's own floor). */
  staticPort?: number;
  /** worker_processes (default `auto`: one per core). */
  workers?: number | 'auto';
}

export interface RunningNginx {
  base: string;
  /** The `return 200` reference server, when asked for. */
  staticBase?: string;
  dir: string;
  accessLog: string;
  /** $upstream_cache_status of the access log lines from `fromByte` on ('-': not cacheable there). */
  cacheStatuses(fromByte?: number): Record<string, number>;
  /** The access log's size now (a mark for cacheStatuses). */
  logSize(): number;
  stop(): Promise<void>;
}

/** The whole nginx.conf for a private instance: everything under `dir`, the template inside http { }. */
export function standaloneConfig(
  dir: string,
  values: NginxTemplateValues,
  options: Partial<NginxOptions> = {},
): string {
  const site = renderNginxTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), values);
  const staticServer = options.staticPort
    ? `  server {\n    listen 127.0.0.1:${options.staticPort};\n    access_log off;\n` +
      `    location / { default_type text/plain; return 200 "ok\\n"; }\n  }\n`
    : '';
  return [
    `# Rendered by bench/src/public/nginx.ts from ${NGINX_TEMPLATE}.`,
    `worker_processes ${options.workers ?? 'auto'};`,
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    `events { worker_connections 4096; }`,
    `http {`,
    `  default_type application/octet-stream;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${join(dir, `${kind}_temp`)};`,
    ),
    site,
    `  access_log ${join(dir, 'access.log')} directory_cache;`,
    staticServer,
    `}`,
    '',
  ].join('\n');
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

/** Starts nginx in front of `upstream`; throws NGINX_MISSING when Debian's nginx is not installed. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  if (!existsSync(NGINX_BIN)) throw new Error(NGINX_MISSING);
  const dir = mkdtempSync(join(os.tmpdir(), 'directory-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must reach the cache and temp directories below.
  chmodSync(dir, 0o755);
  const port = options.port ?? (await freePort());
  const config = join(dir, 'nginx.conf');
  const values = {
    API_UPSTREAM: options.upstream,
    NGINX_LISTEN: `127.0.0.1:${port}`,
    NGINX_CACHE_DIR: join(dir, 'cache'),
  };
  writeFileSync(config, standaloneConfig(dir, values, options));
  const errorLog = join(dir, 'error.log');
  const child: ChildProcess = spawn(NGINX_BIN, ['-p', `${dir}/`, '-c', config, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let alive = true;
  void exited.then(() => (alive = false));
  const failure = () => {
    const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '';
    return new Error(`nginx (${NGINX_BIN} -c ${config}) did not start: ${stderr}${log}`.trim());
  };
  for (let i = 0; i < 100; i++) {
    if (!alive) break;
    if ((await accepts(port)) && (!options.staticPort || (await accepts(options.staticPort)))) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!alive || !(await accepts(port))) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw failure();
  }
  const accessLog = join(dir, 'access.log');
  const logSize = () => (existsSync(accessLog) ? readFileSync(accessLog).length : 0);
  return {
    base: `http://127.0.0.1:${port}`,
    staticBase: options.staticPort ? `http://127.0.0.1:${options.staticPort}` : undefined,
    dir,
    accessLog,
    logSize,
    cacheStatuses: (fromByte = 0) => {
      const counts: Record<string, number> = {};
      if (!existsSync(accessLog)) return counts;
      const text = readFileSync(accessLog).subarray(fromByte).toString('utf8');
      for (const match of text.matchAll(/ cache=(\S*)$/gm)) counts[match[1]] = (counts[match[1]] ?? 0) + 1;
      return counts;
    },
    stop: async () => {
      if (alive) {
        child.kill('SIGTERM'); // fast shutdown: open connections are closed
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
