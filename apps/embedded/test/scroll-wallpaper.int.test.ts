/**
 * Scrolling captures of a chat with a patterned wallpaper (issue 25 item 3; DECISIONS "Scrolling captures joined by
 * their pixels"): WhatsApp and Telegram draw line drawings close to the chat's ground, fixed on the screen while the
 * messages scroll over them, so between and beside the bubbles every row of one capture differs from the other's.
 * Rendered by Chromium (the OCR corpus's scroll sets, as PNG and re-encoded as JPEG) and matched by the gateway's
 * pixel comparison: the import groups each chat's captures as one, and an upload chains every capture.
 */
import { groupScrollCaptures, scrollLinksOf } from '@snapnotes/gateway';
import { captureScrolls, launchChromium, scrollSpecs, type ScrollSet } from '@snapnotes/ocr/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let sets: ScrollSet[] = [];

beforeAll(async () => {
  const browser = await launchChromium();
  try {
    // Seed 7's first chat (PNG) and seed 23's seventh (JPEG 70–85), both with the wallpaper.
    for (const [seed, id] of [
      [7, 'scroll-chat-01'],
      [23, 'scroll-chat-07'],
    ] as const) {
      sets.push(
        await captureScrolls(
          browser,
          scrollSpecs(seed, 12).find((s) => s.id === id)!,
        ),
      );
    }
  } finally {
    await browser.close();
  }
}, 120_000);

afterAll(() => {
  sets = [];
});

describe('scrolling captures over a wallpaper', () => {
  it('are one import group per chat', async () => {
    // Each chat an import of its own: the corpus draws its chats from a few conversations, and two sets of one
    // conversation drawn alike do continue each other (another chat staying apart: services/gateway's unit test).
    for (const set of sets) {
      const groups = await groupScrollCaptures(
        set.captures.map((_, index) => ({ index, sourceKey: String(index) })),
        async (key) => set.captures[Number(key)]!.image,
      );
      expect(new Set(groups.map((g) => g.group)).size, set.spec.id).toBe(1);
    }
  });

  it('chain every capture of an upload, each going on from one', async () => {
    for (const set of sets) {
      const images = set.captures.map((c) => c.image);
      const links = await scrollLinksOf(
        images.map(() => ({ width: 780, height: 1688 })), // 390 × 844 at twice the pixels
        async (i) => images[i]!,
      );
      expect(links, set.spec.id).toHaveLength(images.length - 1);
      expect(new Set(links.map((l) => l.lower)).size).toBe(images.length - 1);
    }
  });
});
