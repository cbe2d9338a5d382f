/** The phone-like degradation (sharp, no browser): geometry, determinism, formats. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyHomography, degrade, homography, photoGeometry } from './degrade.js';
import { photoParams } from './profiles.js';
import { createRng } from './rng.js';

type Point = [number, number];

describe('homography', () => {
  it('maps each corner to its target', () => {
    const from: Point[] = [
      [0, 0],
      [100, 0],
      [100, 50],
      [0, 50],
    ];
    const to: Point[] = [
      [10, 5],
      [95, 12],
      [105, 60],
      [3, 48],
    ];
    const h = homography(from, to);
    from.forEach((p, i) => {
      const [x, y] = applyHomography(h, p[0], p[1]);
      expect(x).toBeCloseTo(to[i]![0], 6);
      expect(y).toBeCloseTo(to[i]![1], 6);
    });
  });
});

describe('photoGeometry', () => {
  it('keeps the whole page inside the photo, with a margin', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const ph = photoParams(createRng(seed));
      const { corners, width, height } = photoGeometry(1280, 800, ph);
      expect(Math.max(width, height)).toBeLessThanOrEqual(2000);
      for (const [x, y] of corners) {
        expect(x).toBeGreaterThan(0);
        expect(y).toBeGreaterThan(0);
        expect(x).toBeLessThan(width);
        expect(y).toBeLessThan(height);
      }
    }
  });

  it('fills the photo with the page when asked to (cover)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const ph = { ...photoParams(createRng(seed), { cover: true }) };
      const { corners, width, height } = photoGeometry(800, 1400, ph);
      // Every corner of the photo lies inside the warped page.
      const h = homography(corners, [
        [0, 0],
        [800, 0],
        [800, 1400],
        [0, 1400],
      ]);
      for (const [x, y] of [
        [0, 0],
        [width, 0],
        [width, height],
        [0, height],
      ] as Point[]) {
        const [u, v] = applyHomography(h, x, y);
        expect(u).toBeGreaterThanOrEqual(-0.5);
        expect(v).toBeGreaterThanOrEqual(-0.5);
        expect(u).toBeLessThanOrEqual(800.5);
        expect(v).toBeLessThanOrEqual(1400.5);
      }
      expect(width).toBeGreaterThan(800 * 0.8);
    }
  });
});

describe('degrade', () => {
  const page = () =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: '#ffffff' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect x="40" y="60" width="240" height="30" fill="#222"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();

  it('encodes as asked, and gives the same bytes for the same parameters', async () => {
    const png = await page();
    const params = { format: 'jpeg' as const, quality: 75, blur: 0.6, photo: photoParams(createRng(7)) };
    const a = await degrade(png, params);
    const b = await degrade(png, params);
    expect(a.format).toBe('jpeg');
    expect(a.image.equals(b.image)).toBe(true);
    const meta = await sharp(a.image).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([a.width, a.height]);
    expect(a.width).toBeGreaterThan(320);
  });

  it('shrinks and keeps PNG screenshots as PNG', async () => {
    const out = await degrade(await page(), { format: 'png', scale: 0.5 });
    expect(out.format).toBe('png');
    expect((await sharp(out.image).metadata()).format).toBe('png');
    expect([out.width, out.height]).toEqual([160, 100]);
  });
});
