/**
 * How a reading compares with the truth. CER is the Levenshtein distance over whitespace-normalised text ÷ the
 * truth's length (services/ocr/test/cer.ts); the case-insensitive CER lower-cases both first (SROIE writes many
 * mixed-case receipts in upper case: the corpus README makes it the main figure). Word recall and precision
 * compare the bags of words, lower-cased, with punctuation at their ends taken off (FUNSD sets punctuation apart
 * with spaces): recall = truth words found ÷ truth words, precision = words read that are in the truth ÷ words read.
 * Order does not count for words, which is what tells a page read in the wrong order (high recall, high CER) from
 * one read badly (both low).
 */
import { cer } from '@snapnotes/ocr/corpus';

export interface Score {
  cer: number;
  cerCi: number;
  recall: number;
  precision: number;
  /** Truth words and words read (for pooled figures). */
  truthWords: number;
  readWords: number;
  matchedWords: number;
}

/** The words of a text, lower-cased, without punctuation around them; empty tokens dropped. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
}

export function scoreReading(truth: string, reading: string): Score {
  const t = wordsOf(truth);
  const r = wordsOf(reading);
  const bag = new Map<string, number>();
  for (const w of t) bag.set(w, (bag.get(w) ?? 0) + 1);
  let matched = 0;
  for (const w of r) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      matched++;
      bag.set(w, n - 1);
    }
  }
  return {
    cer: cer(truth, reading),
    cerCi: cer(truth.toLowerCase(), reading.toLowerCase()),
    recall: t.length ? matched / t.length : 1,
    precision: r.length ? matched / r.length : t.length ? 0 : 1,
    truthWords: t.length,
    readWords: r.length,
    matchedWords: matched,
  };
}
