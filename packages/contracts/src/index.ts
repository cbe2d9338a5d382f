export * from './api.js';
export * from './jobs.js';
export * from './languages.js';
export * from './limits.js';
export * from './notes-query.js';
export * from './ports.js';
export * from './verdict.js';
export * from './words.js';
