export * from './logger.js';
export * from './wiring.js';
export * from './shutdown.js';
export * from './worker.js';
export { uploadStillProcessing } from './upload-check.js';
export * from './metrics.js';
export * from './log-context.js';
export * from './ops-access.js';
export {
  createSweeper,
  startSweeper,
  staleUploadAgeMs,
  STALE_REPROCESSING_CODE,
  STALE_UPLOAD_CODE,
  type SweepResult,
} from './sweeper.js';
