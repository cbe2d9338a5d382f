/**
 * Reads real images with the product's OCR (startOcrReader: tesseract, PP-OCRv4 where tesseract is unsure, the
 * page's structure), two at a time (the OCR pool's two threads), and summarises each reading with the local
 * summariser as the summarise stage does (stage.ts: the page's text as summaryText renders it, its heading, its
 * structure). BENCH_NOTES_OCR_CACHE=<dir> keeps each reading in <dir>/<id>.json and reads it from there next time:
 * for working on the summariser only (delete the directory when OCR changes).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger, PageBlock, SummaryDraft } from '@snapnotes/contracts';
import { startOcrReader } from '@snapnotes/ocr';
import type { RealImage } from '@snapnotes/ocr/corpus';
import { createLocalSummariser, detectLanguage, summaryText } from '@snapnotes/summarise';

export interface Reading {
  text: string;
  heading: string | null;
  blocks: PageBlock[];
  language: string | null;
}

export interface ReadNote {
  image: RealImage;
  reading: Reading;
  draft: SummaryDraft;
}

/** Reads and summarises every image, in the images' order. */
export async function readAndSummarise(images: readonly RealImage[], logger: Logger): Promise<ReadNote[]> {
  const cache = process.env.BENCH_NOTES_OCR_CACHE;
  if (cache) mkdirSync(cache, { recursive: true });
  const cached = (id: string) => (cache ? path.join(cache, `${id}.json`) : null);
  // One reader for both lanes below: started on the first image not in the cache (the promise, not its result, is
  // kept: two lanes asking at once would otherwise start two, and the one not kept would hold the process open).
  let reader: ReturnType<typeof startOcrReader> | null = null;
  const read = async (img: RealImage): Promise<Reading> => {
    const file = cached(img.id);
    if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Reading;
    reader ??= startOcrReader({ languages: ['eng'], poolSize: 2, logger });
    const r = await (await reader).read(await readFile(img.file), [img.lang]);
    const reading = { text: r.text, heading: r.heading, blocks: r.blocks, language: r.language ?? null };
    if (file) writeFileSync(file, JSON.stringify(reading));
    return reading;
  };
  const local = await createLocalSummariser({ logger });
  const notes: ReadNote[] = new Array<ReadNote>(images.length);
  let next = 0;
  try {
    await Promise.all(
      [0, 1].map(async () => {
        while (next < images.length) {
          const at = next++;
          const image = images[at]!;
          const reading = await read(image);
          const page = {
            text: reading.text,
            ...(reading.heading ? { heading: reading.heading } : {}),
            ...(reading.blocks.length ? { blocks: reading.blocks } : {}),
          };
          const text = summaryText(page);
          const draft = await local.summarise({
            pages: [{ fileName: path.basename(image.file), ...page, text }],
            premium: false,
            language: reading.language ?? detectLanguage(text),
          });
          notes[at] = { image, reading, draft };
        }
      }),
    );
  } finally {
    const open = reader as ReturnType<typeof startOcrReader> | null;
    if (open) await (await open).close();
  }
  return notes;
}
