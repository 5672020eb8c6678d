import type { Redis } from 'ioredis';

/** Every worker process writes its heartbeat this often ... */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** ... and counts as gone when its last one is older than this (three missed beats). */
export const HEARTBEAT_STALE_MS = 15_000;

/** A sorted set: member = worker id (host:pid), score = time of its last heartbeat (ms). */
export function heartbeatKey(prefix: string): string {
  return `${prefix}:workers:heartbeat`;
}

export interface WorkerBeat {
  id: string;
  lastBeatAt: string;
  ageMs: number;
}

/** The workers whose heartbeat is fresh, newest first. */
export async function liveWorkers(redis: Redis, prefix: string, now = Date.now()): Promise<WorkerBeat[]> {
  const flat = await redis.zrevrangebyscore(heartbeatKey(prefix), '+inf', now - HEARTBEAT_STALE_MS, 'WITHSCORES');
  const beats: WorkerBeat[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const at = Number(flat[i + 1]);
    beats.push({ id: flat[i], lastBeatAt: new Date(at).toISOString(), ageMs: Math.max(0, now - at) });
  }
  return beats;
}
