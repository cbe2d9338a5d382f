import { renderScreenshot, SAMPLE_TEXT } from '@snapnotes/testing/images';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { estimateSkew } from '../src/skew.js';

/** A page of text turned by `deg` (positive: clockwise, so its lines fall to the right), as 8-bit grey pixels. */
async function tilted(deg: number) {
  const page = await renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes, width: 1000, height: 700 });
  const { data, info } = await sharp(page)
    .rotate(deg, { background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return estimateSkew(data, info.width, info.height);
}

describe('estimateSkew', () => {
  it.each([3, -2.5, 1.2, -4.5])('finds a page turned by %s°', async (deg) => {
    expect(Math.abs((await tilted(deg)) - deg)).toBeLessThan(0.3);
  });

  it('says 0 for a straight page and for a page without lines', async () => {
    expect(await tilted(0)).toBe(0);
    const noise = Buffer.alloc(600 * 400);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    expect(estimateSkew(noise, 600, 400)).toBe(0);
    expect(estimateSkew(Buffer.alloc(600 * 400, 255), 600, 400)).toBe(0);
  });
});
