/**
 * Without an idle period (IDLE_RELEASE_MS=0) the product's reader still starts nothing before the first image
 * (issue 24: an idle server holds no OCR engine); the first image starts the tesseract workers and the analysis
 * threads, and they stay afterwards. Real engines.
 */
import pino from 'pino';
import { renderScreenshot, SAMPLE_TEXT } from '@snapnotes/testing/images';
import { characterErrorRate } from '@snapnotes/testing/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOcrReader, type OcrReader } from '../src/reader.js';

const LINES = [...SAMPLE_TEXT.lectureNotes];
let reader: OcrReader;
let image: Buffer;

beforeAll(async () => {
  image = await renderScreenshot({ lines: LINES });
  reader = await startOcrReader({
    languages: ['eng'],
    poolSize: 1,
    logger: pino({ level: 'warn' }),
    engine: 'tesseract',
    idleMs: 0,
  });
});
afterAll(async () => {
  await reader?.close();
});

describe('startOcrReader without an idle period', () => {
  it('starts no engine before the first image', () => {
    expect(reader.engines()).toEqual({ tesseractWorkers: 0, analysisThreads: 0, paddleThreads: 0 });
  });

  it('starts them for the first image, reads it, and keeps them', async () => {
    const result = await reader.read(image, ['eng']);
    expect(characterErrorRate(LINES.join('\n'), result.text)).toBeLessThanOrEqual(0.03);
    const started = reader.engines();
    expect(started.tesseractWorkers).toBe(1);
    expect(started.analysisThreads).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(reader.engines()).toEqual(started);
  });
});
