/**
 * Where OCR was unsure of a page's cleaned text: the words read with a confidence under OCR_UNCERTAIN_BELOW, as
 * character ranges of the text (OcrPageResult.uncertain). The text checks use them: a word OCR was unsure of never
 * flags an upload (noise read from pictures and page edges is exactly that).
 *
 * The cleaned text (clean.ts) is the kept words in their order, joined by spaces, tabs, indentation and line breaks;
 * a few are rewritten (a bullet glyph becomes "•", a lone "|" becomes "I"). So its words are found again in the
 * recognised words by walking both in order: a text word matches the next recognised word with the same text (the
 * words skipped were dropped as noise). A text word that matches none is listed with confidence 0: the checks then
 * treat it as unsure, the safe side for a word whose reading is unknown.
 */
import { OCR_UNCERTAIN_BELOW, type WordConfidence } from '@snapnotes/contracts';
import type { OcrLine } from './tesseract-lines.js';

/** A text word and a recognised word are the same word (allowing for clean.ts's rewrites). */
function same(textWord: string, recognised: string): boolean {
  return textWord === recognised || (textWord === 'I' && recognised === '|');
}

/**
 * The words of `text` read with a confidence under `below`, as [start, end, confidence] (UTF-16 offsets into `text`,
 * end exclusive, confidence rounded to an integer), in text order. `lines` are the recognised lines `text` was
 * cleaned from.
 */
export function uncertainWords(
  lines: readonly OcrLine[],
  text: string,
  below: number = OCR_UNCERTAIN_BELOW,
): WordConfidence[] {
  const recognised = lines.flatMap((l) => l.words);
  const out: WordConfidence[] = [];
  let next = 0;
  for (const m of text.matchAll(/\S+/gu)) {
    const token = m[0];
    const start = m.index;
    if (token === '•') continue; // a bullet, not a word
    let at = next;
    while (at < recognised.length && !same(token, recognised[at]!.text)) at++;
    if (at === recognised.length) {
      out.push([start, start + token.length, 0]);
      continue;
    }
    const confidence = Math.round(recognised[at]!.confidence);
    next = at + 1;
    if (confidence < below) out.push([start, start + token.length, Math.max(0, Math.min(100, confidence))]);
  }
  return out;
}
