/**
 * Turns the moderation corpus into images: each item's page rendered by Debian's Chromium (launchChromium from the
 * OCR service's tests, never a downloaded browser), photos degraded as a phone camera would (tilt, blur, uneven
 * light, sensor noise, JPEG), plus the explicit-image fixtures the image classifier must flag.
 *
 * Images are cached in services/moderation/.corpus-cache (gitignored), keyed by a hash of what made them. Delete the
 * folder to render afresh.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderSkinShapes } from '@snapnotes/testing/moderation-fixtures';
import type { CorpusItem } from '@snapnotes/text-moderation/corpus';
import { launchChromium } from '../../../ocr/test/screens.js';
import { pageOf } from './html.js';

type Browser = Awaited<ReturnType<typeof launchChromium>>;

const here = path.dirname(fileURLToPath(import.meta.url));
export const CORPUS_CACHE_DIR = path.resolve(here, '../../.corpus-cache');
/** Bump to re-render every cached image. */
const RENDER_VERSION = 1;

/**
 * Seeds of the generated "skin shapes" drawing (packages/testing/src/moderation-fixtures.ts) that nsfwjs reads as
 * explicit: 213 is the fixture the other tests use; the others score Porn + Hentai ≥ 0.85 as well. Stand-ins for
 * explicit pictures (a test suite holds none), flagged by the image classifier, with no text.
 */
export const EXPLICIT_IMAGE_SEEDS = [213, 28, 146, 222, 279, 361, 378, 385] as const;

const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 24);

/** A deterministic number source for one item's degradation. */
function random(seed: string): () => number {
  let state = parseInt(sha(seed).slice(0, 8), 16) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function renderPage(browser: Browser, item: CorpusItem): Promise<Buffer> {
  const { html, width } = pageOf(item);
  const context = await browser.newContext({ viewport: { width, height: 400 }, deviceScaleFactor: 1 });
  try {
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate('document.fonts.ready.then(() => true)');
    return await page.screenshot({ type: 'png', fullPage: true });
  } finally {
    await context.close();
  }
}

/** A phone photo of the screen or page: on a desk, tilted, a little out of focus, lit unevenly, noisy, JPEG. */
export async function photograph(png: Buffer, seed: string): Promise<Buffer> {
  const r = random(seed);
  const meta = await sharp(png).metadata();
  const w = meta.width ?? 800;
  const h = meta.height ?? 600;
  const margin = Math.round(0.08 * Math.max(w, h));
  const angle = (r() < 0.5 ? -1 : 1) * (1.5 + r() * 2.5);
  const tilted = await sharp(png)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#6b5a48' })
    .rotate(angle, { background: '#6b5a48' })
    .blur(0.6 + r() * 0.6)
    .toBuffer({ resolveWithObject: true });
  const { width: tw, height: th } = tilted.info;
  // Light falling off towards one corner, and sensor noise.
  const light = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${tw}" height="${th}"><defs><radialGradient id="g" cx="${20 + r() * 60}%" cy="${20 + r() * 60}%" r="80%">` +
      `<stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#8d8d8d"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const noise = Buffer.alloc(tw * th);
  for (let i = 0; i < noise.length; i++) noise[i] = 128 + Math.round((r() + r() + r() - 1.5) * 40);
  const grain = await sharp(noise, { raw: { width: tw, height: th, channels: 1 } })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  return sharp(tilted.data)
    .composite([
      { input: light, blend: 'multiply' },
      { input: grain, blend: 'soft-light' },
    ])
    .jpeg({ quality: 55 + Math.round(r() * 20) })
    .toBuffer();
}

export interface RenderedItem {
  item: CorpusItem;
  image: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/** Renders every item (from the cache when it can). */
export async function renderItems(
  items: readonly CorpusItem[],
  options: { cacheDir?: string; log?: (message: string) => void } = {},
): Promise<RenderedItem[]> {
  const cacheDir = options.cacheDir ?? CORPUS_CACHE_DIR;
  mkdirSync(cacheDir, { recursive: true });
  const degradeSource = sha(readFileSync(fileURLToPath(import.meta.url), 'utf8'));
  let browser: Browser | null = null;
  const out: RenderedItem[] = [];
  try {
    for (const item of items) {
      const { html, width } = pageOf(item);
      const key = sha({ v: RENDER_VERSION, html, width, photo: item.photo ? degradeSource : false });
      const file = path.join(cacheDir, `${item.id}-${key}.${item.photo ? 'jpg' : 'png'}`);
      let image: Buffer;
      if (existsSync(file)) image = readFileSync(file);
      else {
        browser ??= await launchChromium();
        options.log?.(`rendering ${item.id}`);
        const png = await renderPage(browser, item);
        image = item.photo ? await photograph(png, item.id) : png;
        writeFileSync(file, image);
      }
      const meta = await sharp(image).metadata();
      out.push({
        item,
        image,
        contentType: item.photo ? 'image/jpeg' : 'image/png',
        width: meta.width ?? 1,
        height: meta.height ?? 1,
      });
    }
  } finally {
    await browser?.close();
  }
  return out;
}

/** The explicit-image fixtures, as corpus entries without text (the image classifier must flag each). */
export async function explicitImages(): Promise<RenderedItem[]> {
  return Promise.all(
    EXPLICIT_IMAGE_SEEDS.map(async (seed) => ({
      item: {
        id: `explicit-image-${seed}`,
        side: 'flagged' as const,
        category: 'explicit-image',
        layout: 'doc' as const,
        text: '',
        expect: { local: true, openai: true },
        openai: {},
      },
      image: await renderSkinShapes(seed),
      contentType: 'image/png' as const,
      width: 224,
      height: 224,
    })),
  );
}
