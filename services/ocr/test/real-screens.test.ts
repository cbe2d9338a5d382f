/**
 * OCR of real screenshots: the HTML screens in ./screens (a docs page with a nav bar and a sidebar, a dark-mode chat
 * app, a social post, a code editor, a slide, a phone screen at 2×, a settings page, an inbox, a spreadsheet) are
 * rendered by Chromium and read by the OCR stage, as an upload would be. Per screen: the main content is read (CER
 * against the page's own visible text), menu and sidebar items come out as lines of their own, and the page's heading
 * is found and is never a menu item (the summariser titles a note from it: services/summarise/test/local.test.ts).
 * About 20–40 s on 2 cores.
 */
import type { ImageRef, OcrPageResult, UploadJob } from '@snapnotes/contracts';
import { createMemoryStore } from '@snapnotes/testing/memory-store';
import sharp from 'sharp';
import { normaliseText } from '@snapnotes/testing/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTesseractEngine, type TesseractEngine } from '../src/engine.js';
import { recognizeBuffer } from '../src/recognize.js';
import { createOcrStage } from '../src/stage.js';
import { recordingLogger } from './helpers.js';
import { containedCer, itemsOnOwnLines } from './measure.js';
import { launchChromium, renderScreen, screenFiles, type Screen } from './screens.js';

/**
 * Highest character error rate of each screen's main content. Measured here: 0–1.1% (before the layout analysis:
 * docs 9.7%, chat 18.8%, editor 20.3%, inbox 9.4%, settings 25.4%, post 34.4%, slide 3.0%; see docs/OCR.md).
 */
const MAX_CER = 0.04;
/** Share of menu and sidebar items that must come out on lines of menu items only. */
const MIN_ITEMS_ON_OWN_LINES = 0.75;
/** Screens without a clearly prominent line: no heading may be made up for them. */
const NO_HEADING = ['chat-dark', 'ide', 'tweet'];

const logger = recordingLogger();
const store = createMemoryStore();
const screens = new Map<string, Screen>();
let engine: TesseractEngine;
const measured: { name: string; cer: number; ms: number; heading: string | null }[] = [];

beforeAll(async () => {
  const browser = await launchChromium();
  try {
    for (const file of screenFiles()) {
      const screen = await renderScreen(browser, file);
      screens.set(screen.name, screen);
    }
  } finally {
    await browser.close();
  }
  engine = await createTesseractEngine({ languages: ['eng'], poolSize: 1, logger });
  await engine.warm();
}, 120_000);

afterAll(async () => {
  await engine?.close();
  if (measured.length) {
    const rows = measured.map(
      (m) =>
        `${m.name.padEnd(10)} CER ${(m.cer * 100).toFixed(1).padStart(4)}%  ${String(m.ms).padStart(5)} ms  ` +
        `heading: ${m.heading ?? '–'}`,
    );
    console.info(`OCR of real screens:\n${rows.join('\n')}`);
  }
});

function uploadOf(screen: Screen, index: number): { job: UploadJob; image: ImageRef } {
  const image: ImageRef = {
    index: 0,
    fileName: `${screen.name}.png`,
    key: `users/1/uploads/screens/${index}.png`,
    contentType: 'image/png',
    bytes: screen.png.length,
    width: screen.width * screen.scale,
    height: screen.height * screen.scale,
  };
  const job: UploadJob = {
    purpose: { kind: 'upload' },
    jobId: '0b6f3e0a-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
    userId: 1,
    correlationId: `screen-${screen.name}`,
    premium: false,
    languages: ['eng'],
    images: [image],
  };
  return { job, image };
}

const files = screenFiles();

describe('OCR of real screenshots (Chromium renders, tesseract reads)', () => {
  it('has the screens it promises', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(files.length).toBeLessThanOrEqual(10);
  });

  it.each(files.map((f, i) => [f.replace(/\.html$/, ''), i] as const))(
    '%s: reads the main content, keeps menu items apart, finds the heading',
    async (name, index) => {
      const screen = screens.get(name);
      if (!screen) throw new Error(`screen ${name} was not rendered`);
      const { job, image } = uploadOf(screen, index);
      await store.put(image.key, screen.png, 'image/png');

      const page: OcrPageResult = await createOcrStage({
        store,
        read: (img, langs) => recognizeBuffer(engine, img, langs),
        logger,
      })({ job, image });
      expect(page.hasText).toBe(true);

      const cer = containedCer(screen.mainText, page.text);
      expect(cer, `CER ${(cer * 100).toFixed(1)}% of the main content; read:\n${page.text}`).toBeLessThan(MAX_CER);

      const items = itemsOnOwnLines(screen.navItems, page.text);
      const apart = [...items.values()].filter(Boolean).length;
      const merged = [...items].filter(([, ok]) => !ok).map(([item]) => item);
      expect(apart, `menu items not on lines of their own: ${merged.join(', ')}\n${page.text}`).toBeGreaterThanOrEqual(
        Math.ceil(MIN_ITEMS_ON_OWN_LINES * screen.navItems.length),
      );

      measured.push({ name, cer, ms: page.durationMs, heading: page.heading ?? null });
      if (screen.heading) {
        expect(normaliseText(page.heading ?? '')).toBe(normaliseText(screen.heading));
      } else if (NO_HEADING.includes(name)) {
        expect(page.heading).toBeUndefined();
      }
      // Whatever the heading, it is not a menu item (the sidebar's first entry titled the note before).
      expect(screen.navItems.map(normaliseText)).not.toContain(normaliseText(page.heading ?? ''));
    },
    60_000,
  );

  it('reads a screen saved as a JPEG (q80) as well: the layout tolerates compression noise', async () => {
    const screen = screens.get('docs');
    if (!screen) throw new Error('screen docs was not rendered');
    const jpeg = await sharp(screen.png).jpeg({ quality: 80 }).toBuffer();
    const { job, image } = uploadOf({ ...screen, png: jpeg }, files.length);
    await store.put(image.key, jpeg, 'image/jpeg');
    const page = await createOcrStage({ store, read: (img, langs) => recognizeBuffer(engine, img, langs), logger })({
      job: { ...job, images: [{ ...image, contentType: 'image/jpeg' }] },
      image: { ...image, contentType: 'image/jpeg' },
    });
    expect(containedCer(screen.mainText, page.text)).toBeLessThan(MAX_CER);
    expect(page.heading).toBe(screen.heading);
  }, 60_000);
});
