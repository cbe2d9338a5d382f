export {
  createNsfwImageModerator,
  decodeForNsfw,
  ImageDecodeError,
  NSFW_INPUT_SIZE,
  DEFAULT_SEXY_THRESHOLD,
  type NsfwClass,
  type NsfwScores,
  type NsfwImageModerator,
  type NsfwModeratorOptions,
} from './nsfw.js';
export {
  createOpenAIImageModerator,
  IMAGE_SCORE_THRESHOLDS,
  ModerationUnavailableError,
  isModerationUnavailable,
  OPENAI_MODERATION_MODEL,
  type OpenAIModeratorOptions,
} from './openai.js';
export { createModerators, type CreateModeratorsOptions, type ModerationConfig, type Moderators } from './compose.js';
export { createModerationStage, DEFAULT_MODERATION_PARALLELISM, type ModerationStageDeps } from './stage.js';
export * from './wire.js';
