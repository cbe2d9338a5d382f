/**
 * Scrolling captures: where one capture of a long chat or page goes on from another, read from the lines (or blocks)
 * they share. Captures come in any order and OCR reads the same line slightly differently in two of them, so lines
 * are compared loosely (edit distance), the overlaps of every pair are measured and the captures chained by the
 * strongest ones. An app bar or status bar above every capture and a footer (a message box) below it are no part
 * of the overlap, and nothing is dropped that the joined page does not hold elsewhere.
 */
import type { PageBlock, ScrollLink } from '@snapnotes/contracts';
import { canonical } from '../text.js';
import { bestCut, chainWindows, pixelLinkOf, textIn } from './scroll-pixels.js';

/** Lines that repeat must be this long (in letters and digits) to count: "OK" or "12:40" repeat by chance. */
const MIN_LINE_CHARS = 6;
/** An overlap holds at least this many such lines, or one line of MIN_LONG_LINE characters. */
const MIN_RUN = 2;
const MIN_LONG_LINE = 20;
/** Lines at the foot of a capture its edge may cut through (read garbled), and the next capture shows whole. */
const CUT_LINES = 2;
/** Lines a sticky footer (a message box, a tab bar) takes at the foot of every capture, at most. */
const MAX_FOOTER = 3;
/** Two readings of one line differ in at most this share of their characters (OCR noise). */
const MAX_NOISE = 0.2;
/** A phone's status bar: its clock, then icons read as marks, the network, the battery ("9:41 LTE 87%"). */
const STATUS_BAR = /^\W*\d{1,2}[:.]\d{2}(?:\s*[AP]M)?\b.{0,24}$/i;
/** A word of a sentence: a status bar has none ("9:41 all ? 87%"). */
const WORD = /\p{Ll}{4,}/u;
const statusBar = (line: string) => STATUS_BAR.test(line.trim()) && !WORD.test(line);

const solidChars = (k: string) => k.replace(/ /g, '').length;

/**
 * Whether edit distance between a and b is at most `max` (a band of 2·max+1 diagonals: linear in their length).
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (a === b) return true;
  const inf = max + 1;
  let prev = new Int32Array(b.length + 1).fill(inf);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= Math.min(b.length, max); j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur.fill(inf);
    if (i <= max) cur[0] = i;
    let best = cur[0]!;
    for (let j = Math.max(1, i - max); j <= Math.min(b.length, i + max); j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return false;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]! <= max;
}

/** A capture's units (lines or blocks) as they are compared. */
interface Keyed {
  units: readonly string[];
  keys: string[];
  solid: boolean[];
}

const keyed = (units: readonly string[]): Keyed => {
  const keys = units.map(canonical);
  return { units, keys, solid: keys.map((k) => solidChars(k) >= MIN_LINE_CHARS) };
};

/** A line's numbers standing alone: a digit inside a word is a misread letter ("fr0m", "a1l"), not a number. */
const numbers = (k: string) => k.match(/(?<![\p{L}\d])\d+(?![\p{L}\d])/gu)?.join(' ') ?? '';

/**
 * One line read twice: alike, or (when long enough to tell) different in a few characters, but never in its numbers
 * where both show some: "Page 1 of the handout" and "Page 10 of the handout" are two lines of a template, one edit
 * apart, and a join would drop one of them.
 */
function same(x: string, y: string): boolean {
  if (x === y) return true;
  const n = Math.max(solidChars(x), solidChars(y));
  if (n < MIN_LINE_CHARS) return false;
  const nx = numbers(x);
  const ny = numbers(y);
  if (nx !== '' && ny !== '' && nx !== ny) return false;
  return withinEdits(x, y, Math.floor(n * MAX_NOISE));
}

/** Whether two units read the same line of the screen (OCR noise allowed). */
export function sameLine(x: string, y: string): boolean {
  return same(canonical(x), canonical(y));
}

/** How many units end both captures alike: a sticky footer (a message box, a page's footer) below every capture. */
function commonFooter(a: Keyed, b: Keyed): number {
  let n = 0;
  const { length: la } = a.keys;
  const { length: lb } = b.keys;
  while (n < MAX_FOOTER && n < la - 1 && n < lb - 1 && same(a.keys[la - 1 - n]!, b.keys[lb - 1 - n]!)) n++;
  return n;
}

/** Where b goes on from a: a's units up to aEnd, then b's from bEnd; run is how many units the overlap holds. */
export interface Overlap {
  aEnd: number;
  bEnd: number;
  run: number;
}

