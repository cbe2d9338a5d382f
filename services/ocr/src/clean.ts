/**
 * Removes obvious OCR noise: garbage read from icons, photos and page edges, not text.
 * Thresholds come from tesseract's word confidences on the generated test images (header icons read as
 * "LICK J" at 45–50, specks at page edges and shadows as "3", "i" or ":" at 0–66, real words at 85–97).
 */
import type { OcrLine, OcrWord } from './tesseract-lines.js';
import { dropGutterNumbers, renderBlock } from './structure.js';

/** An edge word under this confidence is dropped when it is tiny (≤ 2 characters) or has no letter or digit. */
const EDGE_WORD_MIN_CONFIDENCE = 70;
/** A word at most this many text heights from its neighbour is attached to it (a word space, not a gap). */
const ATTACHED_GAP = 0.6;
/** An edge word under this confidence is dropped whatever its length. */
const EDGE_WORD_GARBAGE_CONFIDENCE = 10;
/** A line under this mean confidence is dropped unless it holds one well-read word of 3+ letters or digits. */
const LINE_MIN_CONFIDENCE = 65;
const GOOD_WORD_CONFIDENCE = 70;
/** …or one word of at least this many letters or digits read with at least this confidence. */
const LONG_WORD_LETTERS = 10;
const LONG_WORD_MIN_CONFIDENCE = 35;
/** A line without any letter or digit (e.g. "}" in code) is kept only from this confidence on. */
const SYMBOL_LINE_MIN_CONFIDENCE = 60;

const ALNUM = /[\p{L}\p{N}]/u;
const alnumCount = (s: string) => (s.match(/[\p{L}\p{N}]/gu) ?? []).length;
/** Lines without letters or digits are kept only when they look like code punctuation ("}", "});"). */
const CODE_PUNCTUATION = /^[{}()[\];,.]{1,4}$/;
/** A line of single letters and symbols (no digits) is kept only from this confidence on. */
const TOKEN_SOUP_MIN_CONFIDENCE = 88;
/**
 * What tesseract reads a round list bullet as. Symbols are bullets whenever they lead a line followed by a word;
 * letters only when the glyph is small and set apart and the item starts with a capital or a digit.
 */
const BULLET_SYMBOLS = new Set(['•', '·', '«', '»', '©', '®', '°', '*', '+', '¢', '€', '@', '%']);
const BULLET_LETTERS = new Set(['e', 'o', 'O', 'a']);

/**
 * A speck, an icon or a picture's edge read as a word at the end of a line. A word set as close to its neighbour
 * as a word space, with letters in it, is part of the line however badly it was read ("HashMap::new();" in code,
 * where tesseract gives 0 to words it split at odd places): specks and icons stand apart.
 */
function isEdgeNoise(word: OcrWord, neighbour: OcrWord | undefined, words: readonly OcrWord[]): boolean {
  if (neighbour && alnumCount(word.text) >= 3) {
    const gap = word.left !== undefined && neighbour.left !== undefined ? spacing(word, neighbour) : null;
    const ref = textHeight(words, word);
    if (gap !== null && ref !== null && gap <= ATTACHED_GAP * ref) return false;
  }
  if (word.confidence < EDGE_WORD_GARBAGE_CONFIDENCE) return true;
  return word.confidence < EDGE_WORD_MIN_CONFIDENCE && (word.text.length <= 2 || !ALNUM.test(word.text));
}

/**
 * A lone "|" read for the pronoun "I" in sans-serif fonts ("and | will"); lines with other pipes are tables or
 * code, and a pipe after a capital or a symbol ("T | undefined") is code.
 */
function fixPipeForI(text: string): string {
  if ((text.match(/\|/g) ?? []).length !== 1) return text;
  return text.replace(/(^|\p{Ll}{2}[,.!?;:]?\s|[.!?]\s)\|(?=\s+\p{Ll})/u, '$1I');
}

/** The horizontal space between two words' boxes, whichever comes first (px; negative when they overlap). */
function spacing(a: OcrWord, b: OcrWord): number {
  const [l, r] = a.left! <= b.left! ? [a, b] : [b, a];
  return r.left! - (l.left! + (l.width ?? 0));
}

