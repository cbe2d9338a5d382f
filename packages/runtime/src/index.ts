export * from './logger.js';
export * from './wiring.js';
export * from './shutdown.js';
export * from './worker.js';
export { uploadStillProcessing } from './upload-check.js';
export * from './metrics.js';
export * from './log-context.js';
export * from './ops-access.js';
export { createImportQueueFromConfig } from './import-queue.js';
