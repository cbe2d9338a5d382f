/** Summarise worker process (distributed mode): the text filter, then the summary or the image description. */
import { createModerators } from '@snapnotes/moderation';
import { createOpenAIFromConfig, createStoreFromConfig, runStageWorker } from '@snapnotes/runtime';
import { buildSummariseStage } from './wire.js';

await runStageWorker('summarise', async (config, logger) => {
  const store = createStoreFromConfig(config, logger);
  const openai = createOpenAIFromConfig(config);
  // Only the text checks run here; the image classifier belongs to the moderation worker.
  const { text, close } = await createModerators({
    config: { ...config, MODERATION_IMAGE_CLASSIFIER: false },
    openai: openai ?? undefined,
    logger,
  });
  const stage = await buildSummariseStage(config, { store, openai, textModerator: text, logger });
  return { handlers: { summarise: stage.handler }, readiness: { s3: () => store.ping() }, close };
});
