export * from './logger.js';
export * from './wiring.js';
export * from './shutdown.js';
export * from './worker.js';
