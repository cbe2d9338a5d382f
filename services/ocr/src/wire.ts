import type { Config } from '@snapnotes/config';
import type { Logger, ObjectStore, StageHandlers } from '@snapnotes/contracts';
import { startOcrReader } from './reader.js';
import { createOcrStage } from './stage.js';

/**
 * Builds the OCR stage on the product's OCR engine: a pool of tesseract workers (DESIGN §4), started by the first
 * image and released after IDLE_RELEASE_MS without one.
 */
export async function buildOcrStage(
  config: Config,
  deps: { store: ObjectStore; logger: Logger },
): Promise<{ handler: StageHandlers['ocr']; close(): Promise<void> }> {
  const reader = await startOcrReader({
    languages: config.OCR_LANGUAGES,
    poolSize: config.OCR_POOL_SIZE,
    tessdataDir: config.TESSDATA_DIR,
    logger: deps.logger,
    engine: config.OCR_ENGINE,
    idleMs: config.IDLE_RELEASE_MS,
  });
  return {
    handler: createOcrStage({ store: deps.store, read: reader.read, logger: deps.logger }),
    close: () => reader.close(),
  };
}
