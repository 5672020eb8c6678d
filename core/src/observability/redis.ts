import { Redis, type RedisOptions } from 'ioredis';
import type { AppConfig } from '../config/config.js';

/** Host, port, credentials and database of a redis:// address, as ioredis and BullMQ take them. */
export function redisAddress(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
  };
}

/**
 * A Redis client for the side uses of Redis (cache, heartbeat, metrics), built to never hold a request up:
 * no offline queue (a command while Redis is away fails at once instead of waiting for a reconnect), short
 * connect and command timeouts, one try per command, and reconnects every second or two in the background.
 * BullMQ keeps its own connections with its own rules (core/src/jobs/queues.ts).
 */
export function sideRedis(config: Pick<AppConfig, 'REDIS_URL'>, name: string, commandTimeoutMs = 250): Redis {
  const options: RedisOptions = {
    ...redisAddress(config.REDIS_URL),
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    commandTimeout: commandTimeoutMs,
    retryStrategy: (attempt) => Math.min(250 * attempt, 2000),
    lazyConnect: false,
  };
  const redis = new Redis(options);
  // Errors surface on the commands (which their callers catch); the event only says the link is down.
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Waits until the client is connected, at most `timeoutMs` (commands fail at once before, having no offline
 * queue). Answers whether it is; a Redis that is down at start does not hold the process up.
 */
export async function whenReady(redis: Redis, timeoutMs = 2000): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise<boolean>((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.once('ready', onReady);
  });
}
