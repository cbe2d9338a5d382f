/**
 * What lies on the two sides of a white channel (reading-order.ts decides whether to cut there): bands of ink, row
 * by row, with their baselines and backgrounds; a table's rows share baselines across the channel, two columns of
 * prose do not need to, and panels (cards, a dark sidebar) sit on backgrounds of their own.
 */
import type { Box, Page, Rect } from './page.js';

/** Greys this close are one background (flat UI colours; JPEG noise stays within it). */
export const BG_TOLERANCE = 4;

/** Rows of a rectangle that hold ink, as bands (runs of inked rows). */
export interface Band {
  /** First row, height and centre row (cells). */
  s: number;
  h: number;
  c: number;
  /** Baseline (px): the commonest bottom of the band's blobs, the higher one on a tie. */
  base: number;
  /** Background grey of the band's blob nearest the channel (-1 when unknown). */
  bg: number;
  /** Leftmost and rightmost inked columns of the band on its side (cells). */
  x0: number;
  x1: number;
  /** The widest gap between its words (cells): a table row's cells stand further apart than a sentence's words. */
  gap: number;
}

export function bands(page: Page, r: Rect, side: 'left' | 'right'): Band[] {
  const { ink, gw } = page;
  const out: Band[] = [];
  let start = -1;
  let x0 = Infinity;
  let x1 = -Infinity;
  for (let y = r.y0; y <= r.y1 + 1; y++) {
    let any = false;
    if (y <= r.y1) {
      const o = y * gw;
      for (let x = r.x0; x <= r.x1; x++) {
        if (!ink[o + x]) continue;
        any = true;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
      }
    }
    if (any && start < 0) start = y;
    if (!any && start >= 0) {
      const base = baseAndBackground(page.boxes, r, start, y - 1, side);
      const gap = widestGap(ink, gw, x0, x1, start, y - 1);
      out.push({ s: start, h: y - start, c: (start + y - 1) / 2, x0, x1, gap, ...base });
      start = -1;
      x0 = Infinity;
      x1 = -Infinity;
    }
  }
  return out;
}

/** The widest run of columns without ink between x0 and x1 over rows y0..y1 (cells). */
export function widestGap(ink: Uint8Array, gw: number, x0: number, x1: number, y0: number, y1: number): number {
  let widest = 0;
  let run = 0;
  for (let x = x0; x <= x1; x++) {
    let inked = false;
    for (let y = y0; y <= y1 && !inked; y++) if (ink[y * gw + x]) inked = true;
    run = inked ? 0 : run + 1;
    if (run > widest) widest = run;
  }
  return widest;
}

function baseAndBackground(
  boxes: Box[],
  r: Rect,
  y0: number,
  y1: number,
  side: 'left' | 'right',
): { base: number; bg: number } {
  const count = new Map<number, number>();
  let nearest: Box | null = null;
  for (const b of boxes) {
    if (b.x1 < r.x0 || b.x0 > r.x1 || b.y0 < y0 || b.y1 > y1) continue;
    count.set(b.bottom, (count.get(b.bottom) ?? 0) + 1);
    if (!nearest || (side === 'left' ? b.x1 > nearest.x1 : b.x0 < nearest.x0)) nearest = b;
  }
  let base = -1;
  let n = 0;
  for (const [bottom, k] of count) {
    if (k > n || (k === n && bottom < base)) {
      base = bottom;
      n = k;
    }
  }
  return { base, bg: nearest ? nearest.bg : -1 };
}

/** Two bands that are one line of text: top, centre or bottom at the same height, and similar heights. */
export function sameLine(a: Band, b: Band): boolean {
  const tol = Math.max(1, 0.25 * Math.min(a.h, b.h));
  return (
    Math.max(a.h, b.h) <= 1.8 * Math.min(a.h, b.h) &&
    (Math.abs(a.c - b.c) <= tol || Math.abs(a.s - b.s) <= tol || Math.abs(a.s + a.h - b.s - b.h) <= tol)
  );
}

