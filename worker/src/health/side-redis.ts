import { type AppConfig, sideRedis, whenReady } from '@directory/core';
import { WORKER_CONFIG } from '../config/worker-config.module.js';

/** Injection token of the worker's Redis client for its heartbeat, job metrics and cache invalidation. */
export const WORKER_REDIS = Symbol('WORKER_REDIS');

export const workerRedisProvider = {
  provide: WORKER_REDIS,
  inject: [WORKER_CONFIG],
  useFactory: async (config: AppConfig) => {
    const redis = sideRedis(config, 'directory-worker', 2000);
    await whenReady(redis);
    return redis;
  },
};
