/**
 * Step 4 of the layout analysis (index.ts): reading order. A recursive cut at tall channels of white space (sidebar |
 * article), the parts above and below the channel read before and after. A channel whose two sides have their lines
 * on the same baselines is a table or a list with columns (inbox rows, spreadsheet cells, line numbers) and is not
 * cut, unless the two sides sit on separate panels (cards in a row), which are cut only where they are side by side.
 */

import { BG_TOLERANCE, bands, sameLine, structureOf, type Band } from './channel-sides.js';
import type { Page, Rect } from './page.js';

export interface OrderOptions {
  /** Narrowest white channel (cells) that can separate columns. */
  minGap: number;
  /** Shortest channel (cells) that can separate columns. */
  minChannel: number;
  /** Height (cells) from which a band counts as a line of text. */
  minLine: number;
  /** A photo: a shadow or a vignette changes the background across a table row, so no side is a panel. */
  photo: boolean;
}

function trim(ink: Uint8Array, gw: number, r: Rect): Rect | null {
  let x0 = r.x1 + 1;
  let x1 = r.x0 - 1;
  let y0 = r.y1 + 1;
  let y1 = r.y0 - 1;
  for (let y = r.y0; y <= r.y1; y++) {
    const o = y * gw;
    for (let x = r.x0; x <= r.x1; x++) {
      if (!ink[o + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < x0 ? null : { x0, y0, x1, y1 };
}

interface Channel {
  /** Empty columns [a, b] over rows [top, bottom]. */
  a: number;
  b: number;
  top: number;
  bottom: number;
}

/** Tall white channels at least `minGap` wide inside a rectangle, tallest first. */
function channels(ink: Uint8Array, gw: number, r: Rect, opts: OrderOptions): Channel[] {
  const width = r.x1 - r.x0 + 1;
  const g = opts.minGap;
  if (width < g + 2) return [];
  // runStart[k]: first row of the current run of rows where columns k..k+g-1 (relative) are all empty.
  const windows = width - g + 1;
  const runStart = new Int32Array(windows).fill(-1);
  const prefix = new Int32Array(width + 1);
  const found: Channel[] = [];
  const close = (k: number, endRow: number) => {
    const top = runStart[k]!;
    if (top >= 0 && endRow - top + 1 >= opts.minChannel) {
      found.push({ a: r.x0 + k, b: r.x0 + k + g - 1, top, bottom: endRow });
    }
    runStart[k] = -1;
  };
  for (let y = r.y0; y <= r.y1; y++) {
    const o = y * gw;
    for (let x = 0; x < width; x++) prefix[x + 1] = prefix[x]! + ink[o + r.x0 + x]!;
    for (let k = 0; k < windows; k++) {
      const empty = prefix[k + g]! - prefix[k]! === 0;
      if (empty) {
        if (runStart[k]! < 0) runStart[k] = y;
      } else if (runStart[k]! >= 0) close(k, y - 1);
    }
  }
  for (let k = 0; k < windows; k++) close(k, r.y1);
  // Merge windows of the same run into one channel (widest extent), keep the tallest first.
  found.sort((p, q) => q.bottom - q.top - (p.bottom - p.top) || p.top - q.top || p.a - q.a);
  const merged: Channel[] = [];
  for (const c of found) {
    const same = merged.find((m) => m.top === c.top && m.bottom === c.bottom && c.a <= m.b + 1 && c.b >= m.a - 1);
    if (same) {
      same.a = Math.min(same.a, c.a);
      same.b = Math.max(same.b, c.b);
    } else merged.push({ ...c });
  }
  return merged;
}

/** Splits a rectangle at runs of at least `gap` empty rows, trimming the pieces. */
export function splitAtGaps(ink: Uint8Array, gw: number, r: Rect, gap: number): Rect[] {
  const out: Rect[] = [];
  let start = r.y0;
  let empty = 0;
  for (let y = r.y0; y <= r.y1 + 1; y++) {
    const inked = y <= r.y1 && hasInk(ink, gw, r.x0, r.x1, y, y);
    if (!inked && y <= r.y1) {
      empty++;
      continue;
    }
    if (empty >= gap || y > r.y1) {
      const piece = trim(ink, gw, { x0: r.x0, y0: start, x1: r.x1, y1: y - 1 });
      if (piece) out.push(piece);
      start = y;
    }
    empty = 0;
  }
  return out;
}

function hasInk(ink: Uint8Array, gw: number, x0: number, x1: number, y0: number, y1: number): boolean {
  for (let y = y0; y <= y1; y++) {
    const o = y * gw;
    for (let x = x0; x <= x1; x++) if (ink[o + x]) return true;
  }
  return false;
}

/** The blocks of the page in reading order (recursive cuts at tall white channels). */
export function readingOrder(page: Page, opts: OrderOptions): Rect[] {
  const { ink, gw, gh } = page;
  const leaves: Rect[] = [];
  const visit = (region: Rect, depth: number) => {
    const r = trim(ink, gw, region);
    if (!r) return;
    const cut = depth < 40 ? findCut(page, r, opts) : null;
    if (!cut) {
      leaves.push(r);
      return;
    }
    if (cut.top > r.y0) visit({ ...r, y1: cut.top - 1 }, depth + 1);
    visit({ x0: r.x0, y0: cut.top, x1: cut.a - 1, y1: cut.bottom }, depth + 1);
    visit({ x0: cut.b + 1, y0: cut.top, x1: r.x1, y1: cut.bottom }, depth + 1);
    if (cut.bottom < r.y1) visit({ ...r, y0: cut.bottom + 1 }, depth + 1);
  };
  visit({ x0: 0, y0: 0, x1: gw - 1, y1: gh - 1 }, 0);
  return leaves;
}

/**
 * How many horizontal rules cross the channel between rows `top` and `bottom`: runs of rule cells over its whole
 * width and a cell beyond it on each side (the rules of one row, a few cells thick, count once).
 */
function ruledAcross(page: Page, c: Channel, top: number, bottom: number): number {
  const { rules, gw } = page;
  const x0 = Math.max(0, c.a - 1);
  const x1 = Math.min(gw - 1, c.b + 1);
  let count = 0;
  let inRule = false;
  for (let y = top; y <= bottom; y++) {
    const o = y * gw;
    let across = true;
    for (let x = x0; x <= x1 && across; x++) across = rules[o + x] === 1;
    if (across && !inRule) count++;
    inRule = across;
  }
  return count;
}

/**
 * The tallest channel of a region that separates columns: white space at least `minGap` wide, with at least two
 * text lines on each side, whose lines are not aligned (a table), cut at rows that split no blob.
 */
function findCut(page: Page, r: Rect, opts: OrderOptions): Channel | null {
  const { ink, gw, boxes, grey, w, h, p } = page;
  // crossing[t - r.y0] is true when some blob of the region spans rows t-1 and t: no horizontal cut there.
  const crossing = new Uint8Array(r.y1 - r.y0 + 2);
  for (const b of boxes) {
    if (b.x1 < r.x0 || b.x0 > r.x1 || b.y1 < r.y0 || b.y0 > r.y1) continue;
    for (let t = Math.max(b.y0 + 1, r.y0); t <= Math.min(b.y1, r.y1); t++) crossing[t - r.y0] = 1;
  }
  const clean = (t: number) => t <= r.y0 || t > r.y1 || !crossing[t - r.y0];
  let best: (Channel & { score: number }) | null = null;
  for (const c of channels(ink, gw, r, opts).slice(0, 40)) {
    if (c.a <= r.x0 || c.b >= r.x1) continue;
    // A channel can only separate what it can be cut out with; at rows that split no blob.
    let top = c.top;
    while (top <= c.bottom && !clean(top)) top++;
    let bottom = c.bottom;
    while (bottom >= top && !clean(bottom + 1)) bottom--;
    if (bottom - top + 1 < opts.minChannel) continue;
    let left = bands(page, { x0: r.x0, y0: top, x1: c.a - 1, y1: bottom }, 'left');
    let right = bands(page, { x0: c.b + 1, y0: top, x1: r.x1, y1: bottom }, 'right');
    // Whether two bands facing each other across the channel sit on separate panels: different backgrounds, or
    // a stretch of another background between them (the page between two cards). A table's grid line is 1 px.
    const separated = (a: Band, b: Band) => {
      if (a.bg < 0 || b.bg < 0) return false;
      if (Math.abs(a.bg - b.bg) > BG_TOLERANCE) return true;
      const y = Math.min(h - 1, Math.round((a.c + 0.5) * p));
      let run = 0;
      for (let x = c.a * p; x < Math.min(w, (c.b + 1) * p); x++) {
        run = Math.abs(grey[y * w + x]! - a.bg) > BG_TOLERANCE ? run + 1 : 0;
        if (run >= 3) return true;
      }
      return false;
    };
    // A line that runs across the channel at its top or bottom (a nav bar, a status bar, a title whose word gap
    // the channel passes through) is not in a column: the channel starts below it and ends above it. A line
    // whose two ends sit on different panels (a dark sidebar's title beside the page's) is two lines.
    // A line crossing the channel is where the channel is narrowest (a word gap in a nav bar or a status bar);
    // the first lines of two newspaper columns are as far apart as the rest of the columns.
    const typicalGap = (exceptLeft: Band, exceptRight: Band) => {
      const ls = left.filter((b) => b !== exceptLeft);
      const rs = right.filter((b) => b !== exceptRight);
      if (!ls.length || !rs.length) return c.b - c.a + 1;
      return Math.min(...rs.map((b) => b.x0)) - Math.max(...ls.map((b) => b.x1)) - 1;
    };
    const crosses = (l: Band, rb: Band) =>
      sameLine(l, rb) && !separated(l, rb) && rb.x0 - l.x1 - 1 < 0.67 * typicalGap(l, rb);
    while (left.length && right.length && crosses(left[0]!, right[0]!)) {
      top = Math.max(left[0]!.s + left[0]!.h, right[0]!.s + right[0]!.h);
      while (top <= bottom && !clean(top)) top++;
      left = left.filter((b) => b.s >= top);
      right = right.filter((b) => b.s >= top);
    }
    while (left.length && right.length && crosses(left[left.length - 1]!, right[right.length - 1]!)) {
      bottom = Math.min(left[left.length - 1]!.s, right[right.length - 1]!.s) - 1;
      while (bottom >= top && !clean(bottom + 1)) bottom--;
      left = left.filter((b) => b.s + b.h - 1 <= bottom);
      right = right.filter((b) => b.s + b.h - 1 <= bottom);
    }
    if (bottom - top + 1 < opts.minChannel) continue;
    // Compare the sides where both have text: a status icon and an "Edit" button at the top right are not a
    // column beside the whole page.
    let from = top;
    let to = bottom + 1;
    if (left.length && right.length) {
      const lastL = left[left.length - 1]!;
      const lastR = right[right.length - 1]!;
      from = Math.max(left[0]!.s, right[0]!.s);
      to = Math.min(lastL.s + lastL.h, lastR.s + lastR.h);
      left = left.filter((b) => b.s + b.h > from && b.s < to);
      right = right.filter((b) => b.s + b.h > from && b.s < to);
    }
    // Rows of a ruled table: rules run across the channel from one side's text to the other's, and the cells
    // between them are read row by row, however far apart the columns are (a spreadsheet with empty cells).
    if (ruledAcross(page, c, top, bottom) >= 2) continue;
    const lines = (bs: Band[]) => bs.filter((b) => b.h >= opts.minLine).length;
    // Columns hold text: at least two lines of text height on each side (not a rounded corner, not one label).
    if (lines(left) < 2 || lines(right) < 2) continue;
    const structure = structureOf(left, right, opts.photo ? () => false : separated, p);
    if (structure === 'table') continue;
    if (structure === 'panels') {
      // Panels side by side (cards in a row) are cut apart only where they are: the page's title above them and
      // a wide panel below them are read before and after.
      const lowest = top;
      const highest = bottom;
      top = Math.max(lowest, from);
      while (top > lowest && !clean(top)) top--;
      bottom = Math.min(highest, to - 1);
      while (bottom < highest && !clean(bottom + 1)) bottom++;
    }
    const score = (bottom - top + 1) * Math.sqrt(c.b - c.a + 1);
    if (!best || score > best.score) best = { a: c.a, b: c.b, top, bottom, score };
  }
  return best;
}
