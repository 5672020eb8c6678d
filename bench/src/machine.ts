import { readFile } from 'node:fs/promises';
import os from 'node:os';
import type pg from 'pg';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string;
  postgresSettings: Record<string, string>;
  /** 1-minute load average at the start and end of the scale's run: how busy the machine was otherwise. */
  loadAverage: { start: number; end: number | null };
}

const SETTINGS = [
  'port',
  'shared_buffers',
  'huge_pages',
  'work_mem',
  'effective_cache_size',
  'max_parallel_workers_per_gather',
  'jit',
  'autovacuum',
];

export async function machineInfo(pool: pg.Pool): Promise<MachineInfo> {
  const { rows } = await pool.query<{ version: string }>('select version() as version');
  const postgresSettings: Record<string, string> = {};
  for (const name of SETTINGS) {
    const { rows: r } = await pool.query<{ setting: string }>(`select current_setting($1) as setting`, [name]);
    postgresSettings[name] = r[0].setting;
  }
  postgresSettings['huge pages in use'] = await hugePagesInUse(pool);
  return {
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: rows[0].version.split(' on ')[0],
    postgresSettings,
    loadAverage: { start: Math.round(os.loadavg()[0] * 100) / 100, end: null },
  };
}

/**
 * Whether the server's shared memory is in 2 MB pages (huge_pages = try falls back silently; PostgreSQL 15 does
 * not say which it got): its backend maps them as anon_hugepage. Unknown when the server is not on this machine.
 */
async function hugePagesInUse(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
  try {
    return (await readFile(`/proc/${rows[0].pid}/maps`, 'utf8')).includes('anon_hugepage') ? 'yes' : 'no';
  } catch {
    return 'unknown';
  }
}
