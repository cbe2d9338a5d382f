/** Text comparison helpers for OCR tests: character error rate (CER) on whitespace-normalised text. */
import { distance } from 'fastest-levenshtein';

/**
 * Normalises text for comparison: Unicode NFKC (ligatures such as "ﬁ" become "fi"), typographic quotes and dashes
 * to ASCII, every run of whitespace (including line breaks) to one space, trimmed.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Levenshtein edit distance (insertions, deletions, substitutions), by code unit. */
export function editDistance(a: string, b: string): number {
  return distance(a, b);
}

/**
 * Character error rate of `hypothesis` (e.g. OCR output) against `reference` (the source text):
 * edit distance / reference length, both normalised with normaliseText. Lines may be passed as arrays.
 * 0 means identical; it can exceed 1 when the hypothesis is much longer than the reference.
 */
export function characterErrorRate(
  reference: string | readonly string[],
  hypothesis: string | readonly string[],
): number {
  const ref = normaliseText(typeof reference === 'string' ? reference : reference.join('\n'));
  const hyp = normaliseText(typeof hypothesis === 'string' ? hypothesis : hypothesis.join('\n'));
  if (ref.length === 0) throw new Error('characterErrorRate: the reference text is empty after normalisation');
  return distance(ref, hyp) / ref.length;
}

/**
 * How often `pattern` stands in `text` with at most `max` edits (Sellers' approximate string matching): matches
 * ending less than half the pattern's length apart count once. For counting a line a joined text repeats or lost.
 */
export function occurrences(text: string, pattern: string, max: number): number {
  const m = pattern.length;
  let col = Array.from({ length: m + 1 }, (_, i) => i);
  let count = 0;
  let lastEnd = -Infinity;
  for (let j = 1; j <= text.length; j++) {
    const next = [0];
    for (let i = 1; i <= m; i++) {
      next[i] = Math.min(col[i]! + 1, next[i - 1]! + 1, col[i - 1]! + (pattern[i - 1] === text[j - 1] ? 0 : 1));
    }
    col = next;
    if (col[m]! <= max) {
      if (j - lastEnd > m / 2) count++;
      lastEnd = j;
    }
  }
  return count;
}

/** Letters and digits only, lower case, one space apart: text as compared for occurrences. */
export function squashText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How often a line stands in a text, its letters and digits compared with `noise` of them allowed to differ. */
export function lineOccurrences(text: string, line: string, noise = 0.15): number {
  const l = squashText(line);
  return occurrences(squashText(text), l, Math.floor(l.length * noise));
}