/**
 * Where capture `b` goes on from capture `a`: the longest run of b's units, starting in its top half, that is also
 * the run of units ending a (give or take the lines a's lower edge cut through, and a footer both share). What b
 * shows above the run must be in a already (an app bar, a status bar, a line cut by the top edge) or be too short to
 * tell; it is dropped with the run, as are a's cut lines and footer, which b shows. Null when they do not overlap.
 */
export function scrollOverlap(aUnits: readonly string[], bUnits: readonly string[]): Overlap | null {
  const a = keyed(aUnits);
  const b = keyed(bUnits);
  // Every pair of lines is compared once: the runs below try many starts.
  const memo = new Map<number, boolean>();
  const alike = (i: number, j: number) => {
    const at = i * b.keys.length + j;
    let v = memo.get(at);
    if (v === undefined) memo.set(at, (v = same(a.keys[i]!, b.keys[j]!)));
    return v;
  };
  const footer = commonFooter(a, b);
  const aBody = a.keys.length - footer;
  const bBody = b.keys.length - footer;
  // The same screen twice: b repeats a whole.
  if (a.keys.length === b.keys.length && a.keys.every((k, i) => same(k, b.keys[i]!) || bothBars(a, b, i))) {
    return a.solid.some(Boolean) ? { aEnd: a.keys.length, bEnd: b.keys.length, run: a.keys.length } : null;
  }
  // What both show at the top (a status bar, an app bar) is no overlap of their scrolled content.
  let header = 0;
  while (header < aBody && header < bBody && (same(a.keys[header]!, b.keys[header]!) || bothBars(a, b, header)))
    header++;
  let best: Overlap | null = null;
  for (let start = 0; start < Math.ceil(b.keys.length / 2) + 1 && start < b.keys.length; start++) {
    if (!b.solid[start]) continue;
    for (let i = 0; i < aBody; i++) {
      if (!alike(i, start)) continue;
      let n = 0;
      let solid = 0;
      let longest = 0;
      while (i + n < aBody && start + n < b.keys.length && alike(i + n, start + n)) {
        if (b.solid[start + n] && i + n >= header) {
          solid++;
          longest = Math.max(longest, b.keys[start + n]!.length);
        }
        n++;
      }
      // The run must reach a's end, give or take the lines the screen's edge cut through, which b goes on to show
      // whole: b goes on where a stopped.
      const cut = aBody - (i + n);
      if (cut > CUT_LINES || bBody - (start + n) < cut) continue;
      const long = solid === 1 && longest >= MIN_LONG_LINE;
      if (!(solid >= MIN_RUN || long) || n <= (best?.run ?? 0)) continue;
      if (!aboveIsKnown(a, b, start, i, i + n)) continue;
      best = { aEnd: i + n, bEnd: start + n, run: n };
    }
  }
  return best;
}

const bothBars = (a: Keyed, b: Keyed, i: number) => statusBar(a.units[i]!) && statusBar(b.units[i]!);

/**
 * Whether b's units above its run can go: each is too short to tell ("online", "< Back"), a status bar (its clock
 * differs), the one line just above the run, or held by a's part the join keeps (an app bar, a header, a line the
 * top edge cut through and OCR read in part: "connector nce" of "connector since 11:40 last"): nothing is lost.
 */
function aboveIsKnown(a: Keyed, b: Keyed, start: number, aStart: number, aEnd: number): boolean {
  let kept: string | undefined;
  for (let j = 0; j < start; j++) {
    if (!b.solid[j] || statusBar(b.units[j]!)) continue;
    // The line just above the run, where a shows one above its run too: the same line, read badly ("‘YS 5:40 PM 4").
    if (j === start - 1 && aStart > 0) continue;
    const k = b.keys[j]!;
    if (a.keys.slice(0, aEnd).some((x) => same(x, k))) continue;
    kept ??= a.keys.slice(0, aEnd).join('').replace(/ /g, '');
    const part = k.replace(/ /g, '');
    if (!within(kept, part, Math.floor(part.length * MAX_NOISE))) return false;
  }
  return true;
}

/** Whether `part` stands in `text` with at most `max` edits (Sellers' approximate substring matching). */
function within(text: string, part: string, max: number): boolean {
  if (text.includes(part)) return true;
  let col = Array.from({ length: part.length + 1 }, (_, i) => i);
  for (let j = 1; j <= text.length; j++) {
    const next = [0];
    for (let i = 1; i <= part.length; i++) {
      next[i] = Math.min(col[i]! + 1, next[i - 1]! + 1, col[i - 1]! + (part[i - 1] === text[j - 1] ? 0 : 1));
    }
    if (next[part.length]! <= max) return true;
    col = next;
  }
  return false;
}

/** The overlap a pixel link counts for when captures are chained: more than any text overlap holds. */
export const PIXEL_RUN = 1_000_000;