/** Rows of a table may sit this share of a line's height higher on one side (perspective left in a photo). */
const MAX_ROW_SHIFT = 0.35;
/** Lines of running text at least this many line heights wide make a column of prose… */
const PROSE_MIN_WIDTH = 14;
/** …when at least this share of its lines fill most of the column (the last line of a paragraph does not). */
const PROSE_FULL_SHARE = 0.6;

/**
 * A side of a channel that holds running text: three or more lines, wide (a table's cells, a gutter's line numbers
 * and a form's labels are narrow), without wide gaps between words (a table row's cells), most of them filling the
 * column from one edge to the other.
 */
function isProse(bands: readonly Band[]): boolean {
  if (bands.length < 3) return false;
  const widths = bands.map((b) => b.x1 - b.x0 + 1);
  const max = Math.max(...widths);
  const height = [...bands.map((b) => b.h)].sort((a, b) => a - b)[bands.length >> 1]!;
  if (max < PROSE_MIN_WIDTH * height) return false;
  // Word spaces are a third of the line's height; a table row's cells stand a line's height or more apart.
  if (bands.filter((b) => b.gap >= b.h).length > 0.2 * bands.length) return false;
  return widths.filter((w) => w >= 0.7 * max).length >= PROSE_FULL_SHARE * bands.length;
}

/**
 * What a channel separates. A table ('table': not a column break) when the text lines on both sides sit on the
 * same baselines, as the cells of a table row or the line numbers of code do. Most lines of the side with fewer lines must
 * share a baseline (±2 px) with a line of the other side; a sidebar beside an article, whose line pitches differ,
 * matches one line in five by chance ('columns'). Lines that mostly sit on panels of their own (cards, a dark
 * sidebar: their background differs from the channel's) are 'panels', however well they line up.
 */
export function structureOf(
  left: Band[],
  right: Band[],
  separated: (a: Band, b: Band) => boolean,
  p: number,
): 'table' | 'panels' | 'columns' {
  if (left.length === 0 || right.length === 0) return 'table';
  // Two columns of running text set in one typeface share their baselines like a table's rows, but are prose.
  if (isProse(left) && isProse(right)) return 'columns';
  const [few, many] = left.length <= right.length ? [left, right] : [right, left];
  // Each line's offset from the nearest baseline across the channel. A straight screen shares baselines exactly; a
  // photo, even straightened, keeps some perspective, which shifts one side's rows by about the same amount. A
  // sidebar beside an article, whose line pitches differ, has offsets all over the place.
  const nearest = (a: Band) => {
    let best: Band | null = null;
    for (const m of many) {
      if (m.base < 0) continue;
      if (!best || Math.abs(a.base - m.base) < Math.abs(a.base - best.base)) best = m;
    }
    return best;
  };
  const pairs = few
    .filter((a) => a.base >= 0)
    .map((a) => ({ a, b: nearest(a) }))
    .filter((x): x is { a: Band; b: Band } => x.b !== null);
  const offsets = pairs.map(({ a, b }) => a.base - b.base).sort((x, y) => x - y);
  const shift = offsets.length ? offsets[offsets.length >> 1]! : 0;
  const lineHeight = few.length ? [...few.map((b) => b.h * p)].sort((x, y) => x - y)[few.length >> 1]! : 0;
  let matched = 0;
  let panelled = 0;
  if (Math.abs(shift) <= MAX_ROW_SHIFT * lineHeight) {
    for (const { a, b } of pairs) {
      // ±2 px on a screen at 1×; large text (3× phone screens, blurred by JPEG) a tenth of the line's height.
      const tol = Math.max(2, 0.1 * a.h * p);
      if (Math.abs(a.base - b.base - shift) > tol) continue;
      matched++;
      if (separated(a, b)) panelled++;
    }
  }
  // Rows of a list whose items have a second line (a transaction's date under its payee, beside its amount) give
  // one side twice the lines of the other: four or more lines that all find their baseline are no coincidence.
  if (matched >= 0.8 * few.length && (few.length >= 0.5 * many.length || few.length >= 4)) {
    return panelled > 0.5 * matched ? 'panels' : 'table';
  }
  return 'columns';
}
