/**
 * What other packages use of the OCR service: the stage for the embedded start, and the whole OCR engine
 * (`startOcrReader`) with the "no text" rule for the benchmarks. Everything else is internal to this service.
 */
export { buildOcrStage } from './wire.js';
export { startOcrReader, type OcrReader, type OcrReaderOptions, type ReadImage } from './reader.js';
export type { RecognizeBufferResult } from './recognize.js';
export { hasEnoughText } from './has-text.js';
