/**
 * Step 3 of the layout analysis (index.ts): the edge pixels grouped into blobs (words, icons, pictures) on a coarse
 * grid; each blob's baseline, background (the commonest grey on a ring just outside it), ink and polarity; which
 * blobs are not text (solid shapes taller than the text beside them, badges' initials, faint shapes, what is left of
 * boxes once their sides were removed); and the normalised image, every blob dark on white against its own
 * background.
 */

/** A blob with more than this share of its box far from its background is a filled shape, not text. */
const FILLED_SHAPE_SHARE = 0.55;
/** A blob with less than this share of ink in its box is a thin outline (a rounded corner, a circle), not text. */
const OUTLINE_MAX_INK = 0.1;
/** A blob whose strongest contrast with its background is under this is a faint shape, not text. */
const FAINT_MAX_DIFF = 45;
/** Grey distance from a blob's background from which a pixel may count as ink. */
const MIN_INK_DISTANCE = 20;
/** …and from which it always does (an avatar's fill is ink though its white initials contrast more). */
const MAX_INK_DISTANCE = 40;

export interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number; // cell coordinates, inclusive
  bg: number;
  filled: boolean;
  lightOnDark: boolean;
  inkPixels: number;
  maxDiff: number;
  /** Not text (a badge's initials, a box's corner or side, a faint shape): left out. */
  dropped: boolean;
  /** Baseline (px row): the lowest row holding a good share of the blob's edge pixels. */
  bottom: number;
}

/** The coarse grid the blobs live on: `p` pixels a cell, `gw` × `gh` cells; `label` is each cell's blob (-1: none). */
export interface CellGrid {
  grey: Uint8Array;
  w: number;
  h: number;
  edge: Uint8Array;
  p: number;
  gw: number;
  gh: number;
  grid: Uint8Array;
  ruleGrid: Uint8Array;
  label: Int32Array;
}

/** A blob's rectangle in pixels (inclusive). */
export const pxRect = (g: CellGrid, b: Blob) => ({
  x0: b.x0 * g.p,
  y0: b.y0 * g.p,
  x1: Math.min(g.w - 1, b.x1 * g.p + g.p - 1),
  y1: Math.min(g.h - 1, b.y1 * g.p + g.p - 1),
});

