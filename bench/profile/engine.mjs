// The engine's own Node CPU for one query, in this process (no HTTP): the same query the api is loaded with,
// from `connections` concurrent callers for a few seconds. Usage:
//   node bench/profile/engine.mjs [--q restaurant] [--seconds 10] [--connections 16] [--profile out.cpuprofile]
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '@directory/core';
import { openSearch } from '@directory/search';

const { values: o } = parseArgs({
  options: {
    q: { type: 'string', default: 'restaurant' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    profile: { type: 'string' },
  },
});
const search = openSearch(loadConfig(), 10);
const query = { q: o.q, page: 1, limit: 20 };
const load = async (ms) => {
  let count = 0;
  const deadline = performance.now() + ms;
  const client = async () => {
    while (performance.now() < deadline) {
      await search.engine.search(query);
      count++;
    }
  };
  await Promise.all(Array.from({ length: Number(o.connections) }, client));
  return count;
};
await load(3000); // warm-up
const session = new Session();
if (o.profile) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const before = process.cpuUsage();
const count = await load(Number(o.seconds) * 1000);
const spent = process.cpuUsage(before);
if (o.profile) writeFileSync(o.profile, JSON.stringify((await session.post('Profiler.stop')).profile));
const ms = (spent.user + spent.system) / 1000;
console.log(
  JSON.stringify({
    q: o.q,
    searches: count,
    perSecond: Math.round(count / Number(o.seconds)),
    cpuMsPerSearch: Math.round((ms / count) * 1000) / 1000,
  }),
);
await search.close();
