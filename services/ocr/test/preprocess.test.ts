import {
  SAMPLE_TEXT,
  corruptPng,
  decompressionBombPng,
  fakePngWithTextContent,
  renderPhotoOfPage,
  renderScreenshot,
  renderWithExifRotation,
} from '@snapnotes/testing/images';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DARK_MEAN_LUMINANCE, polarityRatio } from '../src/analysis.js';
import { InvalidImageError, MAX_OCR_PIXELS, preprocessImage, rescalePrepared } from '../src/preprocess.js';

function pixelsOf(pgm: Buffer, width: number, height: number): Buffer {
  const header = pgm.subarray(0, pgm.length - width * height).toString('ascii');
  expect(header).toBe(`P5\n${width} ${height}\n255\n`);
  return pgm.subarray(header.length);
}
const mean = (px: Buffer) => px.reduce((a, b) => a + b, 0) / px.length;

describe('preprocessImage', () => {
  it('lays a light screenshot out: grey PGM canvas, white background, full contrast', async () => {
    const p = await preprocessImage(await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes }));
    expect([p.sourceWidth, p.sourceHeight, p.inverted, p.scale]).toEqual([1280, 800, false, 1]);
    expect(p.layout?.blocks.length).toBeGreaterThanOrEqual(1);
    const px = pixelsOf(p.pgm, p.width, p.height);
    expect(mean(px)).toBeGreaterThan(200);
    expect(px.reduce((a, b) => Math.min(a, b), 255)).toBeLessThanOrEqual(10);
    expect(px.reduce((a, b) => Math.max(a, b), 0)).toBeGreaterThanOrEqual(245);
  });

  it('inverts dark mode so text is dark on light', async () => {
    const p = await preprocessImage(await renderScreenshot({ lines: SAMPLE_TEXT.chat, dark: true, bubbles: true }));
    expect(p.inverted).toBe(true);
    expect(p.meanLuminance).toBeLessThan(60);
    expect(mean(pixelsOf(p.pgm, p.width, p.height))).toBeGreaterThan(200);
  });

  it('does not invert a light page photographed on a dark desk, though its mean luminance is low', async () => {
    const p = await preprocessImage(await renderPhotoOfPage(SAMPLE_TEXT.lectureNotes));
    expect(p.meanLuminance).toBeLessThan(DARK_MEAN_LUMINANCE);
    expect(p.inverted).toBe(false);
  });

  it('measures polarity: < 1 for dark-on-light, > 1 for light-on-dark', () => {
    // Two 40×3 images: a dark stroke on white, and its negative.
    const width = 40;
    const light = Buffer.alloc(width * 3, 255);
    for (let y = 0; y < 3; y++) for (let x = 18; x < 21; x++) light[y * width + x] = 0;
    const dark = Buffer.from(light.map((v) => 255 - v));
    expect(polarityRatio(light, width, 3, 8, 1)).toBeLessThan(1);
    expect(polarityRatio(dark, width, 3, 8, 1)).toBeGreaterThan(1);
    expect(polarityRatio(Buffer.alloc(width * 3, 128), width, 3)).toBe(1);
  });

  it('applies EXIF orientation first', async () => {
    const p = await preprocessImage(await renderWithExifRotation(SAMPLE_TEXT.chat));
    expect([p.sourceWidth, p.sourceHeight]).toEqual([1280, 800]);
    const whole = await preprocessImage(await renderWithExifRotation(SAMPLE_TEXT.chat), { layout: false });
    expect([whole.width, whole.height]).toEqual([1280, 800]);
  });

  it('flattens transparency onto white', async () => {
    const transparent = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect x="20" y="40" width="160" height="20" fill="#000"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const p = await preprocessImage(transparent);
    expect(p.inverted).toBe(false);
    expect(mean(pixelsOf(p.pgm, p.width, p.height))).toBeGreaterThan(200);
  });

  it('scales huge images down under the pixel cap, keeping the aspect ratio', async () => {
    const huge = await sharp({ create: { width: 4800, height: 3000, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const p = await preprocessImage(huge);
    expect(p.sourceWidth * p.sourceHeight).toBeLessThanOrEqual(MAX_OCR_PIXELS);
    expect(p.sourceWidth * p.sourceHeight).toBeGreaterThan(MAX_OCR_PIXELS * 0.98);
    expect(p.sourceWidth / p.sourceHeight).toBeCloseTo(1.6, 2);
    expect(p.scale).toBeCloseTo(p.sourceWidth / 4800, 3);
    // Read whole (as photos are), the PGM itself is the capped image.
    const whole = await preprocessImage(huge, { layout: false });
    expect([whole.width, whole.height]).toEqual([p.sourceWidth, p.sourceHeight]);
  });

  it('rescales a prepared image 2× for the small-text retry', async () => {
    const p = await preprocessImage(
      await renderScreenshot({ lines: ['Small'], width: 300, height: 200, fontSize: 12 }),
    );
    const big = await rescalePrepared(p, 2);
    expect([big.width, big.height, big.scale]).toEqual([p.width * 2, p.height * 2, 2]);
    expect(pixelsOf(big.pgm, p.width * 2, p.height * 2).length).toBe(p.width * p.height * 4);
    // The canvas blocks scale with it, so that lines can still be placed back on the page.
    expect(big.layout?.blockScale).toBe(2);
    const whole = await rescalePrepared(
      await preprocessImage(await renderScreenshot({ lines: ['Small'], width: 300, height: 200, fontSize: 12 }), {
        layout: false,
      }),
      2,
    );
    expect([whole.width, whole.height, whole.layout]).toEqual([600, 400, null]);
  });

  it('refuses bad input with a clear InvalidImageError', async () => {
    await expect(preprocessImage(await corruptPng())).rejects.toThrow(InvalidImageError);
    await expect(preprocessImage(await corruptPng())).rejects.toThrow(/Image could not be decoded/);
    await expect(preprocessImage(await fakePngWithTextContent())).rejects.toThrow(/Image could not be decoded/);
    await expect(preprocessImage(await decompressionBombPng())).rejects.toThrow(
      /too large to decode: more than 40,000,000 pixels/,
    );
    await expect(preprocessImage(Buffer.alloc(0))).rejects.toThrow(/Image is empty/);
    await expect(preprocessImage(Buffer.from('x'), { scale: 9 })).rejects.toThrow(/scale must be/);
  });
});