/** Most common grey on the ring `gap`..`gap+2` pixels outside a pixel rectangle (clipped to the image). */
function ringMode(
  grey: Uint8Array,
  w: number,
  h: number,
  px0: number,
  py0: number,
  px1: number,
  py1: number,
  gap: number,
): number {
  const hist = new Uint32Array(256);
  const ax0 = Math.max(0, px0 - gap - 2);
  const ax1 = Math.min(w - 1, px1 + gap + 2);
  const ay0 = Math.max(0, py0 - gap - 2);
  const ay1 = Math.min(h - 1, py1 + gap + 2);
  const inner = (x: number, y: number) => x >= px0 - gap && x <= px1 + gap && y >= py0 - gap && y <= py1 + gap;
  for (let y = ay0; y <= ay1; y++) {
    const o = y * w;
    const rowInner = y >= py0 - gap && y <= py1 + gap;
    if (rowInner) {
      // Only the left and right bands of the ring.
      for (let x = ax0; x <= ax1 && x < px0 - gap; x++) hist[grey[o + x]!]!++;
      for (let x = Math.max(ax0, px1 + gap + 1); x <= ax1; x++) hist[grey[o + x]!]!++;
    } else {
      for (let x = ax0; x <= ax1; x++) if (!inner(x, y)) hist[grey[o + x]!]!++;
    }
  }
  let best = 255;
  let count = -1;
  for (let v = 0; v < 256; v++) {
    if (hist[v]! > count) {
      count = hist[v]!;
      best = v;
    }
  }
  return best;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Groups the edge pixels into blobs and measures each one: baseline, background, ink, polarity. */
export function findBlobs(
  grey: Uint8Array,
  w: number,
  h: number,
  edge: Uint8Array,
  rule: Uint8Array,
): { g: CellGrid; blobs: Blob[] } {
  const n = w * h;
  // The coarse grid: a cell is set when any of its pixels is an edge.
  const p = n <= 2_500_000 ? 2 : Math.ceil(Math.sqrt(n / 600_000));
  const gw = Math.ceil(w / p);
  const gh = Math.ceil(h / p);
  const grid = new Uint8Array(gw * gh);
  const ruleGrid = new Uint8Array(gw * gh);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    const go = ((y / p) | 0) * gw;
    for (let x = 0; x < w; x++) {
      if (edge[o + x]) grid[go + ((x / p) | 0)] = 1;
      else if (rule[o + x]) ruleGrid[go + ((x / p) | 0)] = 1;
    }
  }

  // Blobs: 8-connected groups of set cells.
  const label = new Int32Array(gw * gh).fill(-1);
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < grid.length; start++) {
    if (!grid[start] || label[start]! >= 0) continue;
    const id = blobs.length;
    const b: Blob = {
      x0: gw,
      y0: gh,
      x1: -1,
      y1: -1,
      bg: 255,
      filled: false,
      lightOnDark: false,
      inkPixels: 0,
      maxDiff: 0,
      dropped: false,
      bottom: 0,
    };
    label[start] = id;
    stack.push(start);
    while (stack.length) {
      const c = stack.pop()!;
      const cx = c % gw;
      const cy = (c / gw) | 0;
      if (cx < b.x0) b.x0 = cx;
      if (cx > b.x1) b.x1 = cx;
      if (cy < b.y0) b.y0 = cy;
      if (cy > b.y1) b.y1 = cy;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = cy + dy;
        if (ny < 0 || ny >= gh) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          if (nx < 0 || nx >= gw) continue;
          const nc = ny * gw + nx;
          if (grid[nc] && label[nc]! < 0) {
            label[nc] = id;
            stack.push(nc);
          }
        }
      }
    }
    blobs.push(b);
  }
  const g: CellGrid = { grey, w, h, edge, p, gw, gh, grid, ruleGrid, label };

  // Each blob's baseline, for telling table rows (same baselines) from columns: the lowest pixel row that holds
  // a good share of the blob's edge pixels (the bottoms of the letters), below which only descenders reach.
  blobs.forEach((b, id) => {
    const top = b.y0 * p;
    const bottom = Math.min(h - 1, b.y1 * p + p - 1);
    const x0 = b.x0 * p;
    const x1 = Math.min(w - 1, b.x1 * p + p - 1);
    const counts = new Uint32Array(bottom - top + 1);
    let max = 0;
    for (let y = top; y <= bottom; y++) {
      const go = ((y / p) | 0) * gw;
      let k = 0;
      for (let x = x0; x <= x1; x++) if (edge[y * w + x] && label[go + ((x / p) | 0)] === id) k++;
      counts[y - top] = k;
      if (k > max) max = k;
    }
    let y = bottom;
    while (y > top && counts[y - top]! < 0.35 * max) y--;
    b.bottom = y;
  });

  // Each blob's background (the commonest grey just outside it), ink share and polarity.

  for (const b of blobs) {
    const r = pxRect(g, b);
    const bg = ringMode(grey, w, h, r.x0, r.y0, r.x1, r.y1, 1);
    let maxDiff = 0;
    for (let y = r.y0; y <= r.y1; y++) {
      const o = y * w;
      for (let x = r.x0; x <= r.x1; x++) {
        const d = grey[o + x]! - bg;
        if (d > maxDiff) maxDiff = d;
        else if (-d > maxDiff) maxDiff = -d;
      }
    }
    // Ink: pixels at least half as far from the background as the blob's strongest contrast (a yellow dot on
    // light grey is as solid as a black one).
    const inkDistance = Math.max(MIN_INK_DISTANCE, Math.min(MAX_INK_DISTANCE, maxDiff / 2));
    let ink = 0;
    let lighter = 0;
    for (let y = r.y0; y <= r.y1; y++) {
      const o = y * w;
      for (let x = r.x0; x <= r.x1; x++) {
        const d = grey[o + x]! - bg;
        if (d > inkDistance) {
          ink++;
          lighter++;
        } else if (-d > inkDistance) ink++;
      }
    }
    b.bg = bg;
    b.inkPixels = ink;
    b.maxDiff = maxDiff;
    b.filled = ink > FILLED_SHAPE_SHARE * (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
    b.lightOnDark = lighter * 2 > ink;
  }
  return { g, blobs };
}

/**
 * Decides which blobs are not text (sets `filled` and `dropped`) and returns the typical text height (the median
 * height of word-like blobs, px), or null when no blob looks like a word.
 */
