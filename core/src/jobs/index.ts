/** One contract per BullMQ queue: job names, data, progress, results, default options and enqueue helpers. */
export * from './queues.js';
export * from './maintenance.js';
export * from './search.js';
export * from './exports.js';
export * from './slugs.js';
export * from './sitemaps.js';
export * from './imports.js';
export * from './import-uploads.js';
export * from './business-selection.js';
