/**
 * OCR_ENGINE=paddle: PaddleOCR PP-OCRv4 (paddle/) reads the page, its text boxes are put back into rows (a table's
 * cells on one line, TABs between them), and pages it cannot read well go to the tesseract path. PP-OCRv4's
 * dictionary has no ê, ö, ß, ñ or ¿, so a page detected in another language than English is read by tesseract
 * with that language's data; so is a page without text boxes. docs/OCR.md gives the figures behind the default
 * (tesseract).
 */
import { OCR_UNCERTAIN_BELOW, type WordConfidence } from '@snapnotes/contracts';
import { detectPageLanguage } from './language.js';
import type { PaddleLine, PaddlePool } from './paddle/index.js';
import type { RecognizeBufferResult } from './recognize.js';
import { CELL_GAP_EM } from './structure.js';

/** Boxes whose vertical centres are within this share of the smaller height sit on one row. */
const SAME_ROW = 0.5;

/** Text boxes in reading rows: top to bottom, each row left to right, cells apart by a TAB. */
export function rowsOf(lines: readonly PaddleLine[]): { text: string; words: { line: PaddleLine; at: number }[] } {
  const sorted = [...lines].sort((a, b) => a.box.top + a.box.height / 2 - (b.box.top + b.box.height / 2));
  const rows: PaddleLine[][] = [];
  for (const line of sorted) {
    const centre = line.box.top + line.box.height / 2;
    const row = rows[rows.length - 1];
    const last = row?.[row.length - 1];
    if (
      row &&
      last &&
      Math.abs(centre - (last.box.top + last.box.height / 2)) <= SAME_ROW * Math.min(last.box.height, line.box.height)
    ) {
      row.push(line);
    } else {
      rows.push([line]);
    }
  }
  let text = '';
  const words: { line: PaddleLine; at: number }[] = [];
  rows.forEach((row, r) => {
    if (r > 0) text += '\n';
    row.sort((a, b) => a.box.left - b.box.left);
    row.forEach((line, i) => {
      const prev = row[i - 1];
      if (prev) {
        const gap = line.box.left - (prev.box.left + prev.box.width);
        // A box's height is about 1.2 em.
        text += gap >= (CELL_GAP_EM * Math.min(prev.box.height, line.box.height)) / 1.2 ? '\t' : ' ';
      }
      words.push({ line, at: text.length });
      text += line.text;
    });
  });
  return { text, words };
}

/** The words of low-confidence boxes, as OcrPageResult.uncertain wants them (each word with its box's confidence). */
function uncertainOf(placed: { line: PaddleLine; at: number }[]): WordConfidence[] {
  const out: WordConfidence[] = [];
  for (const { line, at } of placed) {
    if (line.confidence >= OCR_UNCERTAIN_BELOW) continue;
    for (const m of line.text.matchAll(/\S+/g)) out.push([at + m.index, at + m.index + m[0].length, line.confidence]);
  }
  return out;
}

export interface PaddleReadOptions {
  paddle: PaddlePool;
  /** The tesseract path, for pages PP-OCRv4 cannot read (other languages, no text boxes). */
  fallback: (image: Buffer, languages: string[]) => Promise<RecognizeBufferResult>;
  /** Languages the page may be detected in. */
  candidates: readonly string[];
}

export async function readWithPaddle(
  image: Buffer,
  languages: string[],
  options: PaddleReadOptions,
): Promise<RecognizeBufferResult> {
  if (!languages.includes('eng')) return options.fallback(image, languages);
  const started = performance.now();
  const lines = await options.paddle.recognize(image);
  const { text, words } = rowsOf(lines);
  const language = await detectPageLanguage(text, options.candidates);
  if (lines.length === 0 || (language !== null && language !== 'eng')) {
    return options.fallback(image, language ? [language] : languages);
  }
  const heights = lines.map((l) => l.box.height).sort((a, b) => a - b);
  return {
    text,
    confidence: Math.round((10 * lines.reduce((n, l) => n + l.confidence, 0)) / lines.length) / 10,
    uncertain: uncertainOf(words),
    upscaled: false,
    retried: false,
    inverted: false,
    lineHeight: heights[heights.length >> 1]!,
    heading: null,
    blocks: 0,
    language: language ?? 'eng',
    relanguaged: false,
    timings: { prepareMs: 0, recognizeMs: Math.round(performance.now() - started) },
  };
}
