/**
 * Scrolling captures in an import (issue 25 item 3): the images that continue each other by their pixel rows are
 * grouped, in any order, re-encoded as JPEG too; another chat of the same app (same status bar, same header, other
 * messages), a capture of another width and an image that cannot be read stay alone.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { phoneScreen, renderPhoneScreen, scrollCapture } from '@snapnotes/testing/phone-screens';
import { groupScrollCaptures } from '../src/imports/scroll-groups.js';

const app = { kind: 'chat', header: 1 } as const;
const capture = (seed: number, offset: number, clock?: string) => scrollCapture(phoneScreen(seed, app), offset, clock);

/** Groups the images given in this order, as the import worker does (each named by its place). */
async function groups(images: Buffer[]): Promise<number[]> {
  const items = images.map((_, index) => ({ index, sourceKey: String(index) }));
  const result = await groupScrollCaptures(items, async (key) => images[Number(key)]);
  return result.map((r) => r.group);
}

describe('groupScrollCaptures', () => {
  it('groups the captures of one scrolled chat, given in any order, and leaves another chat of the app alone', async () => {
    const [a, b, c, other] = await Promise.all([
      capture(31, 0, '9:41'),
      capture(31, 700, '9:42'),
      capture(31, 1040, '9:44'),
      capture(77, 0, '9:45'),
    ]);
    // Imported as: the last capture, the other chat, the first, the middle one.
    expect(await groups([c, other, a, b])).toEqual([0, 1, 0, 0]);
  });

  it('groups them re-encoded as JPEG, as a messaging app sends them', async () => {
    const jpeg = (png: Buffer) => sharp(png).jpeg({ quality: 75 }).toBuffer();
    const images = await Promise.all(
      [0, 650, 1040].map(async (offset, i) => jpeg(await capture(31, offset, `9:4${i}`))),
    );
    expect(await groups(images)).toEqual([0, 0, 0]);
  });

  it('leaves alone a capture of another width, one it cannot read, and two chats that only share the app bars', async () => {
    const [a, b, wide, other] = await Promise.all([
      capture(31, 0),
      capture(31, 700),
      renderPhoneScreen(phoneScreen(31, app), undefined, { width: 1080, height: 2340 }),
      capture(78, 0),
    ]);
    expect(await groups([wide, a, Buffer.from('not an image'), other])).toEqual([0, 1, 2, 3]);
    // The pair itself groups (what the first case relies on), whatever sits between them.
    expect(await groups([a, wide, other, b])).toEqual([0, 1, 2, 0]);
  });

  it('never makes a group larger than one upload takes (10 images)', async () => {
    // Twelve captures of one chat, each scrolled 90 pixels further.
    const images = await Promise.all(Array.from({ length: 12 }, (_, i) => capture(31, i * 90)));
    const result = await groups(images);
    const sizes = new Map<number, number>();
    for (const g of result) sizes.set(g, (sizes.get(g) ?? 0) + 1);
    expect(Math.max(...sizes.values())).toBeLessThanOrEqual(10);
    expect(sizes.size).toBe(2); // 12 captures of one chat: two uploads
  });
});
