/**
 * The shape of the text, rebuilt from word boxes (docs/OCR.md, "Structure"): tesseract gives words, each with its
 * box; a person sees columns and indentation. So:
 * - inside a line, a gap much wider than a word space (a table's column gap, a receipt's item…price gap) becomes a
 *   TAB, so rows keep their cells apart;
 * - a block set in a monospace font (code) keeps its indentation (leading spaces, one per character width) and its
 *   inner alignment;
 * - a code editor's gutter (line numbers, consecutive on three or more lines) is dropped word by word, before the
 *   indentation is measured, so the code's own indentation survives.
 * Only ratios of box sizes are used, so it works at any scale (the layout canvas scales small text up).
 */
import type { OcrWord } from './tesseract-lines.js';

/** A gap at least this many em wide between two words of a line separates cells (a word space is ~0.3 em). */
export const CELL_GAP_EM = 1.1;
/** In monospace text a gap of this many characters or more separates cells (a receipt's item and its price). */
export const MONOSPACE_CELL_GAP_CHARS = 4;
/** A block is monospace when its words' widths per character vary by less than this (coefficient of variation)… */
const MONOSPACE_MAX_CV = 0.2;
/**
 * …and fall by less than this share of the mean per unit share of narrow glyphs (proportional fonts: about 0.5,
 * since i, l, t are half as wide as the average letter).
 */
const MONOSPACE_MAX_SLOPE = 0.2;
/** …measured over at least this many words of 3+ characters. */
const MONOSPACE_MIN_WORDS = 6;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * A word's font size (em, in px) estimated from its box: the box spans the x-height (~0.55 em), plus ascenders or
 * capitals (up to ~0.75 em) and descenders (~0.22 em) when the word has them. Null for words of fewer than two
 * letters or digits (icons read as letters, bullets, punctuation).
 */
