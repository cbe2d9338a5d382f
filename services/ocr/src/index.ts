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
  type PreparedImage,
  type PreparedLayout,
  type PreprocessOptions,
} from './preprocess.js';
export {
  analyseGrey,
  analyseOnThisThread,
  DARK_MEAN_LUMINANCE,
  DARK_POLARITY_RATIO,
  polarityRatio,
  type GreyAnalyser,
  type GreyAnalysis,
} from './analysis.js';
export { createAnalysisPool, type AnalysisPool } from './analysis-pool.js';
export { analyseScreen, MIN_FLAT_SHARE, type AnalyseOptions, type LayoutBlock, type ScreenLayout } from './layout.js';
export { cleanOcrLines, cleanOcrText, stripLineNumbers, type CleanedText } from './clean.js';
export {
  recognizeBuffer,
  findHeading,
  fontSizeOf,
  SMALL_TEXT_LINE_HEIGHT,
  RETRY_BELOW_CONFIDENCE,
  HEADING_MIN_RATIO,
  HEADING_TOP_SHARE,
  type PlacedLine,
  type RecognizeBufferResult,
  type RecognizeOptions,
} from './recognize.js';
export { createOcrStage, hasEnoughText, MIN_TEXT_CHARS, MIN_TEXT_CONFIDENCE, type OcrStageDeps } from './stage.js';
export * from './wire.js';
