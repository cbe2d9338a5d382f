/**
 * The OCR corpus: images made by code, each with the text a person reads on it. Pages are generated from seeded
 * data (categories/), rendered by Chromium (render.ts) and degraded as a phone would (degrade.ts). Rendered pages
 * and degraded images are cached in services/ocr/.corpus-cache (gitignored), keyed by a hash of what made them:
 * the HTML and viewport, the degradation and the source of degrade.ts. Delete the folder to start afresh.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { launchChromium } from '../screens.js';
import { degrade } from './degrade.js';
import { describeDegradation } from './profiles.js';
import { RENDER_VERSION, renderSpec } from './render.js';
import { corpusSpecs, DEFAULT_SEED } from './specs.js';
import type { CorpusImage, CorpusSpec } from './types.js';

export { CATEGORIES, type Category, type CorpusImage, type CorpusSpec } from './types.js';
export { corpusSpecs, DEFAULT_SEED } from './specs.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_CACHE_DIR = path.resolve(here, '../../.corpus-cache');

export interface BuildCorpusOptions {
  seed?: number;
  /** Keeps the images whose category (or id) contains this text, or for which the function is true. */
  filter?: string | ((spec: CorpusSpec) => boolean);
  cacheDir?: string;
  /** Progress messages (renders and degradations that were not cached). */
  log?: (message: string) => void;
}

const sha = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

export function selectSpecs(specs: CorpusSpec[], filter: BuildCorpusOptions['filter']): CorpusSpec[] {
  if (filter === undefined || filter === '') return specs;
  if (typeof filter === 'function') return specs.filter(filter);
  return specs.filter((s) => s.category.includes(filter) || s.id.includes(filter));
}

export async function buildCorpus(options: BuildCorpusOptions = {}): Promise<CorpusImage[]> {
  const { seed = DEFAULT_SEED, cacheDir = DEFAULT_CACHE_DIR, log = () => {} } = options;
  const specs = selectSpecs(corpusSpecs(seed), options.filter);
  const degradeSource = sha(readFileSync(path.join(here, 'degrade.ts'), 'utf8'));
  mkdirSync(path.join(cacheDir, 'render'), { recursive: true });
  mkdirSync(path.join(cacheDir, 'image'), { recursive: true });
  let browser: Browser | null = null;
  const images: CorpusImage[] = [];
  try {
    for (const spec of specs) {
      const renderKey = sha({ v: RENDER_VERSION, html: spec.html, w: spec.width, h: spec.height, s: spec.scale });
      const imageKey = sha({ renderKey, degrade: spec.degrade, degradeSource });
      const ext = spec.degrade.format === 'jpeg' ? 'jpg' : 'png';
      const imageFile = path.join(cacheDir, 'image', `${imageKey}.${ext}`);
      let image: Buffer;
      if (existsSync(imageFile)) image = readFileSync(imageFile);
      else {
        const renderFile = path.join(cacheDir, 'render', `${renderKey}.png`);
        let rendered: Buffer;
        if (existsSync(renderFile)) rendered = readFileSync(renderFile);
        else {
          browser ??= await launchChromium();
          const t = performance.now();
          rendered = await renderSpec(browser, spec);
          writeFileSync(renderFile, rendered);
          log(`rendered ${spec.id} in ${Math.round(performance.now() - t)} ms`);
        }
        const t = performance.now();
        image = (await degrade(rendered, spec.degrade)).image;
        writeFileSync(imageFile, image);
        log(`degraded ${spec.id} (${describeDegradation(spec.degrade)}) in ${Math.round(performance.now() - t)} ms`);
      }
      const meta = await sharp(image).metadata();
      images.push({
        id: spec.id,
        category: spec.category,
        note: spec.note,
        format: spec.degrade.format,
        image,
        width: meta.width ?? 0,
        height: meta.height ?? 0,
        truth: spec.truth,
        hasText: spec.hasText,
        degradation: describeDegradation(spec.degrade),
      });
    }
  } finally {
    await browser?.close();
  }
  return images;
}

/** Writes the images and their truths (`<id>.png|jpg`, `<id>.txt`) to a folder, for a person to look at. */
export function dumpCorpus(images: CorpusImage[], dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const img of images) {
    writeFileSync(path.join(dir, `${img.id}.${img.format === 'jpeg' ? 'jpg' : 'png'}`), img.image);
    writeFileSync(
      path.join(dir, `${img.id}.txt`),
      `# ${img.category}: ${img.note}\n# ${img.width}×${img.height}, ${img.degradation}\n\n${img.truth}\n`,
    );
  }
}

export { cer, levenshtein, normaliseWhitespace } from '../cer.js';
export { loadRealCorpus, realCorpusDir, REAL_KINDS, type RealImage, type RealKind } from './real.js';
/**
 * The raw tesseract pool, for benchmarks of configurations other than the product's path: the package index only
 * offers the whole engine (`startOcrReader`).
 */
export { createTesseractEngine, type TesseractEngine } from '../../src/engine.js';
/** PP-OCRv4 alone, its boxes in rows: a plain engine of the real-world bench. */
export { createPaddlePool, type PaddlePool } from '../../src/paddle/index.js';
export { rowsOf } from '../../src/paddle-reader.js';
/** Debian's Chromium for pages rendered outside the corpus (scroll captures). */
export { launchChromium } from '../screens.js';
export {
  captureScrolls,
  scrollScore,
  scrollSpecs,
  type ScrollScore,
  type ScrollSet,
  type ScrollSpec,
} from './scroll.js';