export function fontSizeOf(word: OcrWord): number | null {
  if (word.height === undefined || (word.text.match(/[\p{L}\p{N}]/gu) ?? []).length < 2) return null;
  const tall = /[\p{Lu}\p{N}bdfhklt'"!?/\\|()[\]{}$%&@#]/u.test(word.text);
  const deep = /[gjpqyQ,;$()[\]{}|@]/u.test(word.text);
  return word.height / ((tall ? 0.75 : 0.55) + (deep ? 0.22 : 0));
}

/** The font size of a run of words: the median of theirs, or the tallest box when no word tells (null: no boxes). */
export function fontSizeOfWords(words: readonly OcrWord[]): number | null {
  const sizes = words.map(fontSizeOf).filter((v): v is number => v !== null);
  if (sizes.length) return median(sizes);
  const heights = words.map((w) => w.height ?? 0).filter((h) => h > 0);
  return heights.length ? Math.max(...heights) : null;
}

const hasBox = (w: OcrWord): w is OcrWord & { left: number; width: number } =>
  w.left !== undefined && w.width !== undefined;

/** Words long enough to tell a monospace font from a proportional one (see monospaceCharWidth). */
const measurable = (w: OcrWord) => hasBox(w) && (w.text.match(/\p{L}/gu) ?? []).length >= 3;

/** Glyphs much narrower or wider than average in proportional fonts, and as wide as any other in monospace ones. */
const NARROW = /[iljtfrI.,:;'!|]/g;
const WIDE = /[mwMW@]/g;

/**
 * The character width of a monospace block (px), or null when its words are not evenly spaced glyphs. In a
 * proportional font a word's width per character falls with its share of narrow letters ("illicit") and rises with
 * wide ones ("common"); in a monospace font it does not. So the width per character is fitted against the share
 * of narrow minus wide glyphs: a slope near zero (and little spread) is monospace.
 */
export function monospaceCharWidth(lines: readonly (readonly OcrWord[])[]): number | null {
  const points = lines
    .flat()
    .filter(hasBox)
    // Letters only: digits are of one width in most proportional fonts too (a spreadsheet is not code).
    .filter(measurable)
    .map((w) => {
      const n = [...w.text].length;
      const slim = ((w.text.match(NARROW) ?? []).length - (w.text.match(WIDE) ?? []).length) / n;
      return { perChar: w.width / n, slim };
    });
  if (points.length < MONOSPACE_MIN_WORDS) return null;
  const mean = (f: (p: (typeof points)[number]) => number) => points.reduce((a, p) => a + f(p), 0) / points.length;
  const r = mean((p) => p.perChar);
  const s = mean((p) => p.slim);
  const cv = Math.sqrt(mean((p) => (p.perChar - r) ** 2)) / r;
  const varSlim = mean((p) => (p.slim - s) ** 2);
  const slope = varSlim > 0.002 ? mean((p) => (p.slim - s) * (p.perChar - r)) / varSlim / r : null;
  const monospace = slope === null ? cv < MONOSPACE_MAX_CV / 2 : slope > -MONOSPACE_MAX_SLOPE && cv < MONOSPACE_MAX_CV;
  // Glyph boxes are a little narrower than their advance (the ink leaves side bearings): the advance is the box
  // width plus one bearing per word, about an eighth of a character.
  return r > 0 && monospace ? median(points.map((p) => p.perChar)) * (1 + 0.125 / 3) : null;
}

/**
 * Joins a line's words: a space between words, a TAB where the gap is a column gap; in a monospace block (given its
 * character width) as many spaces as characters fit in the gap, so aligned code stays aligned, and a TAB from
 * MONOSPACE_CELL_GAP_CHARS on (a receipt's columns, a table printed in a terminal).
 */
export function joinWords(words: readonly OcrWord[], charWidth: number | null = null): string {
  const em = fontSizeOfWords(words);
  let out = '';
  words.forEach((w, i) => {
    const prev = words[i - 1];
    if (prev) {
      const gap = hasBox(prev) && hasBox(w) ? w.left - (prev.left + prev.width) : null;
      if (gap === null) out += ' ';
      else if (charWidth) {
        const chars = Math.max(1, Math.round(gap / charWidth));
        out += chars >= MONOSPACE_CELL_GAP_CHARS ? '\t' : ' '.repeat(chars);
      } else out += em !== null && gap >= CELL_GAP_EM * em ? '\t' : ' ';
    }
    out += w.text;
  });
  return out;
}

/**
 * Whether numbered lines hold prose set in a proportional font (enough words to tell, and not monospace): a table's
 * first column (row numbers, ids: "12 The Quick Brown Fox" in a spreadsheet), not a code editor's gutter, whose code
 * is monospace.
 */
function besideProse(rest: readonly (readonly OcrWord[])[]): boolean {
  return rest.flat().filter(measurable).length >= MONOSPACE_MIN_WORDS && monospaceCharWidth(rest) === null;
}

/**
 * Drops a code editor's gutter: in runs of at least three lines whose first word is a number one more than the
 * previous line's, that first word, unless the lines hold proportional prose (a table's numbered rows). Empty lines (paragraph breaks) are skipped; a null line is one the cleaning
 * dropped (a blank code line whose lone number was read badly), which still takes its number. Returns new arrays;
 * a line may become empty, a null line stays empty.
 */
export function dropGutterNumbers(lines: readonly (readonly OcrWord[] | null)[]): OcrWord[][] {
  const out = lines.map((l) => (l ? [...l] : []));
  const numberOf = (l: readonly OcrWord[] | null | undefined) =>
    l?.[0] && /^\d{1,5}$/.test(l[0].text) ? Number(l[0].text) : null;
  let i = 0;
  while (i < lines.length) {
    const first = numberOf(lines[i]);
    if (first === null) {
      i++;
      continue;
    }
    const run = [i];
    const glued: number[] = [];
    let missed = false;
    let expected = first + 1;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      if (line === null) {
        expected++;
        continue;
      }
      if (line!.length === 0) continue;
      if (numberOf(line) !== expected) {
        // One line whose number was misread or glued to its code ("3#[derive(Debug)]") does not end the run when
        // the next numbered line carries the number after it.
        const next = lines.slice(j + 1).find((l) => l !== null && l.length > 0);
        if (!missed && numberOf(next) === expected + 1) {
          missed = true;
          glued.push(j);
          expected++;
          continue;
        }
        break;
      }
      missed = false;
      run.push(j);
      expected++;
    }
    if (run.length >= 3 && !besideProse(run.map((k) => out[k]!.slice(1)))) {
      for (const k of run) out[k]!.shift();
      for (const k of glued) {
        const word = out[k]![0]!;
        const bare = word.text.replace(/^\d{1,5}(?=\D)/, '');
        if (bare !== word.text) out[k]![0] = { ...word, text: bare };
      }
    }
    i = run.length >= 3 ? j : i + 1;
  }
  return out;
}

/**
 * Renders one block's lines (the lines between two paragraph breaks): monospace blocks with their indentation
 * (relative to the block's leftmost line) and inner alignment, other blocks with TABs at column gaps. `render` turns
 * the words of a line into its text (a bullet glyph, fixes) after the gaps are decided.
 */
export function renderBlock(lines: readonly (readonly OcrWord[])[]): string[] {
  const charWidth = monospaceCharWidth(lines);
  const lefts = lines.map((l) => l.find(hasBox)?.left ?? null);
  const known = lefts.filter((v): v is number => v !== null);
  const base = known.length ? Math.min(...known) : 0;
  return lines.map((words, i) => {
    if (words.length === 0) return '';
    const text = joinWords(words, charWidth);
    const left = lefts[i];
    if (!charWidth || left === null || left === undefined) return text;
    return ' '.repeat(Math.max(0, Math.round((left - base) / charWidth))) + text;
  });
}
