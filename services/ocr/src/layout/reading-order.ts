/**
 * Step 4 of the layout analysis (index.ts): reading order. A recursive cut at tall channels of white space (sidebar |
 * article), the parts above and below the channel read before and after. A channel whose two sides have their lines
 * on the same baselines is a table or a list with columns (inbox rows, spreadsheet cells, line numbers) and is not
 * cut, unless the two sides sit on separate panels (cards in a row), which are cut only where they are side by side.
 */

/** Greys this close are one background (flat UI colours; JPEG noise stays within it). */
const BG_TOLERANCE = 4;

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number; // inclusive cell coordinates
}

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

/** Rows of a rectangle that hold ink, as bands (runs of inked rows). */
interface Band {
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

function bands(page: Page, r: Rect, side: 'left' | 'right'): Band[] {
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
function widestGap(ink: Uint8Array, gw: number, x0: number, x1: number, y0: number, y1: number): number {
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
function sameLine(a: Band, b: Band): boolean {
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
function structureOf(
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

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  bottom: number;
  /** The grey of the background the blob sits on. */
  bg: number;
}

/** What the reading order works on: the ink grid, the blobs and the grey image (for panel backgrounds). */
export interface Page {
  ink: Uint8Array;
  gw: number;
  gh: number;
  boxes: Box[];
  grey: Uint8Array;
  w: number;
  h: number;
  p: number;
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
