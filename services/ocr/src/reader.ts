/**
 * The product's whole OCR engine, as one object: the warm tesseract pool, the pixel-analysis threads and the path
 * of one image (recognize.ts) with language detection over every language the pool offers. The OCR stage, the
 * embedded start and the benchmarks all read images through it, so what is measured is what runs.
 */
import type { Logger } from '@snapnotes/contracts';
import { createAnalysisPool } from './analysis-pool.js';
import { createTesseractEngine } from './engine.js';
import { createPaddlePool } from './paddle/index.js';
import { createPageReader } from './page-reader.js';
import { recognizeBuffer, type RecognizeBufferResult } from './recognize.js';

/** Reads one image; `languages` are the ones to try first (the user's), others are detected and re-read. */
export type ReadImage = (image: Buffer, languages: string[]) => Promise<RecognizeBufferResult>;

export interface OcrReader {
  /** Every language the engine can read (tesseract codes). */
  readonly languages: readonly string[];
  read: ReadImage;
  /** What runs now: tesseract workers, analysis threads, PP-OCRv4 threads (0 when released or not yet started). */
  engines(): { tesseractWorkers: number; analysisThreads: number; paddleThreads: number };
  close(): Promise<void>;
}

export interface OcrReaderOptions {
  /** Languages the engine offers; their data is loaded when a page first needs it. */
  languages: string[];
  /** tesseract workers kept warm, and as many analysis threads. */
  poolSize: number;
  /** A folder of plain `<lang>.traineddata` files (Debian's tessdata in the containers); default: npm data. */
  tessdataDir?: string;
  logger: Logger;
  /**
   * auto (default): tesseract reads every page and PP-OCRv4 those tesseract reads with low confidence
   * (page-reader.ts); tesseract: tesseract alone (no PP-OCRv4 threads: about 0.7 GB less memory).
   */
  engine?: 'auto' | 'tesseract';
  /**
   * Quiet-server release (docs/PERFORMANCE.md, "Memory"): nothing is started before the first image; when > 0, after
   * this long without one the tesseract workers, the analysis threads and the PP-OCRv4 host end, and the next image
   * starts them again. 0 (default): once started they stay.
   */
  idleMs?: number;
}

export async function startOcrReader(options: OcrReaderOptions): Promise<OcrReader> {
  const idleMs = options.idleMs ?? 0;
  const engine = await createTesseractEngine({
    languages: options.languages,
    poolSize: options.poolSize,
    tessdataDir: options.tessdataDir,
    logger: options.logger,
    idleMs,
  });
  // One analysis thread per tesseract worker: each page is analysed, then recognised.
  const analysis = createAnalysisPool({ threads: options.poolSize, idleMs });
  const tesseract: ReadImage = (image, languages) =>
    recognizeBuffer(engine, image, languages, { analyser: analysis.analyse, detectLanguages: engine.languages });
  const paddle =
    options.engine === 'tesseract'
      ? null
      : createPaddlePool({ threads: options.poolSize, logger: options.logger, idleMs });
  const pageReader = paddle
    ? createPageReader({
        tesseract,
        paddle,
        logger: options.logger,
        // PP-OCRv4 reads beside tesseract while the pages in flight leave a core free for it (one page at a time on
        // two cores): a page tesseract is unsure of is then read in the longer of the two times, not their sum.
        speculate: (pages) => pages * 2 <= options.poolSize,
      })
    : null;
  return {
    languages: engine.languages,
    read: pageReader ?? tesseract,
    engines: () => ({
      tesseractWorkers: engine.stats().workers,
      analysisThreads: analysis.threads(),
      paddleThreads: paddle?.threads() ?? 0,
    }),
    close: async () => {
      // A PP-OCRv4 reading started beside tesseract may still run: the pool closes after it.
      await pageReader?.settled();
      await Promise.all([engine.close(), analysis.close(), paddle?.close()]);
    },
  };
}
