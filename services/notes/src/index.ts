export { createNotesStage, FALLBACK_TITLE, type NotesStageDeps } from './stage.js';
export * from './wire.js';
