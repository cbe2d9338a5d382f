import { SAMPLE_TEXT, renderPhotoOfPage, renderScreenshot } from '@snapnotes/testing/images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisPool, type AnalysisPool } from '../src/analysis-pool.js';
import { analyseGrey } from '../src/analysis.js';
import { preprocessImage } from '../src/preprocess.js';

async function grey(image: Buffer) {
  const { data, info } = await sharp(image).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('createAnalysisPool', () => {
  let pool: AnalysisPool;
  beforeAll(() => {
    pool = createAnalysisPool({ threads: 2 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('starts no thread before the first image (an idle server holds none)', () => {
    expect(pool.threads()).toBe(0);
  });

  it('gives the same analysis as this thread, with the canvas back as a Buffer', async () => {
    const { data, width, height } = await grey(await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes, dark: true }));
    const here = analyseGrey(data, width, height, true);
    const there = await pool.analyse(data, width, height, true);
    expect(here.screen).not.toBeNull();
    expect(there.meanLuminance).toBe(here.meanLuminance);
    expect(there.invertWhole).toBe(here.invertWhole);
    expect(there.screen?.blocks).toEqual(here.screen?.blocks);
    expect(there.screen?.textHeight).toBe(here.screen?.textHeight);
    expect(there.screen?.lightOnDark).toBe(here.screen?.lightOnDark);
    expect(Buffer.isBuffer(there.screen?.pixels)).toBe(true);
    expect(there.screen?.pixels.equals(here.screen!.pixels)).toBe(true);
    // The caller's pixels are copied, not moved away: they are still readable.
    expect(data.length).toBe(width * height);
  });

  it('answers for images read whole (no layout), including the dark-mode decision', async () => {
    const { data, width, height } = await grey(await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes, dark: true }));
    const result = await pool.analyse(data, width, height, false);
    expect(result.screen).toBeNull();
    expect(result.invertWhole).toBe(true);
    expect(result).toEqual(analyseGrey(data, width, height, false));
  });

  it('runs concurrent analyses and keeps each answer with its image', async () => {
    const images = await Promise.all([
      renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes }),
      renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes, dark: true }),
      renderPhotoOfPage(SAMPLE_TEXT.lectureNotes),
    ]);
    const greys = await Promise.all(images.map(grey));
    const results = await Promise.all(greys.map((g) => pool.analyse(g.data, g.width, g.height, true)));
    results.forEach((result, i) => {
      const g = greys[i]!;
      expect(result.meanLuminance).toBe(analyseGrey(g.data, g.width, g.height, true).meanLuminance);
    });
  });

  it('keeps the threads it started (no idle period: they are not ended)', async () => {
    expect(pool.threads()).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(pool.threads()).toBe(2);
  });

  it('prepares an image through the pool exactly as on this thread', async () => {
    const image = await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes, dark: true });
    const here = await preprocessImage(image);
    const there = await preprocessImage(image, { analyser: pool.analyse });
    expect(there.pgm.equals(here.pgm)).toBe(true);
    expect(there.inverted).toBe(here.inverted);
    expect(there.layout).toEqual(here.layout);
  });

  it('rejects a thread count it cannot honour', () => {
    expect(() => createAnalysisPool({ threads: 0 })).toThrow(RangeError);
    expect(() => createAnalysisPool({ threads: 1.5 })).toThrow(RangeError);
  });

  it('refuses work once closed, and closing twice is harmless', async () => {
    const own = createAnalysisPool({ threads: 1 });
    await own.close();
    await own.close();
    await expect(own.analyse(Buffer.alloc(4), 2, 2, false)).rejects.toThrow(/closed/);
  });
});
