import type { Config } from '@snapnotes/config';
import type { Logger, ObjectStore, StageHandlers } from '@snapnotes/contracts';
import { startOcrReader } from './reader.js';
import { createOcrStage } from './stage.js';

/** Builds the OCR stage on the product's OCR engine: a warm pool of tesseract workers (DESIGN §4). */
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
  });
  return {
    handler: createOcrStage({ store: deps.store, read: reader.read, logger: deps.logger }),
    close: () => reader.close(),
  };
}
