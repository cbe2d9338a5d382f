/**
 * The words of a page, as the text rules see them: whole words only (a rule never matches inside a longer word or an
 * identifier), each with the confidence OCR read it with.
 *
 * A word is a run of letters and digits, joined by apostrophes, hyphens and underscores ("you're", "cock-up",
 * "cum_sum"), plus the few symbols people put for letters ("sh1t", "b!tch", "@ss"). Its normal form is lower case,
 * without accents, with look-alike letters from other scripts and leetspeak resolved, and without the punctuation
 * around it; letters stretched to three or more ("fuuuuck") are also looked up squeezed to one.
 */
import type { WordConfidence } from '@snapnotes/contracts';

export interface Word {
  /** [start, end) in the text, UTF-16 offsets. */
  start: number;
  end: number;
  /** The word's normal form, e.g. "sh1t!" → "shit". */
  norm: string;
  /** The normal form with every run of one letter squeezed to one, when the word has a run of three or more; else null. */
  squeezed: string | null;
  /** The lowest confidence OCR read any part of the word with, 0–100 (100 when OCR listed none). */
  confidence: number;
  /** Written inside quotation marks, alone: a word mentioned rather than used ('the word "x"'). */
  quoted: boolean;
}

const WORD_RE = /[\p{L}\p{M}\p{N}@$!|'’_-]+/gu;
const LETTER = /\p{L}/u;
const LEET_CHARS = /[0134578@$!|]/;
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
};
/** Letters of other scripts drawn like Latin ones (Cyrillic, Greek), a common way to slip a word past a filter. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ɡ: 'g',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};
const OPEN_QUOTES = new Set(['"', '“', '„', '«', "'", '‘', '‹']);
const CLOSE_QUOTES = new Set(['"', '”', '»', "'", '’', '›']);
/** Symbols that may lead or end a token without belonging to the word. */
const OUTER = /^[!|'’_-]+|[!|'’_@$-]+$/gu;

/** The normal form of one token, or '' when it holds no letter. */
export function normaliseWord(token: string): string {
  let s = token
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/./gu, (c) => CONFUSABLES[c] ?? c);
  s = s.replace(OUTER, '');
  if (!LETTER.test(s)) return '';
  if (LEET_CHARS.test(s)) s = s.replace(/[0134578@$!|]/g, (c) => LEET[c] ?? c);
  return s.replace(/’/g, "'");
}

/** "fuuuuck" → "fuck", "niggggger" → "niger"; null for words without a run of three. */
export function squeeze(norm: string): string | null {
  return /(\p{L})\1\1/u.test(norm) ? norm.replace(/(\p{L})\1+/gu, '$1') : null;
}

/** Lowest confidence of the spans overlapping [start, end), 100 when none does; `spans` sorted by start. */
function confidenceOf(spans: readonly WordConfidence[], from: number, start: number, end: number): number {
  let low = 100;
  for (let i = from; i < spans.length; i++) {
    const [s, e, c] = spans[i]!;
    if (s >= end) break;
    if (e > start && c < low) low = c;
  }
  return low;
}

/** The words of `text` in order, each with its OCR confidence from `uncertain` (see OcrPageResult.uncertain). */
export function wordsOf(text: string, uncertain: readonly WordConfidence[] = []): Word[] {
  const spans = [...uncertain].sort((a, b) => a[0] - b[0]);
  const words: Word[] = [];
  let first = 0;
  for (const m of text.matchAll(WORD_RE)) {
    const raw = m[0];
    const norm = normaliseWord(raw);
    if (norm === '') continue;
    const start = m.index;
    const end = start + raw.length;
    while (first < spans.length && spans[first]![1] <= start) first++;
    const before = text[start - 1] ?? '';
    const after = text[end] ?? '';
    const inner = raw.replace(/^['’]|['’]$/g, '');
    const quoted =
      (OPEN_QUOTES.has(before) && CLOSE_QUOTES.has(after)) ||
      (/^['‘]/.test(raw) && /['’]$/.test(raw) && inner.length < raw.length - 1);
    words.push({
      start,
      end,
      norm,
      squeezed: squeeze(norm),
      confidence: confidenceOf(spans, first, start, end),
      quoted,
    });
  }
  return words;
}
