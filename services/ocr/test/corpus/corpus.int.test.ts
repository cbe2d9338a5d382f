/**
 * The corpus rendered by Debian's Chromium: images decode at their sizes, the cache is reused, and a page whose
 * text is not fully visible is refused (its truth would hold text that nobody can read). ~10 s.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../screens.js';
import { page } from './html.js';
import { buildCorpus } from './index.js';
import { renderSpec } from './render.js';
import type { CorpusSpec } from './types.js';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'snapnotes-corpus-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** One image of a few kinds: a photo of a receipt, a phone screen at 3×, a desktop page, a picture. */
const PICK = new Set(['receipt-01', 'phone-01', 'table-01', 'small-text-02', 'no-text-03']);

describe('buildCorpus', () => {
  it('renders, degrades and caches the images', async () => {
    const logs: string[] = [];
    const images = await buildCorpus({ cacheDir, filter: (s) => PICK.has(s.id), log: (m) => logs.push(m) });
    expect(images.map((i) => i.id).sort()).toEqual([...PICK].sort());
    expect(logs.filter((l) => l.startsWith('rendered'))).toHaveLength(PICK.size);
    for (const img of images) {
      const meta = await sharp(img.image).metadata();
      expect(meta.format, img.id).toBe(img.format === 'jpeg' ? 'jpeg' : 'png');
      expect([meta.width, meta.height], img.id).toEqual([img.width, img.height]);
      expect(img.width * img.height, img.id).toBeLessThanOrEqual(1170 * 2532);
    }
    const receipt = images.find((i) => i.id === 'receipt-01')!;
    expect(receipt.format).toBe('jpeg');
    expect(receipt.degradation).toMatch(/^photo: rotated/);
    expect(images.find((i) => i.id === 'phone-01')!.width).toBe(1170);

    const again: string[] = [];
    const cached = await buildCorpus({ cacheDir, filter: (s) => PICK.has(s.id), log: (m) => again.push(m) });
    expect(again).toEqual([]);
    expect(cached.map((i) => i.image.equals(images.find((j) => j.id === i.id)!.image))).toEqual(cached.map(() => true));
    expect(readdirSync(path.join(cacheDir, 'image'))).toHaveLength(PICK.size);
  });

  it('refuses a page whose text is clipped or hidden under a bar', async () => {
    const spec = (body: string, css = ''): CorpusSpec => ({
      id: 'bad',
      category: 'slide',
      note: '',
      html: page({ width: 400, height: 200, css, body }),
      width: 400,
      height: 200,
      scale: 1,
      truth: 'x',
      hasText: true,
      degrade: { format: 'png' },
    });
    const browser = await launchChromium();
    try {
      const ok = await renderSpec(browser, spec('<p>All of this is visible.</p>'));
      expect((await sharp(ok).metadata()).width).toBe(400);
      const long = Array.from({ length: 30 }, (_, i) => `<p>Line ${i}</p>`).join('');
      await expect(renderSpec(browser, spec(long))).rejects.toThrow(/not fully visible/);
      await expect(
        renderSpec(
          browser,
          spec(
            '<p>Hidden words</p><div class="bar"></div>',
            '.bar { position: absolute; top: 0; left: 0; width: 400px; height: 60px; background: #000; }',
          ),
        ),
      ).rejects.toThrow(/under div\.bar/);
    } finally {
      await browser.close();
    }
  });
});
