import type { Config } from '@snapnotes/config';
import type { Logger, ObjectStore, StageHandlers } from '@snapnotes/contracts';
import { createAnalysisPool } from './analysis-pool.js';
import { createTesseractEngine } from './engine.js';
import { createOcrStage } from './stage.js';

/** Builds the OCR stage with a warm pool of tesseract workers (DESIGN §4). */
export async function buildOcrStage(
  config: Config,
  deps: { store: ObjectStore; logger: Logger },
): Promise<{ handler: StageHandlers['ocr']; close(): Promise<void> }> {
  const engine = await createTesseractEngine({
    languages: config.OCR_LANGUAGES,
    poolSize: config.OCR_POOL_SIZE,
    tessdataDir: config.TESSDATA_DIR,
    logger: deps.logger,
  });
  await engine.warm();
  // One analysis thread per tesseract worker: each page is analysed, then recognised.
  const analysis = createAnalysisPool({ threads: config.OCR_POOL_SIZE });
  return {
    handler: createOcrStage({ store: deps.store, engine, logger: deps.logger, analyser: analysis.analyse }),
    close: async () => {
      await Promise.all([engine.close(), analysis.close()]);
    },
  };
}
