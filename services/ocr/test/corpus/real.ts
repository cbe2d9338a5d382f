/**
 * The real-world OCR corpus: `../shared/ocr-real` beside the repository (236 images of real documents and screens
 * from eight public sources, each with its truth; its README and LICENCES.md). Several sources are for research
 * use only, so the files are read from there and never copied into the repository. Read by `pnpm bench:ocr` and
 * by the integration test of one image per kind (apps/embedded/test/ocr-real.int.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What kind of page an image is: the groups the targets are stated for. */
export const REAL_KINDS = ['receipt', 'form', 'table', 'line', 'page', 'screenshot', 'photo'] as const;
export type RealKind = (typeof REAL_KINDS)[number];

export interface RealImage {
  id: string;
  /** Absolute path of the image. */
  file: string;
  source: string;
  /** The manifest's own category, e.g. "screenshot: bullet list". */
  category: string;
  kind: RealKind;
  /** The page's language (tesseract code). */
  lang: string;
  width: number;
  height: number;
  truth: string;
  /** SROIE's key fields, for receipts. */
  facts?: { company: string; date: string; total: string };
}

interface ManifestEntry {
  id: string;
  file: string;
  truthFile: string;
  source: string;
  category: string;
  lang: string;
  width: number;
  height: number;
  facts?: RealImage['facts'];
}

/** The kind of a manifest category: the manifest names categories in words ("table (scientific article)"). */
export function kindOf(category: string): RealKind {
  const c = category.toLowerCase();
  if (c.startsWith('receipt')) return 'receipt';
  if (c.startsWith('form')) return 'form';
  if (c.includes('table') && !c.startsWith('screenshot')) return 'table';
  if (c.includes('text line')) return 'line';
  if (c.includes('article page')) return 'page';
  if (c.startsWith('screenshot')) return 'screenshot';
  if (c.startsWith('photo')) return 'photo';
  throw new Error(`ocr-real: no kind for the category "${category}"`);
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The corpus folder: OCR_REAL_DIR, or `../shared/ocr-real` beside the repository; null when neither exists. */
export function realCorpusDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const dir = env.OCR_REAL_DIR ? path.resolve(env.OCR_REAL_DIR) : path.resolve(repoRoot, '../shared/ocr-real');
  return existsSync(path.join(dir, 'manifest.json')) ? dir : null;
}

/** Every image of the corpus whose id, source or kind contains `filter` (all when it is empty). */
export function loadRealCorpus(dir: string, filter?: string): RealImage[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const images = manifest.map((e) => ({
    id: e.id,
    file: path.join(dir, e.file),
    source: e.source,
    category: e.category,
    kind: kindOf(e.category),
    lang: e.lang,
    width: e.width,
    height: e.height,
    truth: readFileSync(path.join(dir, e.truthFile), 'utf8'),
    ...(e.facts ? { facts: e.facts } : {}),
  }));
  if (!filter) return images;
  const parts = filter.split(',').map((f) => f.trim());
  return images.filter((i) => parts.some((f) => i.id.includes(f) || i.source === f || i.kind === f));
}
