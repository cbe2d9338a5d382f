/** PaddleOCR (PP-OCRv4) text detection and recognition in worker threads; see pool.ts. */
export { createPaddlePool, type PaddlePool, type PaddlePoolOptions } from './pool.js';
export { lineCropBox } from './rec.js';
export type { PaddleLine, PaddleModelPaths, TextBox } from './types.js';