/** Height of the text of a line: the tallest word box other than `except` (null without word boxes). */
function textHeight(words: readonly OcrWord[], except: OcrWord): number | null {
  let max = 0;
  for (const w of words) if (w !== except && w.height !== undefined && w.height > max) max = w.height;
  return max > 0 ? max : null;
}

function gapAfter(a: OcrWord, b: OcrWord): number | null {
  if (a.left === undefined || a.width === undefined || b.left === undefined) return null;
  return b.left - (a.left + a.width);
}

/** A list bullet read as a symbol or a letter ("« Use ETag…", "e Never cache…"). */
function isBullet(words: readonly OcrWord[]): boolean {
  const [first, second] = words;
  if (!first || !second || !/^[\p{L}\p{N}"'“‘(]/u.test(second.text)) return false;
  const symbol = BULLET_SYMBOLS.has(first.text);
  if (!symbol && !BULLET_LETTERS.has(first.text)) return false;
  const ref = textHeight(words, first);
  const gap = gapAfter(first, second);
  if (ref === null || first.height === undefined || gap === null) return symbol;
  const small = first.height <= 0.7 * ref;
  const apart = gap >= 0.25 * ref;
  return symbol ? small || apart : small && apart && /^[\p{Lu}\p{N}]/u.test(second.text);
}

/** Glyphs tesseract reads UI icons as (a toggle as "©", a bell as "@", a star as "¥"), never code or prose. */
const ICON_SYMBOLS = /^[©®@°«»¢€¥§¶•●○■□▪▫◦◆◇★☆✓✔✗✕×≡…~^]{1,2}$/u;
/** Letters tesseract reads outlined icons as ("O Explore", "Q Search"): only when as tall as capitals. */
const ICON_LETTERS = new Set(['O', 'o', 'Q', 'G', 'e', '0']);

/**
 * An icon read as a symbol or a letter at the start or end of a line ("O Explore", "Weekly summary ©"): a glyph
 * that is never code or prose, as tall as the text, set apart from it by more than a word space.
 */
function isIcon(icon: OcrWord, next: OcrWord, words: readonly OcrWord[], leading: boolean): boolean {
  const symbol = ICON_SYMBOLS.test(icon.text);
  if (!symbol && !ICON_LETTERS.has(icon.text)) return false;
  const ref = textHeight(words, icon);
  const gap = leading ? gapAfter(icon, next) : gapAfter(next, icon);
  if (ref === null || icon.height === undefined || gap === null) return false;
  return icon.height >= (symbol ? 0.6 : 0.8) * ref && gap >= (leading ? 0.5 : 1.0) * ref;
}

/** A line of the cleaned text with the words it was made of (their boxes and confidences); null: a blank line. */
export type CleanedLine = { text: string; words: readonly OcrWord[] } | null;

export interface CleanedText {
  text: string;
  /** The text's lines, one for one (blank lines as null). */
  lines: CleanedLine[];
  /** Mean word confidence of the kept words, 0–100 (0 when nothing was kept). */
  confidence: number;
  keptLines: number;
  droppedLines: number;
}

/**
 * Cleans recognised lines (with word confidences, and word boxes when the engine gives them) into text; an empty
 * line in the input is a paragraph break. Drops icons, specks and garbage read from pictures; writes list bullets
 * as "•"; strips a code editor's line numbers.
 */
export function cleanOcrLines(lines: readonly OcrLine[]): CleanedText {
  // Kept words per line; 'break' is a paragraph break, 'dropped' a line the cleaning dropped.
  const rows: (OcrWord[] | 'break' | 'dropped')[] = [];
  const kept: OcrWord[] = [];
  let dropped = 0;
  let keptLines = 0;
  for (const line of lines) {
    if (line.words.length === 0) {
      if (rows.length > 0 && rows[rows.length - 1] !== 'break') rows.push('break');
      continue;
    }
    const words = [...line.words];
    // A bullet is read with any confidence (often 0): decide before trimming specks.
    const bullet = isBullet(words);
    while (words.length > 0 && isEdgeNoise(words[words.length - 1]!, words[words.length - 2], words)) words.pop();
    const first = bullet ? 1 : 0;
    while (words.length > first && isEdgeNoise(words[first]!, words[first + 1], words)) words.splice(first, 1);
    if (bullet && words.length < 2) words.length = 0;
    if (!bullet) while (words.length > 1 && isIcon(words[0]!, words[1]!, words, true)) words.shift();
    while (words.length > 1 && isIcon(words[words.length - 1]!, words[words.length - 2]!, words, false)) words.pop();
    if (words.length === 0) {
      dropped++;
      rows.push('dropped');
      continue;
    }
    const scored = bullet ? words.slice(1) : words;
    const text = words.map((w) => w.text).join(' ');
    const confidence = scored.reduce((sum, w) => sum + w.confidence, 0) / scored.length;
    const noSymbols = !ALNUM.test(text);
    // A long word read at all is no picture's garbage either ("groups.entry(item.assignee.clone())" at 42).
    const wellReadWord = scored.some(
      (w) =>
        (w.confidence >= GOOD_WORD_CONFIDENCE && alnumCount(w.text) >= 3) ||
        (w.confidence >= LONG_WORD_MIN_CONFIDENCE && alnumCount(w.text) >= LONG_WORD_LETTERS),
    );
    // Garbage read from pictures ("\\ | L A A"): single letters and symbols; a line number before a brace is not.
    const soup =
      scored.length >= 2 &&
      scored.every((w) => alnumCount(w.text) <= 1 && !/\p{N}/u.test(w.text)) &&
      scored.some((w) => /\p{L}/u.test(w.text));
    if (
      (noSymbols && (confidence < SYMBOL_LINE_MIN_CONFIDENCE || !CODE_PUNCTUATION.test(text))) ||
      (confidence < LINE_MIN_CONFIDENCE && !wellReadWord) ||
      (soup && confidence < TOKEN_SOUP_MIN_CONFIDENCE)
    ) {
      dropped++;
      rows.push('dropped');
      continue;
    }
    rows.push(bullet ? [{ ...words[0]!, text: '•' }, ...words.slice(1)] : words);
    kept.push(...scored);
    keptLines++;
  }
  // The gutter goes first, across paragraph breaks (a code block may be cut in two), then each paragraph is laid
  // out on its own: its indentation is measured from its own leftmost line (structure.ts).
  const stripped = dropGutterNumbers(rows.map((r) => (r === 'break' ? [] : r === 'dropped' ? null : r)));
  const out: CleanedLine[] = [];
  let block: OcrWord[][] = [];
  const flush = () => {
    const texts = renderBlock(block).map(fixPipeForI);
    texts.forEach((text, i) => out.push(text === '' ? null : { text, words: block[i]! }));
    block = [];
  };
  rows.forEach((r, i) => {
    if (r === 'dropped') return;
    if (r === 'break') {
      flush();
      out.push(null);
    } else {
      block.push(stripped[i]!);
    }
  });
  flush();
  // Collapse the empty lines that stripping may have left next to paragraph breaks.
  const tidy: CleanedLine[] = [];
  for (const l of out) if (!(l === null && (tidy.length === 0 || tidy[tidy.length - 1] === null))) tidy.push(l);
  while (tidy.length > 0 && tidy[tidy.length - 1] === null) tidy.pop();
  const confidence = kept.length ? kept.reduce((sum, w) => sum + w.confidence, 0) / kept.length : 0;
  return {
    text: tidy.map((l) => l?.text ?? '').join('\n'),
    lines: tidy,
    confidence: Math.round(confidence * 10) / 10,
    keptLines,
    droppedLines: dropped,
  };
}

/**
 * Text-only cleaning, for engines that give no per-word confidences: trims lines, drops lines without any letter
 * or digit (except short bracket/punctuation lines such as "}" or "});" from code), collapses blank runs.
 */
export function cleanPlainOcrText(text: string): string {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('');
      continue;
    }
    if (!ALNUM.test(line) && !CODE_PUNCTUATION.test(line)) continue;
    out.push(fixPipeForI(line));
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
