/** Moderation worker process (distributed mode): the image checks of every upload. */
import { createOpenAIFromConfig, createStoreFromConfig, runStageWorker } from '@snapnotes/runtime';
import { buildModerationStage } from './wire.js';

await runStageWorker('moderation', async (config, logger) => {
  const store = createStoreFromConfig(config, logger);
  const stage = await buildModerationStage(config, { store, openai: createOpenAIFromConfig(config), logger });
  return { handlers: { moderation: stage.handler }, readiness: { s3: () => store.ping() }, close: () => stage.close() };
});
