export * from './generate.js';
export * from './request.js';