export function classifyBlobs(g: CellGrid, blobs: Blob[]): number | null {
  const { p, gw, gh, ruleGrid, label } = g;
  const wordHeights = blobs
    .filter((b) => !b.filled && b.y1 - b.y0 >= 2 && b.x1 - b.x0 + 1 >= 1.5 * (b.y1 - b.y0 + 1))
    .map((b) => (b.y1 - b.y0 + 1) * p);
  const textHeight = wordHeights.length ? median(wordHeights) : null;
  const S = textHeight ?? 16;
  const widthPx = (b: Blob) => (b.x1 - b.x0 + 1) * p;
  const heightPx = (b: Blob) => (b.y1 - b.y0 + 1) * p;
  /** Blobs beside `b` (overlapping half the smaller height, within `reach` cells left or right). */
  const beside = (b: Blob, reach: number) =>
    blobs.filter((o) => {
      if (o === b || o.filled || o.dropped) return false;
      if (o.x0 > b.x1 + reach || o.x1 < b.x0 - reach) return false;
      const overlap = Math.min(o.y1, b.y1) - Math.max(o.y0, b.y0) + 1;
      return overlap >= 0.5 * Math.min(o.y1 - o.y0 + 1, b.y1 - b.y0 + 1);
    });

  // What is left of boxes once their straight sides are removed as rules: the rounded corners (small arcs
  // touching a rule), short sides (of a text field, a button, a selection bar: thin, tall and apart from any
  // text), short borders; and shapes too faint to be text.
  const touchesRule = (id: number, b: Blob) => {
    for (let y = Math.max(0, b.y0 - 1); y <= Math.min(gh - 1, b.y1 + 1); y++) {
      for (let x = Math.max(0, b.x0 - 1); x <= Math.min(gw - 1, b.x1 + 1); x++) {
        if (!ruleGrid[y * gw + x]) continue;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const ny = y + dy;
            const nx = x + dx;
            if (ny >= 0 && ny < gh && nx >= 0 && nx < gw && label[ny * gw + nx] === id) return true;
          }
        }
      }
    }
    return false;
  };
  // Solid but small or thin blobs are glyphs (a bullet, the stem of a bold "l") or pieces of borders, not shapes.
  for (const b of blobs) {
    const bw = widthPx(b);
    const bh = heightPx(b);
    if (b.filled && (Math.min(bw, bh) < 12 || Math.max(bw, bh) > 4 * Math.min(bw, bh))) b.filled = false;
  }
  const near = Math.max(1, Math.round((0.25 * S) / p));
  const thinTall = (b: Blob) => widthPx(b) <= Math.max(3 * p, 0.35 * heightPx(b)) && heightPx(b) >= 1.3 * S;
  // The rounded ends of a button or a field whose straight sides were rules: narrow, touching a rule.
  const panelEnd = (id: number, b: Blob) => widthPx(b) <= 1.2 * S && heightPx(b) <= 3 * S && touchesRule(id, b);
  const sides = new Set(blobs.filter((b, id) => !b.filled && (thinTall(b) || panelEnd(id, b))));
  blobs.forEach((b, id) => {
    if (b.filled) return;
    const bw = widthPx(b);
    const bh = heightPx(b);
    const inkShare = b.inkPixels / (bw * bh);
    if (b.maxDiff < FAINT_MAX_DIFF) b.dropped = true;
    else if (inkShare < OUTLINE_MAX_INK && Math.max(bw, bh) >= 0.6 * S) b.dropped = true;
    else if (bw <= 1.2 * S && bh <= 1.2 * S && touchesRule(id, b)) b.dropped = true;
    else if (sides.has(b) && beside(b, near).every((o) => sides.has(o))) b.dropped = true;
    else if (b.y1 - b.y0 + 1 <= 3 && bw >= 2.5 * S) b.dropped = true;
  });

  // A solid blob is a shape to blank (an avatar, a toggle, an icon, a picture) only when it stands alone or is
  // much taller than the text beside it: the letters of bold headings are as tall as their neighbours.
  const reach = Math.ceil((2 * S) / p);
  for (const b of blobs) {
    if (!b.filled) continue;
    const bh = heightPx(b);
    const neighbours = beside(b, reach).map(heightPx);
    if (neighbours.length && bh < 1.6 * median(neighbours)) b.filled = false;
  }
  // Letters on a small square-ish filled shape are an avatar or an app icon ("PR", "3"), not the page's text.
  const badges = blobs.filter((b) => {
    const bw = widthPx(b);
    const bh = heightPx(b);
    return b.filled && Math.max(bw, bh) <= 3 * S && bw <= 1.6 * bh && bh <= 1.6 * bw;
  });
  for (const b of blobs) {
    if (!b.filled && badges.some((f) => b.x0 >= f.x0 && b.x1 <= f.x1 && b.y0 >= f.y0 && b.y1 <= f.y1)) {
      b.dropped = true;
    }
  }
  return textHeight;
}

/**
 * The normalised image: every text blob's pixels as 255 − |grey − background| (stretched to full contrast), shapes
 * and dropped blobs blanked; and the share of the text area that was light on dark.
 */
export function normaliseBlobs(g: CellGrid, blobs: Blob[]): { out: Uint8Array; lightOnDark: number } {
  const { grey, w, h } = g;
  const n = w * h;
  // The normalised image: 255 − |grey − bg|, stretched so that every blob's ink reaches full contrast; large
  // blobs first, so that smaller ones (the label of a button) overwrite the box of a larger one (the button).
  const out = new Uint8Array(n).fill(255);
  const area = (b: Blob) => (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1);
  let lightArea = 0;
  let textArea = 0;
  for (const b of [...blobs].sort((a, c) => area(c) - area(a))) {
    const r = pxRect(g, b);
    if (b.filled || b.dropped) {
      for (let y = r.y0; y <= r.y1; y++) out.fill(255, y * w + r.x0, y * w + r.x1 + 1);
      continue;
    }
    const boxArea = (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
    textArea += boxArea;
    if (b.lightOnDark) lightArea += boxArea;
    const gain = b.maxDiff > 0 ? Math.min(3, Math.max(1, 255 / b.maxDiff)) : 1;
    for (let y = r.y0; y <= r.y1; y++) {
      const o = y * w;
      for (let x = r.x0; x <= r.x1; x++) {
        const d = Math.abs(grey[o + x]! - b.bg) * gain;
        out[o + x] = d >= 255 ? 0 : 255 - d;
      }
    }
  }
  return { out, lightOnDark: textArea ? lightArea / textArea : 0 };
}
