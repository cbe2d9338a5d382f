/**
 * Layout analysis for screenshots, before tesseract sees them (docs/OCR.md).
 *
 * Tesseract with one uniform block (PSM 6) reads a single column well but merges side-by-side columns into one
 * line ("Getting started Caching strategies for…"), and its automatic layout (PSM 3) reads tables column by column
 * and drops light-on-dark text. So the image is cut here, and tesseract still gets ONE image:
 *
 * 1. Edges: the 3×3 local range of the grey image. Screenshots are mostly flat colour; photos are not, and are left
 *    to the whole-image path (`analyseScreen` returns null).
 * 2. Rules: long thin runs of edge (panel borders, table grid lines, underlines) are removed, so that they neither
 *    join text into one blob nor hide the white space between columns.
 * 3. Polarity, per blob: the edge pixels are grouped into blobs (words, icons, pictures) on a coarse grid. Each
 *    blob's background is the most common grey on a ring just outside it; its pixels become 255 − |grey − bg|
 *    (stretched to full contrast), so dark text on light, light text on dark (nav bars, code blocks, buttons, dark
 *    mode) and text on coloured panels all come out dark on white. Solid shapes much taller than the text beside
 *    them (avatars, toggles, pictures), the initials on small badges, and what is left of boxes once their sides
 *    are removed (rounded corners, short sides) are blanked.
 * 4. Reading order: a recursive cut at tall channels of white space (sidebar | article), the parts above and below
 *    the channel read before and after. A channel whose two sides have their lines on the same baselines is a
 *    table or a list with columns (inbox rows, spreadsheet cells, line numbers) and is not cut, unless the two
 *    sides sit on separate panels (cards in a row), which are cut only where they are side by side.
 * 5. The blocks (split again at tall empty gaps) are stacked one below the other on a white canvas in reading
 *    order, each from the left edge, wide white gaps inside them narrowed and small text scaled up, so that
 *    tesseract (one uniform block of text) reads each column on its own, at a size it reads well.
 */

/** 3×3 grey range at or above which a pixel is an edge (text, borders). Faint placeholder text is ~60–100. */
const EDGE_MIN_RANGE = 32;
/** 3×3 grey range at or below which a pixel is flat. */
const FLAT_MAX_RANGE = 4;
/** Below this share of flat pixels an image is a photo (sensor noise, JPEG of a scene), not a screenshot. */
export const MIN_FLAT_SHARE = 0.35;
/** A run of edge pixels at most this thick (px), and long (see removeRules), is a rule, not text. */
const RULE_MAX_THICKNESS = 5;
/** A blob with more than this share of its box far from its background is a filled shape, not text. */
const FILLED_SHAPE_SHARE = 0.55;
/** Greys this close are one background (flat UI colours; JPEG noise stays within it). */
const BG_TOLERANCE = 4;
/** A blob with less than this share of ink in its box is a thin outline (a rounded corner, a circle), not text. */
const OUTLINE_MAX_INK = 0.1;
/** A blob whose strongest contrast with its background is under this is a faint shape, not text. */
const FAINT_MAX_DIFF = 45;
/** Grey distance from a blob's background from which a pixel may count as ink. */
const MIN_INK_DISTANCE = 20;
/** …and from which it always does (an avatar's fill is ink though its white initials contrast more). */
const MAX_INK_DISTANCE = 40;

export interface LayoutBlock {
  /** The block's rectangle in the analysed image, in pixels. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where the block's top left corner sits on the canvas. */
  canvasX: number;
  canvasY: number;
  /** Canvas pixels per pixel of the analysed image in this block (small text is scaled up). */
  scale: number;
}

export interface ScreenLayout {
  /** The canvas: 8-bit grey, dark text on white, `width` × `height`. */
  pixels: Buffer;
  width: number;
  height: number;
  /** Blocks in reading order; their canvas ranges do not overlap. */
  blocks: LayoutBlock[];
  /** Typical text height in pixels (median height of word-like blobs), or null when no text-like blob was found. */
  textHeight: number | null;
  /** Share (0–1) of the text area that was light on dark before normalisation. */
  lightOnDark: number;
}

