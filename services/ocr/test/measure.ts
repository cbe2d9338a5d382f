/** Measures for OCR of whole screens: how well a region's text was read, and whether menu items stayed apart. */
import { normaliseText } from '@snapnotes/testing/text';

/**
 * Character error rate of `reference` found inside `hypothesis`: the edit distance between the reference and the
 * best-matching stretch of the hypothesis, over the reference length (both whitespace-normalised). Text the OCR read
 * before or after that stretch (menus, sidebars) costs nothing; text mixed into it (a sidebar merged into the
 * lines of an article) costs its length.
 */
export function containedCer(reference: string, hypothesis: string): number {
  const ref = normaliseText(reference);
  const hyp = normaliseText(hypothesis);
  if (ref.length === 0) throw new Error('containedCer: the reference text is empty after normalisation');
  // Semi-global alignment: a free start and end anywhere in the hypothesis.
  let prev = new Int32Array(hyp.length + 1); // row 0: all zero (free start)
  let cur = new Int32Array(hyp.length + 1);
  for (let i = 1; i <= ref.length; i++) {
    cur[0] = i;
    const r = ref.charCodeAt(i - 1);
    for (let j = 1; j <= hyp.length; j++) {
      const sub = prev[j - 1]! + (r === hyp.charCodeAt(j - 1) ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  let best = ref.length;
  for (let j = 0; j <= hyp.length; j++) best = Math.min(best, prev[j]!);
  return best / ref.length;
}

/** Lower case, letters and digits only: "BIO 101 · Lecture 7" and "BIO 101 - Lecture 7" are the same menu item. */
const norm = (s: string) =>
  normaliseText(s)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Menu items that the OCR put on a line of menu items only (not merged into sentences): for each item, whether some
 * line contains it and holds few letters or digits besides the menu items it contains (at most `slack`, or a
 * quarter of the line: an icon read as a letter, a misspelt item are tolerated; a merged sentence is not).
 */
export function itemsOnOwnLines(items: readonly string[], text: string, slack = 2): Map<string, boolean> {
  // Padded with spaces, so that items match whole words only ("API" is not found in "APIs").
  const lines = text
    .split('\n')
    .map((l) => ` ${norm(l)} `)
    .filter((l) => l.trim());
  const wanted = [...new Set(items.map((i) => ` ${norm(i)} `))].sort((a, b) => b.length - a.length);
  const result = new Map<string, boolean>();
  for (const item of items) {
    const it = ` ${norm(item)} `;
    const ok = lines.some((line) => {
      if (!line.includes(it)) return false;
      let rest = line;
      for (const w of wanted) rest = rest.split(w).join('  ');
      // Letters left over besides menu items: an icon, or an item the OCR spelt differently ("Signin"), but not
      // a sentence the item was merged into.
      const total = (line.match(/[\p{L}\p{N}]/gu) ?? []).length;
      return (rest.match(/[\p{L}\p{N}]/gu) ?? []).length <= Math.max(slack, 0.25 * total);
    });
    result.set(item, ok);
  }
  return result;
}
