/**
 * Removes obvious OCR noise: garbage read from icons, photos and page edges, not text.
 * Thresholds come from tesseract's word confidences on the generated test images (header icons read as
 * "LICK J" at 45–50, specks at page edges and shadows as "3", "i" or ":" at 0–66, real words at 85–97).
 */
import type { OcrLine, OcrWord } from './engine.js';

/** An edge word under this confidence is dropped when it is tiny (≤ 2 characters) or has no letter or digit. */
const EDGE_WORD_MIN_CONFIDENCE = 70;
/** An edge word under this confidence is dropped whatever its length. */
const EDGE_WORD_GARBAGE_CONFIDENCE = 10;
/** A line under this mean confidence is dropped unless it holds one well-read word of 3+ letters or digits. */
const LINE_MIN_CONFIDENCE = 65;
const GOOD_WORD_CONFIDENCE = 70;
/** A line without any letter or digit (e.g. "}" in code) is kept only from this confidence on. */
const SYMBOL_LINE_MIN_CONFIDENCE = 60;

const ALNUM = /[\p{L}\p{N}]/u;
const alnumCount = (s: string) => (s.match(/[\p{L}\p{N}]/gu) ?? []).length;

function isEdgeNoise(word: OcrWord): boolean {
  if (word.confidence < EDGE_WORD_GARBAGE_CONFIDENCE) return true;
  return word.confidence < EDGE_WORD_MIN_CONFIDENCE && (word.text.length <= 2 || !ALNUM.test(word.text));
}

/** A lone "|" read for the pronoun "I" in sans-serif fonts ("and | will"); lines with other pipes are tables or code. */
function fixPipeForI(text: string): string {
  if ((text.match(/\|/g) ?? []).length !== 1) return text;
  return text.replace(/(^|\s)\|(?=\s+\p{Ll})/u, '$1I');
}

export interface CleanedText {
  text: string;
  /** Mean word confidence of the kept words, 0–100 (0 when nothing was kept). */
  confidence: number;
  keptLines: number;
  droppedLines: number;
}

/** Cleans recognised lines (with word confidences) into text; an empty line in the input is a paragraph break. */
export function cleanOcrLines(lines: readonly OcrLine[]): CleanedText {
  const out: string[] = [];
  const kept: OcrWord[] = [];
  let dropped = 0;
  let keptLines = 0;
  for (const line of lines) {
    if (line.words.length === 0) {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    const words = [...line.words];
    while (words.length > 0 && isEdgeNoise(words[words.length - 1]!)) words.pop();
    while (words.length > 0 && isEdgeNoise(words[0]!)) words.shift();
    if (words.length === 0) {
      dropped++;
      continue;
    }
    const text = words.map((w) => w.text).join(' ');
    const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
    const noSymbols = !ALNUM.test(text);
    const wellReadWord = words.some((w) => w.confidence >= GOOD_WORD_CONFIDENCE && alnumCount(w.text) >= 3);
    if ((noSymbols && confidence < SYMBOL_LINE_MIN_CONFIDENCE) || (confidence < LINE_MIN_CONFIDENCE && !wellReadWord)) {
      dropped++;
      continue;
    }
    out.push(fixPipeForI(text));
    kept.push(...words);
    keptLines++;
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  const confidence = kept.length ? kept.reduce((sum, w) => sum + w.confidence, 0) / kept.length : 0;
  return { text: out.join('\n'), confidence: Math.round(confidence * 10) / 10, keptLines, droppedLines: dropped };
}

/**
 * Text-only cleaning, for engines that give no per-word confidences: trims lines, drops lines without any letter
 * or digit (except short bracket/punctuation lines such as "}" or "});" from code), collapses blank runs.
 */
export function cleanOcrText(text: string): string {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    if (!ALNUM.test(line) && !/^[{}()[\];,.]{1,4}$/.test(line)) continue;
    out.push(fixPipeForI(line));
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
