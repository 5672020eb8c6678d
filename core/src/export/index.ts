export * from './business-fields.js';
export * from './fields.js';
export * from './request.js';
export * from './write-csv.js';
