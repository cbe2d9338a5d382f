/** Summarise worker process (distributed mode): the text checks, then the summary or the image description. */
import { createOpenAIFromConfig, createStoreFromConfig, runStageWorker } from '@snapnotes/runtime';
import { buildSummariseStage } from './wire.js';

await runStageWorker('summarise', async (config, logger) => {
  const store = createStoreFromConfig(config, logger);
  const stage = await buildSummariseStage(config, { store, openai: createOpenAIFromConfig(config), logger });
  return { handlers: { summarise: stage.handler }, readiness: { s3: () => store.ping() }, close: async () => {} };
});
