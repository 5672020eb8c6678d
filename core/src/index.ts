export * from './config/config.js';
export * from './database/index.js';
export * from './rules/amenities.js';
export * from './rules/countries.js';
export * from './rules/json-text.js';
export * from './rules/opening-hours.js';
export * from './rules/slug.js';
export * from './queues/queues.js';
