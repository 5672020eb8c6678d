/**
 * The cached mix through nginx's proxy_cache (deploy/nginx, issue 8's remedy): Debian's nginx in front of the
 * bench's api, warmed with one pass of the mix, then the mix at each concurrency — with autocannon (as the direct
 * figures) and with wrk (a C client: is autocannon the bottleneck at these rates?) — next to the same warm mix
 * on the api directly under wrk and nginx answering `return 200` (its floor on this machine). nginx's hit ratio
 * is counted from its access log ($upstream_cache_status).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { load, type LoadRun } from './http-load.js';
import { freePort, NGINX_BIN, NGINX_MISSING, startNginx } from './nginx.js';
import { WRK_BIN, WRK_MISSING, wrkLoad } from './wrk.js';

/** A run through nginx and what its cache did meanwhile. */
export type NginxRun = LoadRun & {
  /** Access log lines by $upstream_cache_status ('-': not cacheable there). */
  cacheStatuses: Record<string, number>;
  /** (HIT + STALE + UPDATING) ÷ requests: answered by nginx without asking the api. */
  hitRatio: number | null;
};

export interface NginxFigures {
  version: string;
  workers: string;
  /** One pass of the mix through nginx from its empty cache (16 clients, autocannon). */
  warmPass: NginxRun;
  /** By concurrency. */
  runs: Record<
    string,
    {
      /** The warm mix through nginx: autocannon (like the direct figures), then wrk. */
      autocannon: NginxRun;
      wrk: NginxRun;
      /** The warm mix on the api directly, under wrk (the direct autocannon figure is mix.runs[c].warm). */
      directWrk: LoadRun;
      /** nginx's `return 200` server: its own floor, under each client. */
      staticAutocannon: LoadRun;
      staticWrk: LoadRun;
    }
  >;
}

/** Why the nginx part cannot run, or null. */
export function nginxMissing(): string | null {
  if (!existsSync(NGINX_BIN)) return NGINX_MISSING;
  if (!existsSync(WRK_BIN)) return WRK_MISSING;
  return null;
}

const HITS = ['HIT', 'STALE', 'UPDATING'];

export async function measureThroughNginx(
  apiBase: string,
  mixPaths: readonly string[],
  options: { concurrency: number[]; durationSeconds: number; callSeconds: number },
  log: (line: string) => void,
  fmt: (run: LoadRun) => string,
): Promise<NginxFigures> {
  const probe = spawnSync(NGINX_BIN, ['-v'], { encoding: 'utf8' }); // nginx prints its version on stderr
  const version = `${probe.stderr}${probe.stdout}`.trim();
  const nginx = await startNginx({ upstream: new URL(apiBase).host, staticPort: await freePort() });
  const withCache = async (run: () => Promise<LoadRun>): Promise<NginxRun> => {
    const mark = nginx.logSize();
    const result = await run();
    const cacheStatuses = nginx.cacheStatuses(mark);
    const total = Object.values(cacheStatuses).reduce((s, v) => s + v, 0);
    const hits = HITS.reduce((s, k) => s + (cacheStatuses[k] ?? 0), 0);
    return { ...result, cacheStatuses, hitRatio: total ? hits / total : null };
  };
  const statuses = (r: NginxRun) =>
    `nginx hits ${r.hitRatio === null ? '–' : `${Math.round(r.hitRatio * 1000) / 10} %`} ${JSON.stringify(r.cacheStatuses)}`;
  try {
    log(`  ${version}, worker_processes auto; cache in ${nginx.dir}`);
    // The api's own cache first (the runs before may have invalidated it), then nginx's.
    await load(apiBase, mixPaths, 16, 0, { amount: mixPaths.length });
    const warmPass = await withCache(() => load(nginx.base, mixPaths, 16, 0, { amount: mixPaths.length }));
    log(
      `  one pass of the mix through nginx from its empty cache (16 clients): ${fmt(warmPass)}; ${statuses(warmPass)}`,
    );
    const runs: NginxFigures['runs'] = {};
    for (const c of options.concurrency) {
      const staticAutocannon = await load(nginx.staticBase!, ['/'], c, options.callSeconds);
      const staticWrk = await wrkLoad(nginx.staticBase!, ['/'], c, options.callSeconds);
      const directWrk = await wrkLoad(apiBase, mixPaths, c, options.durationSeconds);
      const autocannon = await withCache(() => load(nginx.base, mixPaths, c, options.durationSeconds));
      const wrk = await withCache(() => wrkLoad(nginx.base, mixPaths, c, options.durationSeconds));
      runs[c] = { autocannon, wrk, directWrk, staticAutocannon, staticWrk };
      log(
        `  ×${c} via nginx, autocannon: ${fmt(autocannon)}; ${statuses(autocannon)}\n` +
          `     via nginx, wrk:        ${fmt(wrk)}; ${statuses(wrk)}\n` +
          `     api directly, wrk:     ${fmt(directWrk)}\n` +
          `     nginx return 200:      autocannon ${fmt(staticAutocannon)} | wrk ${fmt(staticWrk)}`,
      );
    }
    return { version, workers: 'auto', warmPass, runs };
  } finally {
    await nginx.stop();
  }
}
