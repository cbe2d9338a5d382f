import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_FILE_BYTES } from '@snapnotes/contracts';
import { readPixelSize } from './image-size.js';
import { oversize, scaleFor, TARGET_PIXELS } from './prepare-images.js';

const image = (width: number, height: number, format: 'png' | 'jpeg', exif = false) => {
  let pipeline = sharp({ create: { width, height, channels: 3, background: '#f4f4f4' } });
  if (exif) pipeline = pipeline.withMetadata({ orientation: 6 });
  return format === 'png' ? pipeline.png().toBuffer() : pipeline.jpeg({ quality: 80 }).toBuffer();
};
const file = (bytes: Buffer, type: string, name = 'x') => new File([new Uint8Array(bytes)], name, { type });

describe('readPixelSize', () => {
  it('reads PNG and JPEG headers, also behind EXIF data, without decoding', async () => {
    expect(await readPixelSize(new Blob([new Uint8Array(await image(321, 123, 'png'))]))).toEqual({
      width: 321,
      height: 123,
    });
    expect(await readPixelSize(new Blob([new Uint8Array(await image(640, 480, 'jpeg', true))]))).toEqual({
      width: 640,
      height: 480,
    });
  });

  it('gives null for what is not a PNG or JPEG, or a header cut short', async () => {
    expect(await readPixelSize(new Blob(['GIF89a not an image']))).toBeNull();
    const jpeg = await image(64, 64, 'jpeg');
    expect(await readPixelSize(new Blob([new Uint8Array(jpeg.subarray(0, 20))]))).toBeNull();
    expect(await readPixelSize(new Blob([]))).toBeNull();
  });
});

describe('oversize and scaleFor', () => {
  it('finds a photo over the pixel limit from its header alone, and one over 10 MB by its size', async () => {
    // 8000 × 6000 = 48 MP: a phone's full-resolution photo.
    const big = await image(8000, 6000, 'jpeg');
    expect(await oversize(file(big, 'image/jpeg'))).toBe('pixels');
    expect(await oversize(file(await image(1280, 800, 'png'), 'image/png'))).toBeNull();
    const heavy = Buffer.concat([await image(1280, 800, 'jpeg'), Buffer.alloc(MAX_FILE_BYTES)]);
    expect(await oversize(file(heavy, 'image/jpeg'))).toBe('bytes');
    // Other types are left for the usual checks to refuse.
    expect(await oversize(file(big, 'image/gif'))).toBeNull();
  });

  it('scales to the target number of pixels, keeping the aspect ratio, and never up', () => {
    const scale = scaleFor(8000, 6000);
    expect(Math.floor(8000 * scale) * Math.floor(6000 * scale)).toBeLessThanOrEqual(TARGET_PIXELS);
    expect(Math.floor(8000 * scale) * Math.floor(6000 * scale)).toBeGreaterThan(TARGET_PIXELS * 0.999);
    expect(Math.floor(8000 * scale) / Math.floor(6000 * scale)).toBeCloseTo(4 / 3, 2);
    expect(scaleFor(1280, 800)).toBe(1);
  });
});
