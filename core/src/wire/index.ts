/** The api's answers and rules the web shares with it, browser-safe (the web imports these files directly). */
export * from './contact.js';
export * from './paging.js';
export * from './uploads.js';
export * from './admin-businesses.js';
export * from './admin-system.js';
export * from './listing.js';
export * from './admin-settings.js';
export * from './exports.js';
export * from './jobs.js';
export * from './admin-pages.js';
export * from './search.js';
export * from './synonyms.js';
export * from './category-merges.js';
export * from './import-problems.js';
export * from './import-preview.js';
export * from './audit.js';
