/** OCR worker process (distributed mode): one job per image, on a warm pool of tesseract workers. */
import { createStoreFromConfig, runStageWorker } from '@snapnotes/runtime';
import { buildOcrStage } from './wire.js';

await runStageWorker('ocr', async (config, logger) => {
  const store = createStoreFromConfig(config, logger);
  const stage = await buildOcrStage(config, { store, logger });
  return { handlers: { ocr: stage.handler }, readiness: { s3: () => store.ping() }, close: () => stage.close() };
});
