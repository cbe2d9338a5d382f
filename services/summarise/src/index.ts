export { summaryText } from './local/blocks.js';
export { type ImageFacts, type ImageKind, analyseImage, colourName, describeImagesLocally } from './describe.js';
export { detectLanguage, languageName } from './language.js';
export { joinScrolls } from './local/pages.js';
export { joinScrollTexts } from './local/scroll.js';
export { LOCAL_ENGINE, type LocalSummariserOptions, createLocalSummariser, describeCode } from './local.js';
export {
  NOTE_JSON_SCHEMA,
  type OpenAISummariserOptions,
  SummariserUnavailableError,
  createOpenAISummariser,
  parseModelReply,
  stripCodeFences,
} from './openai.js';
export { type SummariseStageDeps, createSummariseStage } from './stage.js';
export { normaliseDraft, shorten, tidyHeading, tidyOriginalText } from './text.js';
export { buildSummariseStage } from './wire.js';
