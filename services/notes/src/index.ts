export { createNotesStage, FALLBACK_TITLE, type NotesStageDeps } from './stage.js';
export * from './wire.js';
export {
  createSweeper,
  startSweeper,
  staleUploadAgeMs,
  STALE_REPROCESSING_CODE,
  STALE_UPLOAD_CODE,
  type SweepResult,
} from './sweeper.js';
