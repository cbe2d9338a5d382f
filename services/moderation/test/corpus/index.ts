/**
 * The moderation corpus as images (the texts: @snapnotes/text-moderation/corpus), and the product's stages to run
 * them through. Used by the integration test (corpus.int.test.ts) and `pnpm bench:moderation`.
 */
export { CORPUS, recordedScores, type CorpusItem } from '@snapnotes/text-moderation/corpus';
export {
  CORPUS_CACHE_DIR,
  EXPLICIT_IMAGE_SEEDS,
  explicitImages,
  photograph,
  renderItems,
  type RenderedItem,
} from './render.js';
export { startCorpusPipeline, type CorpusPipeline, type CorpusStages, type Outcome } from './pipeline.js';
export { tally, type Tally } from './tally.js';
