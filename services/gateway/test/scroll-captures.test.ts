/**
 * Scrolling captures (issue 25 item 3): in an import, the images that continue each other by their pixel rows are
 * grouped, in any order, re-encoded as JPEG too; another chat of the same app (same status bar, same header, other
 * messages), a capture of another width and an image that cannot be read stay alone. In an upload, which image goes
 * on from which is measured in rows (UploadJob.scrolls): the scroll's shift, and a cut inside the rows both show.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { phoneScreen, renderPhoneScreen, scrollCapture } from '@snapnotes/testing/phone-screens';
import { groupScrollCaptures, scrollLinksOf } from '../src/uploads/scroll-captures.js';

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

describe('scrollLinksOf', () => {
  const size = { width: 720, height: 1560 }; // scrollCapture's screen
  const bars = { top: 170, bottom: 100 };

  it('says which capture goes on from which, by how many rows, and cuts inside the rows both show', async () => {
    const [a, b, c, other] = await Promise.all([
      capture(31, 0, '9:41'),
      capture(31, 700, '9:42'),
      capture(31, 1040, '9:44'),
      capture(77, 0, '9:45'),
    ]);
    // Uploaded as: the last capture, the first, another chat, the middle one.
    const images = [c, a, other, b];
    const links = await scrollLinksOf(
      images.map(() => size),
      async (i) => images[i]!,
    );
    expect(links.map(({ upper, lower, shift }) => ({ upper, lower, shift }))).toEqual([
      { upper: 1, lower: 3, shift: 700 },
      { upper: 3, lower: 0, shift: 340 },
    ]);
    for (const link of links) {
      // The rows the lower capture shares with the upper: below its bars, above where the upper's content ends.
      expect(link.cut).toBeGreaterThanOrEqual(bars.top);
      expect(link.cut).toBeLessThan(size.height - bars.bottom - link.shift);
      // The cut inside the rows both show.
      expect(link.from).toBeLessThanOrEqual(link.cut);
      expect(link.cut).toBeLessThan(link.to);
    }
  });

  it('finds nothing for captures that do not go on from each other, nor for one image', async () => {
    const [a, other] = await Promise.all([capture(31, 0), capture(78, 0)]);
    expect(await scrollLinksOf([size, size], async (i) => [a, other][i]!)).toEqual([]);
    expect(await scrollLinksOf([size], async () => a)).toEqual([]);
  });
});
