/** The notes rubric for `pnpm bench:notes` (bench/src/notes.ts), as the package's `./rubric` export. */
export { CORPUS } from './corpus/index.js';
export { type ItemScore, figures, report, runRubric, scoreItem } from './score.js';
export type { RubricItem } from './types.js';