interface Blob {
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

/** Horizontal then vertical 3-pixel max and min: the 3×3 range of every pixel. */
function localRange(grey: Uint8Array, w: number, h: number): Uint8Array {
  const rowMax = new Uint8Array(w * h);
  const rowMin = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    for (let x = 0; x < w; x++) {
      const a = grey[o + Math.max(0, x - 1)]!;
      const b = grey[o + x]!;
      const c = grey[o + Math.min(w - 1, x + 1)]!;
      rowMax[o + x] = a > b ? (a > c ? a : c) : b > c ? b : c;
      rowMin[o + x] = a < b ? (a < c ? a : c) : b < c ? b : c;
    }
  }
  const range = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const mid = y * w;
    const down = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) {
      const mx = Math.max(rowMax[up + x]!, rowMax[mid + x]!, rowMax[down + x]!);
      const mn = Math.min(rowMin[up + x]!, rowMin[mid + x]!, rowMin[down + x]!);
      range[mid + x] = mx - mn;
    }
  }
  return range;
}

/** Clears long thin horizontal and vertical runs from an edge mask (in place); returns the mask of those rules. */
function removeRules(edge: Uint8Array, w: number, h: number): Uint8Array {
  const hLen = Math.max(48, Math.round(w * 0.04));
  const vLen = Math.max(48, Math.round(h * 0.06));
  // Vertical and horizontal run lengths of edge pixels through every pixel.
  const vRun = new Uint16Array(w * h);
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h) {
      if (!edge[y * w + x]) {
        y++;
        continue;
      }
      let e = y;
      while (e < h && edge[e * w + x]) e++;
      const len = Math.min(65535, e - y);
      for (let k = y; k < e; k++) vRun[k * w + x] = len;
      y = e;
    }
  }
  const hRun = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    let x = 0;
    while (x < w) {
      if (!edge[o + x]) {
        x++;
        continue;
      }
      let e = x;
      while (e < w && edge[o + e]) e++;
      const len = Math.min(65535, e - x);
      for (let k = x; k < e; k++) hRun[o + k] = len;
      x = e;
    }
  }
  // A rule may be crossed by rules of the other direction (table grids): their pixels do not break it.
  const hRule = new Uint8Array(w * h);
  const vRule = new Uint8Array(w * h);
  const findHorizontal = () => {
    for (let y = 0; y < h; y++) {
      const o = y * w;
      const thin = (i: number) => (edge[i] && vRun[i]! <= RULE_MAX_THICKNESS) || vRule[i];
      let x = 0;
      while (x < w) {
        if (!thin(o + x)) {
          x++;
          continue;
        }
        let e = x;
        while (e < w && thin(o + e)) e++;
        if (e - x >= hLen) hRule.fill(1, o + x, o + e);
        x = e;
      }
    }
  };
  const findVertical = () => {
    const thin = (i: number) => (edge[i] && hRun[i]! <= RULE_MAX_THICKNESS) || hRule[i];
    for (let x = 0; x < w; x++) {
      let y = 0;
      while (y < h) {
        if (!thin(y * w + x)) {
          y++;
          continue;
        }
        let e = y;
        while (e < h && thin(e * w + x)) e++;
        if (e - y >= vLen) for (let k = y; k < e; k++) vRule[k * w + x] = 1;
        y = e;
      }
    }
  };
  findHorizontal();
  findVertical();
  findHorizontal();
  const rule = new Uint8Array(w * h);
  for (let i = 0; i < rule.length; i++) rule[i] = hRule[i]! | vRule[i]!;
  for (let i = 0; i < edge.length; i++) if (rule[i]) edge[i] = 0;
  return rule;
}

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

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

export interface AnalyseOptions {
  /**
   * Blocks whose text is smaller are scaled up towards this height (px of a word's box; about 1.2× the font
   * size); default 20: 13–16 px UI text then reads as well as on paper, at a fraction of a 2× pass's cost.
   */
  targetTextHeight?: number;
  /** Largest such scale; default 2. */
  maxUpscale?: number;
}

/**
 * Analyses a screenshot (8-bit grey, w × h) and returns a canvas ready for tesseract with its blocks in reading
 * order, or null when the image is not a screenshot (a photo: too few flat pixels), which is then read whole.
 */
