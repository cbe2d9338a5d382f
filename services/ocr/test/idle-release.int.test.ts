/**
 * A quiet server's release (IDLE_RELEASE_MS, reader.ts): with an idle period the product's reader starts nothing
 * before the first image, starts the tesseract workers, the analysis threads and the PP-OCRv4 host for it, ends them
 * all once no image has come for that long, and starts them again for the next image, which is read as well as the
 * first. Real engines (tesseract.js, piscina threads, the PP-OCRv4 host process on onnxruntime-node).
 */
import pino from 'pino';
import { renderScreenshot, SAMPLE_TEXT } from '@snapnotes/testing/images';
import { characterErrorRate } from '@snapnotes/testing/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOcrReader, type OcrReader } from '../src/reader.js';

const IDLE_MS = 5000;
const LINES = [...SAMPLE_TEXT.lectureNotes];
let reader: OcrReader;
let image: Buffer;

beforeAll(async () => {
  image = await renderScreenshot({ lines: LINES });
  // Two workers and one page at a time: PP-OCRv4 reads beside tesseract (page-reader.ts), so its host starts too.
  reader = await startOcrReader({ languages: ['eng'], poolSize: 2, logger: pino({ level: 'warn' }), idleMs: IDLE_MS });
});
afterAll(async () => {
  await reader?.close();
});

const nothing = { tesseractWorkers: 0, analysisThreads: 0, paddleThreads: 0 };

async function released(limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const e = reader.engines();
    if (e.tesseractWorkers + e.analysisThreads + e.paddleThreads === 0) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function readsTheText(): Promise<void> {
  const result = await reader.read(image, ['eng']);
  expect(characterErrorRate(LINES.join('\n'), result.text)).toBeLessThanOrEqual(0.03);
}

describe('startOcrReader with an idle period', () => {
  it('starts nothing before the first image', () => {
    expect(reader.engines()).toEqual(nothing);
  });

  it('starts the engines for an image and reads it', async () => {
    await readsTheText();
    const e = reader.engines();
    // (Not the analysis threads: they ran first, and a slow PP-OCRv4 reading can outlast their idle period.)
    expect(e.tesseractWorkers).toBeGreaterThanOrEqual(1);
    expect(e.paddleThreads).toBe(2);
  });

  it('keeps them while images keep coming within the idle period', async () => {
    await new Promise((r) => setTimeout(r, IDLE_MS / 3));
    await readsTheText();
    expect(reader.engines().tesseractWorkers).toBeGreaterThanOrEqual(1);
  });

  it('ends all of them after the idle period without an image', async () => {
    expect(await released(IDLE_MS + 15_000)).toBe(true);
    expect(reader.engines()).toEqual(nothing);
  });

  it('starts them again for the next image, which is read as well as before', async () => {
    await readsTheText();
    expect(reader.engines().tesseractWorkers).toBeGreaterThanOrEqual(1);
    expect(reader.engines().paddleThreads).toBe(2);
    expect(await released(IDLE_MS + 15_000)).toBe(true);
  });
});
