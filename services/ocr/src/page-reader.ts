/**
 * Which recogniser reads a page (docs/OCR.md, "Tesseract or PP-OCRv4"). Tesseract reads first, through the layout
 * analysis: its reading is kept when its page confidence is TESSERACT_TRUSTED or more (clean screenshots, rendered
 * pages, printed lines: tesseract keeps their spaces, punctuation and columns, where PP-OCRv4 drops spaces in dense
 * text and reads straight across two columns), when the page is code or dark mode, and when the page is not
 * English (PP-OCRv4's dictionary has no ê, ö, ß or ñ). Otherwise — scanned and photographed receipts and forms,
 * tables in small print, faint or degraded text, and pages where tesseract found next to nothing — PP-OCRv4 reads
 * it, and its reading is kept when it is confident (PADDLE_TRUSTED). The words its recogniser ran together are
 * split first (glued-words.ts: "callsfor" → "calls for", by English word lists).
 *
 * The rule was measured on the real-world corpus (pnpm bench:ocr): on its 79-image sample, keeping tesseract's
 * reading from a confidence of 92 gave 8.3% CER where choosing the better reading of each image by its truth gave
 * 8.0%; 90 gave 9.4%, 85 13.8%. Tesseract's confidence tells: PP-OCRv4's does not (93–98 on pages it read at 1%
 * and at 30% alike).
 */
import type { Logger } from '@snapnotes/contracts';
import { looksLikeCode } from './blocks.js';
import { englishWords, splitGluedWords } from './glued-words.js';
import { MIN_TEXT_CHARS } from './has-text.js';
import type { PaddleLine, PaddlePool } from './paddle/index.js';
import { paddleReading } from './paddle-reader.js';
import type { ReadImage } from './reader.js';
import type { RecognizeBufferResult } from './recognize.js';

/** Tesseract's page confidence from which its reading is kept without asking PP-OCRv4. */
export const TESSERACT_TRUSTED = 92;
/**
 * PP-OCRv4's reading is kept only when its confidence (the mean over its characters) reaches this: text it reads
 * scores 85–99, while what its detector finds in a picture without text (foliage, fabric, a keyboard) reads at
 * lower confidence, and that picture must stay a picture.
 */
export const PADDLE_TRUSTED = 80;

export interface PageReaderDeps {
  /** The tesseract path (recognize.ts, with the layout analysis and language detection). */
  tesseract: ReadImage;
  paddle: PaddlePool;
  logger: Logger;
  /**
   * Whether PP-OCRv4 starts reading a page at once, beside tesseract, given how many pages are being read now (this
   * one included): on a core that would otherwise wait, a page tesseract is unsure of then costs the longer of the
   * two readings, not both one after the other. Its reading is dropped when tesseract's is kept. Default: never.
   */
  speculate?: (pagesInFlight: number) => boolean;
}

/** Whether PP-OCRv4 (English and digits) can read a page tesseract read as `first`, asked for `languages`. */
function englishPage(first: RecognizeBufferResult, languages: readonly string[]): boolean {
  if (first.language !== null) return first.language === 'eng';
  return languages.includes('eng');
}

/**
 * Pages PP-OCRv4 reads worse than tesseract whatever tesseract's confidence: source code (tesseract scores code
 * tokens low, yet reads them, and the layout keeps their indentation, which PP-OCRv4's boxes lose) and dark mode
 * (light text on dark: measured on the generated corpus, PP-OCRv4 read dark chats at 7.8% and dark code at 16.8%
 * where tesseract through the layout read 0.6% and 3.2%).
 */
function tesseractsKind(first: RecognizeBufferResult): boolean {
  return first.inverted || looksLikeCode(first.text);
}

export interface PageReader extends ReadImage {
  /**
   * Resolves once no PP-OCRv4 reading started beside tesseract is still running: the pool must not be closed under
   * one (ONNX Runtime aborts the process when its thread is terminated mid-run).
   */
  settled(): Promise<void>;
}

export function createPageReader(deps: PageReaderDeps): PageReader {
  const log = deps.logger.child({ component: 'page-reader' });
  let inFlight = 0;
  const speculative = new Set<Promise<unknown>>();
  const read = (async (image, languages) => {
    inFlight++;
    try {
      return await readPage(image, languages, deps.speculate?.(inFlight) ?? false);
    } finally {
      inFlight--;
    }
  }) as PageReader;
  read.settled = async () => {
    await Promise.allSettled([...speculative]);
  };
  async function readPage(image: Buffer, languages: readonly string[], speculate: boolean) {
    const started = performance.now();
    let early: Promise<PaddleLine[]> | null = null;
    if (speculate) {
      early = deps.paddle.recognize(image);
      // Awaited below when tesseract's reading is not kept; never an unhandled rejection when it is.
      const done = early.catch(() => {}).finally(() => speculative.delete(done));
      speculative.add(done);
    }
    const first = await deps.tesseract(image, [...languages]);
    // Fewer characters than a page of text has: tesseract found next to nothing, and PP-OCRv4 is asked regardless.
    const little = first.text.replace(/\s+/g, '').length < MIN_TEXT_CHARS;
    if (!little && (first.confidence >= TESSERACT_TRUSTED || tesseractsKind(first))) return first;
    if (!englishPage(first, languages)) return first;
    let lines: PaddleLine[];
    const from = early ? started : performance.now();
    try {
      lines = await (early ?? deps.paddle.recognize(image));
    } catch (err) {
      // PP-OCRv4 is the second opinion: when it fails (a model file missing, a thread that died, a time limit), the
      // page keeps tesseract's reading rather than failing the upload.
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'PP-OCRv4 failed; keeping tesseract reading');
      return first;
    }
    if (lines.length === 0) return first;
    // The words its recogniser ran together, split (an English page: PP-OCRv4 reads no other).
    const words = await englishWords();
    lines = lines.map((l) => ({ ...l, text: splitGluedWords(l.text, words) }));
    const second = paddleReading(lines, {
      language: first.language ?? (languages.includes('eng') ? 'eng' : null),
      heading: first.heading,
      ms: performance.now() - from,
    });
    if (second.confidence < PADDLE_TRUSTED) return first;
    second.timings.prepareMs = first.timings.prepareMs;
    if (!early) second.timings.recognizeMs += first.timings.recognizeMs;
    return second;
  }
  return read;
}
