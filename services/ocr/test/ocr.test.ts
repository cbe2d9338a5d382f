/**
 * Real tesseract on generated images. One engine (poolSize 2) is shared by the file to keep start-up costs down;
 * the whole file takes ~20–40 s on 2 cores.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import type { ImageRef, OcrPageInput } from '@snapnotes/contracts';
import {
  SAMPLE_TEXT,
  corruptPng,
  renderNoTextImage,
  renderPhotoOfPage,
  renderScreenshot,
  renderSmallText,
  renderWithExifRotation,
} from '@snapnotes/testing/images';
import { createMemoryStore } from '@snapnotes/testing/memory-store';
import { characterErrorRate } from '@snapnotes/testing/text';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EngineClosedError,
  UnsupportedLanguageError,
  createTesseractEngine,
  type TesseractEngine,
} from '../src/engine.js';
import { InvalidImageError, preprocessImage } from '../src/preprocess.js';
import { recognizeBuffer } from '../src/recognize.js';
import { createOcrStage } from '../src/stage.js';
import { recordingLogger } from './helpers.js';

const logger = recordingLogger();
const store = createMemoryStore();
let engine: TesseractEngine;

beforeAll(async () => {
  engine = await createTesseractEngine({ languages: ['eng', 'fra', 'deu', 'spa'], poolSize: 2, logger });
});
afterAll(async () => {
  await engine?.close();
});

let counter = 0;
async function runStage(image: Buffer, languages: string[] = ['eng']) {
  const index = counter++;
  const key = `users/1/uploads/test/${index}.png`;
  await store.put(key, image, 'image/png');
  const ref: ImageRef = {
    index,
    fileName: `shot-${index}.png`,
    key,
    contentType: 'image/png',
    bytes: image.length,
    width: 1,
    height: 1,
  };
  const input: OcrPageInput = {
    job: {
      purpose: { kind: 'upload' as const },
      jobId: '6f1c1b1e-8a4e-4c57-9a55-3f2b8d1f0a01',
      userId: 1,
      correlationId: `test-${index}`,
      premium: false,
      languages,
      images: [ref],
    },
    image: ref,
  };
  const read = (img: Buffer, langs: string[]) =>
    recognizeBuffer(engine, img, langs, { detectLanguages: engine.languages });
  return createOcrStage({ store, read, logger })(input);
}

describe('OCR stage on generated images (real tesseract)', () => {
  it('reads a light screenshot', async () => {
    const result = await runStage(await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes }));
    expect(characterErrorRate(SAMPLE_TEXT.lectureNotes, result.text)).toBeLessThan(0.02);
    expect(result).toMatchObject({
      index: expect.any(Number),
      fileName: expect.stringMatching(/^shot-/),
      hasText: true,
    });
    expect(result.confidence).toBeGreaterThan(85);
    expect(result.durationMs).toBeGreaterThan(0);
    // The window buttons and sidebar icons must not leave garbage lines above the title.
    expect(result.text.split('\n')[0]).toBe('Lecture 7: Cellular Respiration');
    // A document of one text size has no heading to offer.
    expect(result.heading).toBeUndefined();
  });

  it('reads a dark-mode chat with message bubbles (inverted before Sauvola)', async () => {
    const result = await runStage(await renderScreenshot({ lines: SAMPLE_TEXT.chat, dark: true, bubbles: true }));
    expect(characterErrorRate(SAMPLE_TEXT.chat, result.text)).toBeLessThan(0.02);
    expect(result.hasText).toBe(true);
  });

  it('reads code in a monospace font from a JPEG', async () => {
    const result = await runStage(await renderScreenshot({ lines: SAMPLE_TEXT.code, font: 'mono', format: 'jpeg' }));
    expect(characterErrorRate(SAMPLE_TEXT.code, result.text)).toBeLessThan(0.05);
    expect(result.text).toContain('values.reduce(');
  });

  it('reads 12 px text', async () => {
    const result = await runStage(await renderSmallText(SAMPLE_TEXT.lectureNotes));
    expect(characterErrorRate(SAMPLE_TEXT.lectureNotes, result.text)).toBeLessThan(0.03);
  });

  it('retries tiny text at 2× and keeps the better reading (an image read whole, as photos are)', async () => {
    const tiny = await renderSmallText(SAMPLE_TEXT.chat, { fontSize: 10 });
    const result = await recognizeBuffer(engine, tiny, ['eng'], { layout: false });
    expect(result.retried).toBe(true);
    expect(result.upscaled).toBe(true);
    expect(result.layoutBlocks).toBe(0);
    expect(characterErrorRate(SAMPLE_TEXT.chat, result.text)).toBeLessThan(0.02);
  });

  it('reads tiny screenshot text in one pass: the layout scales its block up', async () => {
    const tiny = await renderSmallText(SAMPLE_TEXT.chat, { fontSize: 10 });
    const result = await recognizeBuffer(engine, tiny, ['eng']);
    expect(result.layoutBlocks).toBeGreaterThan(0);
    expect(result.retried).toBe(false);
    expect(characterErrorRate(SAMPLE_TEXT.chat, result.text)).toBeLessThan(0.02);
  });

  it('reads letters 100 px high (a font sample, a slide photographed close) without losing their strokes', async () => {
    const lines: [string, string][] = [
      ['Arial', 'DejaVu Sans'],
      ['Times New Roman', 'DejaVu Serif'],
      ['Rockwell Condensed', 'DejaVu Sans Condensed" font-weight="bold'],
      ['Courier New', 'DejaVu Sans Mono'],
    ];
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="1100" height="780"><rect width="100%" height="100%" fill="#fff"/>` +
      lines
        .map(
          ([t, f], i) => `<text x="40" y="${150 + i * 180}" font-family="${f}" font-size="104" fill="#000">${t}</text>`,
        )
        .join('') +
      '</svg>';
    const big = await sharp(Buffer.from(svg)).png().toBuffer();
    const result = await recognizeBuffer(engine, big, ['eng']);
    expect(result.layoutBlocks).toBeGreaterThan(0);
    const words = lines.map(([t]) => t);
    expect(characterErrorRate(words, result.text), result.text).toBeLessThan(0.04);
  });

  it('reads a photo of a page (rotated, unevenly lit, noisy JPEG)', async () => {
    const result = await runStage(await renderPhotoOfPage(SAMPLE_TEXT.lectureNotes));
    expect(characterErrorRate(SAMPLE_TEXT.lectureNotes, result.text)).toBeLessThan(0.05);
    expect(result.hasText).toBe(true);
  });

  it('reads an image that is upright only after EXIF rotation', async () => {
    const result = await runStage(await renderWithExifRotation(SAMPLE_TEXT.chat));
    expect(characterErrorRate(SAMPLE_TEXT.chat, result.text)).toBeLessThan(0.03);
  });

  it('says a picture without text has no text', async () => {
    for (const seed of [42, 7]) {
      const result = await runStage(await renderNoTextImage({ seed }));
      expect(result.hasText).toBe(false);
      expect(result.text.replace(/\s/g, '').length).toBeLessThan(20);
    }
  });

  it('reads French with the eng+fra data (languages combined in one worker)', async () => {
    const french = [
      'Le cours de biologie commence à huit heures.',
      'Les élèves étudient la respiration cellulaire',
      'et préparent l’examen de décembre.',
    ];
    const result = await runStage(await renderScreenshot({ lines: french }), ['eng', 'fra']);
    expect(characterErrorRate(french, result.text)).toBeLessThan(0.03);
    expect(result.text).toContain('élèves');
  });

  it('detects a German page from an English first pass and reads it again with the German data', async () => {
    const german = [
      'Die Straßenbahn fährt heute wegen Bauarbeiten',
      'nicht über den Marktplatz. Bitte benutzen Sie',
      'die Umleitung über die Königstraße und grüßen',
      'Sie den Fahrer freundlich von uns allen.',
    ];
    const result = await runStage(await renderScreenshot({ lines: german }), ['eng']);
    expect(result.language).toBe('deu');
    expect(characterErrorRate(german, result.text)).toBeLessThan(0.02);
    expect(result.text).toContain('Straßenbahn');
    expect(result.text).toContain('fährt');
  });

  it('reports the language asked for when the page is in it, and none for a page without text', async () => {
    const english = ['The committee meets on Thursday in the town', 'library to present the budget for next year.'];
    expect((await runStage(await renderScreenshot({ lines: english }), ['eng'])).language).toBe('eng');
    expect((await runStage(await renderNoTextImage({ seed: 3 }), ['eng'])).language).toBeUndefined();
  });

  it('logs each page without its text', () => {
    const pages = logger.entries.filter((e) => e.msg === 'page recognised');
    expect(pages.length).toBeGreaterThanOrEqual(8);
    const logged = JSON.stringify(pages);
    expect(logged).toContain('"correlationId":"test-0"');
    expect(logged).not.toContain('Cellular');
  });

  it('fails clearly on bad input and a missing object', async () => {
    await expect(runStage(await corruptPng())).rejects.toThrow(InvalidImageError);
    const stage = createOcrStage({ store, read: (img, langs) => recognizeBuffer(engine, img, langs), logger });
    const job = {
      purpose: { kind: 'upload' as const },
      jobId: '6f1c1b1e-8a4e-4c57-9a55-3f2b8d1f0a01',
      userId: 1,
      correlationId: 'c',
      premium: false,
      languages: ['eng'],
      images: [
        {
          index: 0,
          fileName: 'a.png',
          key: 'missing.png',
          contentType: 'image/png' as const,
          bytes: 1,
          width: 1,
          height: 1,
        },
      ],
    };
    await expect(stage({ job, image: job.images[0]! })).rejects.toThrow(/NoSuchKey: missing.png/);
  });
});

describe('tesseract engine pool', () => {
  it('runs concurrent requests on at most poolSize workers, all completing', async () => {
    const { pgm } = await preprocessImage(
      await renderScreenshot({ lines: ['Pool test line one', 'and line two'], width: 500, height: 250 }),
    );
    const results = await Promise.all(Array.from({ length: 5 }, () => engine.recognize(pgm, ['eng'])));
    for (const r of results) expect(r.text).toContain('Pool test line one');
    const stats = engine.stats();
    expect(stats.workersStarted).toBeLessThanOrEqual(2);
    expect(stats.workers).toBe(2);
    expect(stats.busy).toBe(0);
    expect(stats.queued).toBe(0);
    // Both workers took part, and every recognition of this file was done by one of them.
    const jobs = Object.values(stats.jobsPerWorker);
    expect(jobs).toHaveLength(2);
    expect(jobs.every((n) => n > 0)).toBe(true);
    expect(jobs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5 + 10);
  });

  it('rejects a language it has no data for, naming what is available', async () => {
    await expect(engine.recognize(Buffer.from('x'), ['ita'])).rejects.toThrow(UnsupportedLanguageError);
    await expect(engine.recognize(Buffer.from('x'), ['ita'])).rejects.toThrow(
      'OCR language "ita" is not available; available: eng, fra, deu, spa',
    );
    await expect(createTesseractEngine({ languages: ['xyz'], poolSize: 1, logger })).rejects.toThrow(
      /No OCR language data for "xyz".*available: deu, eng, fra, ita, nld, por, spa/,
    );
    await expect(createTesseractEngine({ languages: ['eng'], poolSize: 0, logger })).rejects.toThrow(/poolSize/);
  });

  it('uses a tessdata folder of plain .traineddata files, and fails fast on bad data', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ocr-test-tessdata-'));
    try {
      await expect(
        createTesseractEngine({ languages: ['eng'], poolSize: 1, tessdataDir: dir, logger }),
      ).rejects.toThrow(/No OCR language data for "eng" in .*available: \(none\)/);
      const require = createRequire(import.meta.url);
      const gz = path.join(
        path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
        '4.0.0_best_int',
        'eng.traineddata.gz',
      );
      await writeFile(path.join(dir, 'eng.traineddata'), gunzipSync(readFileSync(gz)));
      const plain = await createTesseractEngine({ languages: ['eng'], poolSize: 1, tessdataDir: dir, logger });
      try {
        const { pgm } = await preprocessImage(
          await renderScreenshot({ lines: ['Plain tessdata works'], width: 500, height: 200 }),
        );
        expect((await plain.recognize(pgm, ['eng'])).text).toContain('Plain tessdata works');
      } finally {
        await plain.close();
      }
      // Bad model files are refused before any worker loads them (tesseract.js would crash the process on them):
      // languages load lazily, so when a page first asks for one; the engine keeps working for the others.
      await writeFile(path.join(dir, 'bad.traineddata'), 'not a model');
      const mixed = await createTesseractEngine({ languages: ['eng', 'bad'], poolSize: 1, tessdataDir: dir, logger });
      try {
        const { pgm } = await preprocessImage(
          await renderScreenshot({ lines: ['Still reads English'], width: 500, height: 200 }),
        );
        await expect(mixed.recognize(pgm, ['bad'])).rejects.toThrow(
          /bad.traineddata is not a usable .traineddata file: bad table of contents/,
        );
        expect((await mixed.recognize(pgm, ['eng'])).text).toContain('Still reads English');
      } finally {
        await mixed.close();
      }
      await writeFile(
        path.join(dir, 'cut.traineddata'),
        readFileSync(path.join(dir, 'eng.traineddata')).subarray(0, 100_000),
      );
      const cut = await createTesseractEngine({ languages: ['cut'], poolSize: 1, tessdataDir: dir, logger });
      await expect(cut.warm()).rejects.toThrow(
        /cut.traineddata is not a usable .traineddata file: entry \d+ has an impossible offset/,
      );
      await cut.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('close() terminates the workers and refuses further work', async () => {
    const small = await createTesseractEngine({ languages: ['eng'], poolSize: 1, logger });
    await small.warm();
    expect(small.stats().workers).toBe(1);
    const { pgm } = await preprocessImage(await renderScreenshot({ lines: ['Closing time'], width: 400, height: 200 }));
    const inFlight = small.recognize(pgm, ['eng']).then(
      () => 'done',
      (err: Error) => err.name,
    );
    const queued = small.recognize(pgm, ['eng']).catch((err: Error) => err);
    await small.close();
    expect(await queued).toBeInstanceOf(EngineClosedError);
    expect(['done', 'EngineClosedError']).toContain(await inFlight);
    expect(small.stats().workers).toBe(0);
    await expect(small.recognize(pgm, ['eng'])).rejects.toThrow('The OCR engine is closed');
    await expect(small.warm()).rejects.toThrow(EngineClosedError);
  });
});
