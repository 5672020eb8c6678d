export * from './fields.js';
export * from './request.js';
export * from './write-csv.js';
export * from './files.js';
