import sharp, { type Region } from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_TEXT,
  corruptPng,
  decompressionBombPng,
  fakePngWithTextContent,
  gifImage,
  renderNoTextImage,
  renderPhotoOfPage,
  renderScreenshot,
  renderSmallText,
  renderWithExifRotation,
} from '../src/images.js';

/** Mean and standard deviation of luminance (sharp's stats() ignores pipeline operations, so decode first). */
async function luminance(image: Buffer, region?: Region): Promise<{ mean: number; stdev: number }> {
  let pipeline = sharp(image).autoOrient();
  if (region) pipeline = pipeline.extract(region);
  const data = await pipeline.greyscale().toColourspace('b-w').raw().toBuffer();
  const mean = data.reduce((a, b) => a + b, 0) / data.length;
  const variance = data.reduce((a, b) => a + (b - mean) ** 2, 0) / data.length;
  return { mean, stdev: Math.sqrt(variance) };
}
const meanLuminance = async (image: Buffer) => (await luminance(image)).mean;

describe('test image generator', () => {
  it('renders a light PNG screenshot of the requested size with dark text on a light background', async () => {
    const png = await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1280, 800]);
    expect(await meanLuminance(png)).toBeGreaterThan(200);
  });

  it('renders dark mode, JPEG and other sizes', async () => {
    const jpeg = await renderScreenshot({
      lines: SAMPLE_TEXT.chat,
      dark: true,
      format: 'jpeg',
      width: 900,
      height: 600,
    });
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 900, 600]);
    expect(await meanLuminance(jpeg)).toBeLessThan(60);
  });

  it('draws the text: more lines darken more pixels', async () => {
    const one = await renderSmallText(['A single short line']);
    const many = await renderSmallText(['A single short line', 'and a second line of text']);
    const ink = async (img: Buffer) => {
      const { width, height } = await sharp(img).metadata();
      return (255 - (await meanLuminance(img))) * width * height;
    };
    expect(await ink(one)).toBeGreaterThan(0);
    expect(await ink(many)).toBeGreaterThan((await ink(one)) * 1.5);
  });

  it('refuses text that does not fit instead of silently cutting it', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line number ${i}`);
    await expect(renderScreenshot({ lines, height: 400 })).rejects.toThrow(/need \d+px but the image is 400px high/);
    await expect(renderScreenshot({ lines: [] })).rejects.toThrow(/non-empty array/);
  });

  it('makes a rotated, noisy JPEG photo of a page', async () => {
    const photo = await renderPhotoOfPage(SAMPLE_TEXT.lectureNotes);
    const meta = await sharp(photo).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(1000);
    // Deterministic: the same input gives the same bytes.
    expect((await renderPhotoOfPage(SAMPLE_TEXT.lectureNotes)).equals(photo)).toBe(true);
  });

  it('makes a colourful picture without text', async () => {
    const img = await renderNoTextImage({ width: 640, height: 480 });
    const meta = await sharp(img).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 480]);
    expect((await luminance(img)).stdev).toBeGreaterThan(20);
  });

  it('stores a JPEG turned sideways with EXIF orientation 6, upright only after auto-rotation', async () => {
    const jpeg = await renderWithExifRotation(SAMPLE_TEXT.chat);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.orientation, meta.width, meta.height]).toEqual(['jpeg', 6, 800, 1280]);
    const upright = await sharp(jpeg).autoOrient().toBuffer({ resolveWithObject: true });
    expect([upright.info.width, upright.info.height]).toEqual([1280, 800]);
    // The title bar (light grey band, no text) is at the top only after rotation.
    const titleBar = { left: 200, top: 0, width: 100, height: 50 };
    expect((await luminance(jpeg, titleBar)).stdev).toBeLessThan(5);
  });

  it('makes hostile files that decoders must refuse', async () => {
    const corrupt = await corruptPng();
    expect(corrupt.subarray(1, 4).toString('ascii')).toBe('PNG');
    await expect(sharp(corrupt).raw().toBuffer()).rejects.toThrow();

    const bomb = await decompressionBombPng();
    expect(bomb.length).toBeLessThan(200_000);
    expect([bomb.readUInt32BE(16), bomb.readUInt32BE(20)]).toEqual([30_000, 30_000]);
    await expect(sharp(bomb).raw().toBuffer()).rejects.toThrow(/pixel limit/);

    const fake = await fakePngWithTextContent();
    expect(fake.toString('utf8')).toMatch(/not an image/);
    await expect(sharp(fake).metadata()).rejects.toThrow();

    const gif = await gifImage();
    expect((await sharp(gif).metadata()).format).toBe('gif');
  });
});
