/**
 * One image of every category of the OCR corpus (services/ocr/test/corpus: code editors, tables, receipt photos,
 * chats, low-contrast UI, social posts, slides, two-column articles, small text, phone screens, six languages, and
 * text-free pictures) uploaded through the whole product, as a user would: gateway, S3, moderation, OCR,
 * summarise, notes. Each note's original text must be read within the category bound of docs/OCR.md, keep its
 * structure (table cells, code indentation), and carry its language.
 */
import { buildCorpus, cer, CATEGORIES, type CorpusImage } from '@snapnotes/ocr/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

/** Every category's mean must stay under 6% (docs/OCR.md); one image may not be worse than that either. */
const CER_BOUND = 0.06;

interface Note {
  kind: 'text' | 'description';
  originalText: string;
  language: string | null;
  title: string;
}

let app: TestApp;
let user: Client;
let images: CorpusImage[];

beforeAll(async () => {
  // The first image of each category (the corpus is seeded: the same pages on every machine).
  const corpus = await buildCorpus();
  images = CATEGORIES.map((c) => corpus.find((i) => i.category === c)!);
  app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '100', RATE_LIMIT_IMAGES: '100' });
  user = await signUp(app, 'Corpus Reader');
}, 300_000);

afterAll(async () => {
  await app?.close();
});

async function upload(image: CorpusImage): Promise<Note> {
  const ext = image.format === 'jpeg' ? 'jpg' : 'png';
  const res = await user.upload(
    [{ name: `${image.id}.${ext}`, data: image.image, type: image.format === 'jpeg' ? 'image/jpeg' : 'image/png' }],
    { userId: String(user.id) },
  );
  expect(res.status, `${image.id}: ${res.status}`).toBe(200);
  return (await res.json()) as Note;
}

describe('the OCR corpus through the whole product', () => {
  it.each(CATEGORIES.filter((c) => c !== 'no-text'))('reads a %s image within the bound', async (category) => {
    const image = images.find((i) => i.category === category)!;
    const note = await upload(image);
    expect(note.kind).toBe('text');
    const rate = cer(image.truth, note.originalText);
    expect(rate, `${image.id} (${image.degradation}) CER ${(100 * rate).toFixed(1)}%`).toBeLessThanOrEqual(CER_BOUND);
    const language = /^lang-(\w+)$/.exec(category)?.[1];
    expect(note.language).toBe(language ?? 'eng');
    if (category === 'table' || category === 'receipt') {
      // Rows keep their cells apart, each item on the line with its price.
      expect(note.originalText.split('\n').filter((l) => l.includes('\t')).length).toBeGreaterThanOrEqual(3);
    }
    if (category.startsWith('code-')) {
      // Code keeps its indentation (and loses the editor's line numbers).
      expect(note.originalText).toMatch(/^ {2,}\S/m);
      expect(note.originalText).not.toMatch(/^\s*1\s+\S/m);
    }
  });

  it('describes a picture without text instead of inventing text', async () => {
    const note = await upload(images.find((i) => i.category === 'no-text')!);
    expect(note.kind).toBe('description');
    expect(note.originalText).toBe('');
  });
});
