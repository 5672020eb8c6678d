export * from './catalogue-cache.js';
export * from './heartbeat.js';
export * from './job-metrics.js';
export * from './redis.js';
export * from './request-context.js';