/**
 * The order of captures that overlap: chains of indices, each capture going on from the one before it, found from
 * the overlap of every ordered pair (`overlapOf(i, j)`: units the overlap of j after i holds, 0 for none), the
 * strongest first. Captures that overlap none stand alone; chains come in the order of their first-uploaded capture.
 */
export function scrollChains(count: number, overlapOf: (i: number, j: number) => number): number[][] {
  const links: { i: number; j: number; run: number }[] = [];
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < count; j++) {
      if (i === j) continue;
      const run = overlapOf(i, j);
      if (run > 0) links.push({ i, j, run });
    }
  }
  links.sort((x, y) => y.run - x.run || x.i - y.i || x.j - y.j);
  const next = new Array<number>(count).fill(-1);
  const prev = new Array<number>(count).fill(-1);
  const headOf = (k: number) => {
    let h = k;
    while (prev[h]! >= 0) h = prev[h]!;
    return h;
  };
  for (const { i, j } of links) {
    // Each capture goes on from one and into one; a link that closes a circle is no scroll.
    if (next[i]! >= 0 || prev[j]! >= 0 || headOf(i) === j) continue;
    next[i] = j;
    prev[j] = i;
  }
  const chains: number[][] = [];
  for (let k = 0; k < count; k++) {
    if (prev[k]! >= 0) continue;
    const chain = [k];
    while (next[chain.at(-1)!]! >= 0) chain.push(next[chain.at(-1)!]!);
    chains.push(chain);
  }
  return chains.sort((x, y) => Math.min(...x) - Math.min(...y));
}

/**
 * Joins two captures' lines when b goes on from a (blank lines kept where they stand but not compared); null when
 * they do not overlap.
 */
export function joinLines(a: readonly string[], b: readonly string[]): string[] | null {
  const full = (lines: readonly string[]) => lines.flatMap((l, i) => (l.trim() ? [i] : []));
  const [ai, bi] = [full(a), full(b)];
  const found = scrollOverlap(
    ai.map((i) => a[i]!),
    bi.map((i) => b[i]!),
  );
  if (!found) return null;
  const aCut = found.aEnd > 0 ? ai[found.aEnd - 1]! + 1 : 0;
  const bFrom = found.bEnd < bi.length ? bi[found.bEnd]! : b.length;
  return [...a.slice(0, aCut), ...b.slice(bFrom)];
}

/**
 * The texts of an upload's pages with scrolling captures joined (the note's text): one text per chain of captures,
 * without the lines they repeat, in the order of their first-uploaded page. `scrolls` (positions in `texts`) are the
 * captures the gateway matched by their pixels; with the pages' structure (`blocks[k]`, page k's) each such capture's
 * text is cut where its blocks leave off (scroll-pixels.ts), else the join goes by the text alone.
 */
export function joinScrollTexts(
  texts: readonly string[],
  scrolls: readonly ScrollLink[] = [],
  blocks: ReadonlyArray<readonly PageBlock[] | undefined> = [],
): string[] {
  const lines = texts.map((t) => t.split('\n'));
  const linkOf = pixelLinkOf(scrolls);
  // A pixel link joins by the blocks when both captures' texts can be cut at their windows (checked per chain below).
  const structured = (link: ScrollLink) => Boolean(blocks[link.upper]?.length && blocks[link.lower]?.length);
  const chains = scrollChains(lines.length, (i, j) => {
    const link = linkOf(i, j);
    return link && structured(link) ? PIXEL_RUN : joinRun(lines[i]!, lines[j]!);
  });
  const out: string[] = [];
  for (const chain of chains) {
    const windows = chainWindows(chain, linkOf, structured, (l) => bestCut(l, blocks[l.upper]!, blocks[l.lower]!));
    // Each capture's text cut to its window; when one cannot be cut so, the chain joins by its text alone.
    const cuts = chain.map((k, n) => textIn(texts[k]!, blocks[k] ?? [], windows[n]!));
    const byPixels = cuts.every((c) => c !== null);
    const cut = (n: number) => (byPixels ? cuts[n]! : lines[chain[n]!]!);
    let acc = cut(0);
    for (let n = 1; n < chain.length; n++) {
      const link = linkOf(chain[n - 1]!, chain[n]!);
      if (byPixels && link && structured(link)) {
        acc = [...acc, ...cut(n)];
        continue;
      }
      const joined = joinLines(acc, cut(n));
      if (joined) acc = joined;
      else {
        out.push(acc.join('\n'));
        acc = cut(n);
      }
    }
    out.push(acc.join('\n'));
  }
  return out;
}

const joinRun = (a: readonly string[], b: readonly string[]) =>
  scrollOverlap(
    a.filter((l) => l.trim()),
    b.filter((l) => l.trim()),
  )?.run ?? 0;
