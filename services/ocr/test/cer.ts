/**
 * Plain character error rate for the OCR corpus: the Levenshtein distance between the whitespace-normalised
 * hypothesis and truth, over the truth's length. Whitespace-normalised: every run of whitespace (spaces, tabs,
 * line breaks) becomes one space, and the ends are trimmed. Nothing else is normalised (no case folding, no
 * Unicode or punctuation mapping): "é" read as "e" is an error. Lengths and edits count Unicode code points.
 */

export function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Levenshtein distance (insertions, deletions, substitutions of one code point each). */
export function levenshtein(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  if (x.length === 0) return y.length;
  if (y.length === 0) return x.length;
  let prev = new Int32Array(y.length + 1);
  let cur = new Int32Array(y.length + 1);
  for (let j = 0; j <= y.length; j++) prev[j] = j;
  for (let i = 1; i <= x.length; i++) {
    cur[0] = i;
    const xi = x[i - 1];
    for (let j = 1; j <= y.length; j++) {
      const sub = prev[j - 1]! + (xi === y[j - 1] ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[y.length]!;
}

/** Character error rate of `hypothesis` against `truth`; 0 is perfect, and it exceeds 1 for long garbage. */
export function cer(truth: string, hypothesis: string): number {
  const t = normaliseWhitespace(truth);
  if (t.length === 0) throw new Error('cer: the truth is empty after whitespace normalisation');
  return levenshtein(normaliseWhitespace(hypothesis), t) / Array.from(t).length;
}
