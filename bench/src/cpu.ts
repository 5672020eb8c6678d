import pidusage from 'pidusage';
import type pg from 'pg';
import { round } from './stats.js';

/**
 * CPU time spent per request during a run, in ms, by the process that answers the requests in Node (the bench
 * itself for the engine, the api over HTTP) and by the PostgreSQL server. On a machine whose cores the client
 * and the server share, this is the capacity a request costs: how fast the cores are at the moment changes it,
 * but not how many clients wait, as latency under a closed loop does.
 */
export interface CpuPerRequest {
  node: number;
  /** Null when the server runs on another machine (its processes are not ours to read). */
  postgres: number | null;
}

/**
 * Starts counting the CPU time of the Node process `nodePid` and of the server's processes; the returned function
 * ends the count and divides it by the requests answered meanwhile.
 */
export async function startCpuCount(
  pool: pg.Pool,
  nodePid: number,
): Promise<(requests: number) => Promise<CpuPerRequest>> {
  const local = await serverIsLocal(pool);
  const serverPids = async () => (local ? await postgresPids(pool) : []);
  const before = await cpuTimes([nodePid, ...(await serverPids())]);
  return async (requests) => {
    // Backends connected during the run are read at its end: all their CPU time was spent within it.
    const after = await cpuTimes([nodePid, ...new Set([...before.keys(), ...(await serverPids())])]);
    const spent = (pid: number) => (after.get(pid) ?? before.get(pid) ?? 0) - (before.get(pid) ?? 0);
    const server = [...after.keys()].filter((pid) => pid !== nodePid).reduce((sum, pid) => sum + spent(pid), 0);
    const per = (ms: number) => round(ms / Math.max(1, requests), 2);
    return { node: per(spent(nodePid)), postgres: local ? per(server) : null };
  };
}

/** CPU time (user and system, ms) of each process still running; those gone or unreadable are left out. */
async function cpuTimes(pids: number[]): Promise<Map<number, number>> {
  const read = await Promise.allSettled(pids.map(async (pid) => [pid, (await pidusage(pid)).ctime] as const));
  pidusage.clear();
  return new Map(read.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
}

/** Every process of the server (backends and its own workers); the postmaster itself only waits. */
async function postgresPids(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity');
  return rows.map((r) => r.pid);
}

/** The server's process ids are this machine's when it is reached over a Unix socket or the loopback. */
async function serverIsLocal(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ address: string | null }>('select host(inet_server_addr()) as address');
  const address = rows[0].address;
  return address === null || address === '127.0.0.1' || address === '::1';
}
