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
