/**
 * The OCR path of one image, shared by the stage and the benchmark: preprocess, recognise, retry small text once
 * at 2× when confidence is low (DESIGN §4: upscaling fixes small text but costs 1.5–2.5× time), clean the noise.
 */
import type { OcrEngine, OcrRecognition } from '@snapnotes/contracts';
import { cleanOcrLines, cleanOcrText, type CleanedText } from './clean.js';
import type { OcrLine } from './engine.js';
import { MAX_OCR_PIXELS, preprocessImage, rescalePrepared, type PreparedImage } from './preprocess.js';

/** Median line-box height (px) under which text counts as small. 20 px type gives ~19 px boxes, 12 px gives ~12. */
export const SMALL_TEXT_LINE_HEIGHT = 16;
/** Confidence under which small text is read again at 2×. */
export const RETRY_BELOW_CONFIDENCE = 90;

export interface RecognizeBufferResult {
  /** Cleaned text. */
  text: string;
  /** Mean word confidence of the kept words (tesseract's page confidence for engines without word data). */
  confidence: number;
  /** True when the 2× retry ran and its result was kept. */
  upscaled: boolean;
  /** True when the retry ran (kept or not). */
  retried: boolean;
  /** True when the image was dark mode and was inverted. */
  inverted: boolean;
  /** Median line height in pixels of the image that was kept (null when unknown). */
  lineHeight: number | null;
}

function linesOf(rec: OcrRecognition): OcrLine[] | null {
  const lines = (rec as { lines?: unknown }).lines;
  return Array.isArray(lines) ? (lines as OcrLine[]) : null;
}

function clean(rec: OcrRecognition): CleanedText & { lineHeight: number | null } {
  const lines = linesOf(rec);
  if (!lines)
    return {
      text: cleanOcrText(rec.text),
      confidence: rec.confidence,
      keptLines: 0,
      droppedLines: 0,
      lineHeight: null,
    };
  const heights = lines
    .filter((l) => l.words.length > 0)
    .map((l) => l.height)
    .sort((a, b) => a - b);
  return { ...cleanOcrLines(lines), lineHeight: heights.length ? heights[heights.length >> 1]! : null };
}

/**
 * Runs preprocess + recognition exactly as the OCR stage does. Throws InvalidImageError for undecodable or
 * oversized images, UnsupportedLanguageError for languages the engine lacks; other errors are transient.
 */
export async function recognizeBuffer(
  engine: OcrEngine,
  buffer: Buffer,
  languages: string[],
): Promise<RecognizeBufferResult> {
  const prepared: PreparedImage = await preprocessImage(buffer);
  const first = clean(await engine.recognize(prepared.pgm, languages));
  const result: RecognizeBufferResult = {
    text: first.text,
    confidence: first.confidence,
    upscaled: false,
    retried: false,
    inverted: prepared.inverted,
    lineHeight: first.lineHeight,
  };
  const small = first.lineHeight !== null && first.lineHeight < SMALL_TEXT_LINE_HEIGHT;
  const fits = prepared.width * prepared.height * 4 <= MAX_OCR_PIXELS;
  if (small && first.confidence < RETRY_BELOW_CONFIDENCE && fits) {
    const larger = await rescalePrepared(prepared, 2);
    const second = clean(await engine.recognize(larger.pgm, languages));
    result.retried = true;
    if (second.confidence > first.confidence) {
      Object.assign(result, {
        text: second.text,
        confidence: second.confidence,
        upscaled: true,
        lineHeight: second.lineHeight,
      });
    }
  }
  return result;
}
