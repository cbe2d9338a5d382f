import { performance } from 'node:perf_hooks';
import type { Logger, ObjectStore, StageHandlers } from '@snapnotes/contracts';
import { hasEnoughText } from './has-text.js';
import type { ReadImage } from './reader.js';

export interface OcrStageDeps {
  store: ObjectStore;
  /** The OCR engine's reading of one image (reader.ts). */
  read: ReadImage;
  logger: Logger;
}

/**
 * The OCR stage: one image of an upload → its cleaned text. A page without text is a result (hasText false), not an
 * error: the summarise stage decides what to do with it. Store and engine errors propagate, to be retried by the
 * queue; InvalidImageError and UnsupportedLanguageError are not transient (their `retryable` is false / obvious).
 */
export function createOcrStage(deps: OcrStageDeps): StageHandlers['ocr'] {
  const { store, read } = deps;
  const log = deps.logger.child({ stage: 'ocr' });
  return async (input) => {
    // Parsed once, at the queue boundary (packages/queue stages.ts): stages trust their typed input.
    const { job, image } = input;
    const started = performance.now();
    const data = await store.get(image.key);
    const fetchMs = Math.round(performance.now() - started);
    const result = await read(data, job.languages);
    const hasText = hasEnoughText(result.text, result.confidence);
    const durationMs = Math.round(performance.now() - started);
    // Never log the text itself: it is the user's content.
    log.info(
      {
        jobId: job.jobId,
        correlationId: job.correlationId,
        index: image.index,
        chars: result.text.length,
        confidence: result.confidence,
        hasText,
        upscaled: result.upscaled,
        inverted: result.inverted,
        layoutBlocks: result.layoutBlocks,
        heading: result.heading !== null,
        language: result.language,
        relanguaged: result.relanguaged,
        durationMs,
        fetchMs,
        ...result.timings,
      },
      'page recognised',
    );
    return {
      index: image.index,
      fileName: image.fileName,
      text: result.text,
      confidence: result.confidence,
      hasText,
      durationMs,
      ...(hasText && result.heading ? { heading: result.heading } : {}),
      ...(hasText && result.language ? { language: result.language } : {}),
      // Offsets and confidences of the words OCR was unsure of (never the words): the text checks ignore those.
      ...(hasText && result.uncertain ? { uncertain: result.uncertain } : {}),
      // The page's structure for the next stage (headings, rows with cells, label–value pairs…): contracts' page-structure.ts.
      ...(hasText && result.blocks.length ? { blocks: result.blocks } : {}),
    };
  };
}
