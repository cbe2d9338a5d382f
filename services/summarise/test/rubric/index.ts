/** The notes rubric for `pnpm bench:notes` (bench/src/notes.ts), as the package's `./rubric` export. */
export { CORPUS } from './corpus/index.js';
export { type ItemScore, figures, junkRule, report, runRubric, scoreItem } from './score.js';
export type { RubricItem } from './types.js';
export { dateFound, shopFound, totalFound } from './facts.js';
export { kindFacts } from './real-kinds.js';
export { FACT_CORPUS } from './facts/corpus/index.js';
export { runFacts } from './facts/run.js';
export { type FactScore, factFigures, factReport, missedTargets } from './facts/score.js';
