export * from './business-writer.js';
export * from './columns.js';
export * from './import-file.js';
export * from './normalize-row.js';
export * from './readers.js';
export { isoCountryCode } from './country-code.js';
export * from './problem-file.js';
export * from './preview-file.js';
export * from './layouts.js';
