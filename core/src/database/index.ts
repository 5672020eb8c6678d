export * from './aggregates.js';
export * from './database-admin.js';
export * from './entities/index.js';
export * from './orm-options.js';
export * from './pool.js';
export * from './contact-retention.js';
export * from './import-approval.js';
export * from './like-pattern.js';
