/**
 * @snapnotes/text-moderation: what text SnapNotes refuses to process, decided from a page's OCR text and the
 * confidence each word was read with. The local filter (rules.ts, lexicon.ts) needs no key; OpenAI moderation joins
 * it when configured, decided by its category scores. Used by the summarise stage (the text of every upload) and by
 * the moderation service (its OpenAI image check shares the request and the gate).
 */
export { wordsOf, normaliseWord, squeeze, type Word } from './words.js';
export { judge, type Finding, type Judgement, type JudgeOptions, type TextCategory } from './rules.js';
export {
  createLocalTextFilter,
  LOCAL_TEXT_FILTER,
  MIN_WORD_CONFIDENCE,
  type LocalTextFilter,
  type LocalTextFilterOptions,
} from './filter.js';
export {
  createOpenAITextModerator,
  decideByScores,
  isModerationUnavailable,
  ModerationUnavailableError,
  OPENAI_MODERATION_MODEL,
  requestModerationScores,
  TEXT_SCORE_THRESHOLDS,
  withoutUncertainWords,
  type CategoryScores,
  type ModerationInput,
  type OpenAITextModeratorOptions,
  type ScoreDecision,
} from './openai.js';
export {
  combineTextVerdicts,
  createOpenAIGate,
  createTextModerator,
  type CreateTextModeratorOptions,
  type OpenAIGate,
  type OpenAIModerationMode,
  type TextModerationConfig,
} from './compose.js';
