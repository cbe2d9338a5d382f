import type { Logger, StageHandlers } from '@snapnotes/contracts';
import type { NotesRepo } from '@snapnotes/db';
import { createNotesStage } from './stage.js';

export function buildNotesStage(deps: { notes: NotesRepo; logger: Logger }): { handler: StageHandlers['notes'] } {
  return { handler: createNotesStage(deps) };
}
