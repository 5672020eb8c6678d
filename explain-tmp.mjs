import pg from 'pg';
import { PostgresSearchEngine } from '/work/wt/open-now/search/dist/index.js';
const recorded = [];
const original = pg.Client.prototype.query;
let recording = false;
pg.Client.prototype.query = function (config, values, cb) {
  if (recording) {
    if (typeof config === 'string') recorded.push({ text: config, values: Array.isArray(values) ? values : undefined });
    else if (config && config.text) recorded.push({ text: config.text, values: config.values });
  }
  return original.call(this, config, values, cb);
};
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
const engine = new PostgresSearchEngine(pool);
const query = JSON.parse(process.argv[2]);
const now = new Date(process.argv[3]);
await engine.search({ ...query, now });
recording = true;
await engine.search({ ...query, now });
recording = false;
pg.Client.prototype.query = original;
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
for (const s of recorded) {
  if (!/^\s*(with|select)/i.test(s.text) || /pg_stats|QUERY PLAN/.test(s.text)) continue;
  const { rows } = await client.query({ text: `explain (analyze, buffers, timing off, summary on) ${s.text}`, values: s.values });
  const lines = rows.map((r) => r['QUERY PLAN']);
  console.log('----', s.text.replace(/\s+/g, ' ').replace(/case when .*? end\)/, '<open now case>').slice(0, 300));
  console.log(lines.filter((l) => !/^\s*(Buffers|Planning:)/.test(l)).map((l) => l.replace(/Filter: .*case.*/, 'Filter: <open now case ...>')).slice(0, 30).join('\n'));
}
await client.end(); await engine.close(); await pool.end();