export function analyseScreen(
  grey: Uint8Array,
  w: number,
  h: number,
  options: AnalyseOptions = {},
): ScreenLayout | null {
  const targetTextHeight = options.targetTextHeight ?? 20;
  const maxUpscale = options.maxUpscale ?? 2;
  const n = w * h;
  if (n === 0) return null;
  const range = localRange(grey, w, h);
  let flat = 0;
  const edge = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const r = range[i]!;
    if (r <= FLAT_MAX_RANGE) flat++;
    else if (r >= EDGE_MIN_RANGE) edge[i] = 1;
  }
  if (flat / n < MIN_FLAT_SHARE) return null;
  const rule = removeRules(edge, w, h);

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
  const px = (b: Blob) => ({
    x0: b.x0 * p,
    y0: b.y0 * p,
    x1: Math.min(w - 1, b.x1 * p + p - 1),
    y1: Math.min(h - 1, b.y1 * p + p - 1),
  });
  for (const b of blobs) {
    const r = px(b);
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

  // The normalised image: 255 − |grey − bg|, stretched so that every blob's ink reaches full contrast; large
  // blobs first, so that smaller ones (the label of a button) overwrite the box of a larger one (the button).
  const out = new Uint8Array(n).fill(255);
  const area = (b: Blob) => (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1);
  let lightArea = 0;
  let textArea = 0;
  for (const b of [...blobs].sort((a, c) => area(c) - area(a))) {
    const r = px(b);
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

  // Ink for the reading order: the cells of blobs that are not filled shapes.
  const ink = new Uint8Array(gw * gh);
  for (let c = 0; c < grid.length; c++) {
    const id = label[c]!;
    if (id >= 0 && !blobs[id]!.filled && !blobs[id]!.dropped) ink[c] = 1;
  }

  const boxes = blobs.filter((b) => !b.filled && !b.dropped);
  const page: Page = { ink, gw, gh, boxes, grey, w, h, p };
  const bigGap = Math.max(3, Math.round((3 * S) / p));
  const leaves = readingOrder(page, {
    minGap: Math.max(2, Math.round(Math.max(12, S) / p)),
    minChannel: Math.max(4, Math.round((2.5 * S) / p)),
    minLine: Math.max(2, Math.round((0.6 * S) / p)),
  }).flatMap((leaf) => splitAtGaps(ink, gw, leaf, bigGap));

  // Stack the blocks on the canvas in reading order, small text scaled up (tesseract reads text about 30 px high
  // best; UI text is often 12–16 px).
  const margin = 1;
  const pad = Math.max(12, Math.round(S));
  const blocks: LayoutBlock[] = [];
  const placements: number[][] = [];
  let cursor = pad;
  let width = 1;
  for (const leaf of leaves) {
    const x = Math.max(0, leaf.x0 * p - margin);
    const y = Math.max(0, leaf.y0 * p - margin);
    const x1 = Math.min(w, (leaf.x1 + 1) * p + margin);
    const y1 = Math.min(h, (leaf.y1 + 1) * p + margin);
    const heights = boxes
      .filter((b) => b.x0 >= leaf.x0 && b.x1 <= leaf.x1 && b.y0 >= leaf.y0 && b.y1 <= leaf.y1)
      .filter((b) => b.y1 - b.y0 >= 2 && b.x1 - b.x0 + 1 >= 1.5 * (b.y1 - b.y0 + 1))
      .map((b) => (b.y1 - b.y0 + 1) * p);
    const blockText = heights.length ? median(heights) : S;
    const scale = Math.min(maxUpscale, Math.max(1, Math.round((4 * targetTextHeight) / blockText) / 4));
    // Blocks are read one below the other, so each starts at the left edge, and wide white gaps inside a block
    // (between a menu's items, a table's columns) are narrowed: white space costs tesseract time.
    const columns = keptColumns(out, w, x, x1, y, y1, Math.round(2 * blockText));
    const block = { x, y, width: x1 - x, height: y1 - y, canvasX: pad, canvasY: cursor, scale };
    blocks.push(block);
    placements.push(columns);
    cursor += Math.round(block.height * scale) + pad;
    width = Math.max(width, pad + Math.round(columns.length * scale) + pad);
  }
  const height = Math.max(1, cursor);
  const pixels = Buffer.alloc(width * height, 255);
  blocks.forEach((b, i) => copyScaled(out, w, b, placements[i]!, pixels, width));
  return {
    pixels,
    width,
    height,
    blocks,
    textHeight,
    lightOnDark: textArea ? lightArea / textArea : 0,
  };
}

/** Source columns of a block, with runs of white columns longer than `maxGap` cut down to `maxGap`. */
function keptColumns(img: Uint8Array, w: number, x0: number, x1: number, y0: number, y1: number, maxGap: number) {
  const kept: number[] = [];
  let white: number[] = [];
  for (let x = x0; x < x1; x++) {
    let ink = false;
    for (let y = y0; y < y1 && !ink; y++) if (img[y * w + x]! < 250) ink = true;
    if (!ink) {
      white.push(x);
      continue;
    }
    if (white.length > maxGap) white = [...white.slice(0, maxGap >> 1), ...white.slice(white.length - (maxGap >> 1))];
    kept.push(...white, x);
    white = [];
  }
  kept.push(...white.slice(0, Math.min(white.length, maxGap)));
  return kept.length ? kept : [x0];
}

/** Copies a block's kept columns of the normalised image onto the canvas, scaled (bilinear) by `block.scale`. */
function copyScaled(
  src: Uint8Array,
  srcWidth: number,
  b: LayoutBlock,
  columns: number[],
  dst: Buffer,
  dstWidth: number,
): void {
  const cw = Math.round(columns.length * b.scale);
  const ch = Math.round(b.height * b.scale);
  const n = columns.length;
  for (let cy = 0; cy < ch; cy++) {
    const sy = Math.min(b.height - 1, Math.max(0, (cy + 0.5) / b.scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(b.height - 1, y0 + 1);
    const fy = sy - y0;
    const row0 = (b.y + y0) * srcWidth;
    const row1 = (b.y + y1) * srcWidth;
    const o = (b.canvasY + cy) * dstWidth + b.canvasX;
    for (let cx = 0; cx < cw; cx++) {
      const sx = Math.min(n - 1, Math.max(0, (cx + 0.5) / b.scale - 0.5));
      const i0 = Math.floor(sx);
      const fx = sx - i0;
      const x0 = columns[i0]!;
      const x1 = columns[Math.min(n - 1, i0 + 1)]!;
      const top = src[row0 + x0]! * (1 - fx) + src[row0 + x1]! * fx;
      const bottom = src[row1 + x0]! * (1 - fx) + src[row1 + x1]! * fx;
      dst[o + cx] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number; // inclusive cell coordinates
}

interface OrderOptions {
  /** Narrowest white channel (cells) that can separate columns. */
  minGap: number;
  /** Shortest channel (cells) that can separate columns. */
  minChannel: number;
  /** Height (cells) from which a band counts as a line of text. */
  minLine: number;
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
      out.push({ s: start, h: y - start, c: (start + y - 1) / 2, x0, x1, ...base });
      start = -1;
      x0 = Infinity;
      x1 = -Infinity;
    }
  }
  return out;
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
): 'table' | 'panels' | 'columns' {
  if (left.length === 0 || right.length === 0) return 'table';
  const [few, many] = left.length <= right.length ? [left, right] : [right, left];
  let matched = 0;
  let panelled = 0;
  for (const a of few) {
    const b = many.find((m) => a.base >= 0 && m.base >= 0 && Math.abs(a.base - m.base) <= 2);
    if (!b) continue;
    matched++;
    if (separated(a, b)) panelled++;
  }
  if (matched >= 0.8 * few.length && few.length >= 0.5 * many.length) {
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
function splitAtGaps(ink: Uint8Array, gw: number, r: Rect, gap: number): Rect[] {
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

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  bottom: number;
  /** The grey of the background the blob sits on. */
  bg: number;
}

/** What the reading order works on: the ink grid, the blobs and the grey image (for panel backgrounds). */
interface Page {
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
function readingOrder(page: Page, opts: OrderOptions): Rect[] {
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
    const structure = structureOf(left, right, separated);
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
