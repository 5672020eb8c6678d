// Loads one api route for a few seconds and reports the api's CPU time per request (main thread and the others,
// from /proc), optionally with a CPU profile of the load window split into layers (layers.mjs). Usage:
//   node bench/profile/run.mjs --path '/api/search?q=restaurant' [--miss] [--profile out.cpuprofile]
//     [--seconds 15] [--connections 16] [--port 3300] [--main api/dist/main.js --main other/main.js] [--rounds 1]
// Several --main builds are run in turn, round after round (an A/B in one run). The api runs with the environment
// given (DATABASE_URL, REDIS_PREFIX, LOG_LEVEL …; silent unless set) as the bench starts it.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { layerTable, printTable } from './layers.mjs';

const { values: o } = parseArgs({
  options: {
    path: { type: 'string', default: '/health/live' },
    miss: { type: 'boolean', default: false },
    profile: { type: 'string' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '16' },
    port: { type: 'string', default: process.env.PORT ?? '3300' },
    header: { type: 'string', multiple: true, default: [] },
    main: { type: 'string', multiple: true, default: ['api/dist/main.js'] },
    rounds: { type: 'string', default: '1' },
  },
});
const TICK_MS = 1000 / 100; // USER_HZ

/** CPU time (user + system, ms) of each thread of the process. */
function threadTimes(pid) {
  const out = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) * TICK_MS);
    } catch {
      // thread gone
    }
  }
  return out;
}

async function measure(main) {
  mkdirSync('bench/tmp/var', { recursive: true });
  const env = {
    LOG_LEVEL: 'silent',
    DATA_DIR: 'bench/tmp/var',
    NODE_ENV: 'production',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'profile-admin-password',
    BENCH_CACHE_MISS: 'true',
    ...process.env,
    PORT: o.port,
    CPU_PROFILE_OUT: o.profile ?? '',
  };
  const args = o.profile ? ['--import', './bench/profile/cpu-hook.mjs', main] : [main];
  const api = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${o.port}`;
  const headers = Object.fromEntries(o.header.map((h) => h.split(/:\s*/, 2).map((s) => s.toLowerCase())));
  if (o.miss) headers['x-bench-cache-miss'] = '1';
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/health/live`)).ok) break;
      } catch {
        if (i > 240) throw new Error('the api did not start');
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const load = (seconds) =>
      autocannon({ url: base + o.path, connections: Number(o.connections), duration: seconds, headers });
    await load(3); // warm-up: JIT, pools, caches
    const before = threadTimes(api.pid);
    if (o.profile) api.kill('SIGUSR2');
    const result = await load(Number(o.seconds));
    const after = threadTimes(api.pid);
    if (o.profile) {
      api.kill('SIGUSR2');
      await new Promise((r) => setTimeout(r, 1500));
    }
    const requests = result.requests.total;
    let main = 0;
    let others = 0;
    for (const [tid, ms] of after) {
      if (tid === api.pid) main += ms - (before.get(tid) ?? 0);
      else others += ms - (before.get(tid) ?? 0);
    }
    const per = (ms) => Math.round((ms / requests) * 1000) / 1000;
    return {
      main: args.at(-1),
      path: o.path,
      requests,
      rps: Math.round(result.requests.average),
      non2xx: result.non2xx,
      errors: result.errors,
      cpuMsPerRequest: per(main + others),
      mainThreadMs: per(main),
      otherThreadsMs: per(others),
      profiled: Boolean(o.profile),
    };
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
  }
}

const runs = [];
for (let round = 0; round < Number(o.rounds); round++) {
  for (const main of o.main) {
    const figures = await measure(main);
    runs.push(figures);
    console.log(JSON.stringify(figures));
  }
}
if (o.main.length > 1 || Number(o.rounds) > 1) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const main of o.main) {
    const mine = runs.filter((r) => r.main === main);
    console.log(
      `${main}: median CPU a request ${median(mine.map((r) => r.cpuMsPerRequest))} ms ` +
        `(main thread ${median(mine.map((r) => r.mainThreadMs))}), ${median(mine.map((r) => r.rps))} req/s`,
    );
  }
}
if (o.profile) printTable(layerTable(JSON.parse(readFileSync(o.profile, 'utf8')), runs.at(-1).mainThreadMs), o.path);
