export {
  createTesseractEngine,
  linesFromTsv,
  EngineClosedError,
  UnsupportedLanguageError,
  type EngineStats,
  type OcrLine,
  type OcrWord,
  type TesseractEngine,
  type TesseractEngineOptions,
  type TesseractRecognition,
} from './engine.js';
export {
  preprocessImage,
  rescalePrepared,
  InvalidImageError,
  MAX_OCR_PIXELS,
  MAX_OCR_SIDE,
  DARK_MEAN_LUMINANCE,
  DARK_POLARITY_RATIO,
  polarityRatio,
  type PreparedImage,
  type PreprocessOptions,
} from './preprocess.js';
export { cleanOcrLines, cleanOcrText, type CleanedText } from './clean.js';
export {
  recognizeBuffer,
  SMALL_TEXT_LINE_HEIGHT,
  RETRY_BELOW_CONFIDENCE,
  type RecognizeBufferResult,
} from './recognize.js';
export { createOcrStage, hasEnoughText, MIN_TEXT_CHARS, MIN_TEXT_CONFIDENCE, type OcrStageDeps } from './stage.js';
export * from './wire.js';
