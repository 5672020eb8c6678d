export * from './generate.js';
