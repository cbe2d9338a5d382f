/**
 * Layout analysis for screenshots, before tesseract sees them (docs/OCR.md).
 *
 * Tesseract with one uniform block (PSM 6) reads a single column well but merges side-by-side columns into one
 * line ("Getting started Caching strategies for…"), and its automatic layout (PSM 3) reads tables column by column
 * and drops light-on-dark text. So the image is cut here, and tesseract still gets ONE image. The steps, one module
 * each:
 *
 * 1–2. edges.ts: edges (the 3×3 local range; screenshots are mostly flat colour, photos are not and are left to the
 *    whole-image path: `analyseScreen` returns null) and rules (long thin runs of edge), removed.
 * 3. blobs.ts: polarity, per blob. Each blob's pixels become 255 − |grey − bg| against its own background, so dark
 *    text on light, light text on dark (nav bars, code blocks, buttons, dark mode) and text on coloured panels all
 *    come out dark on white; shapes, badges' initials and what is left of boxes are blanked.
 * 4. reading-order.ts: recursive cuts at tall white channels, not across table rows.
 * 5. canvas.ts: the blocks stacked on one canvas, gaps narrowed, small text scaled up.
 */
import { classifyBlobs, findBlobs, normaliseBlobs } from './blobs.js';
import { stackBlocks, type LayoutBlock } from './canvas.js';
import { EDGE_MIN_RANGE, FLAT_MAX_RANGE, localRange, removeRules } from './edges.js';
import type { Page } from './page.js';
import { readingOrder, splitAtGaps } from './reading-order.js';

export type { LayoutBlock } from './canvas.js';

/** Below this share of flat pixels an image is a photo (sensor noise, JPEG of a scene), not a screenshot. */
export const MIN_FLAT_SHARE = 0.35;

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

export interface AnalyseOptions {
  /**
   * Blocks whose text is smaller are scaled up towards this height (px of a word's box; about 1.2× the font
   * size); default 20: 13–16 px UI text then reads as well as on paper, at a fraction of a 2× pass's cost.
   */
  targetTextHeight?: number;
  /** Largest such scale; default 2. */
  maxUpscale?: number;
  /** A photo (of a screen or a page): backgrounds vary with the light, so they tell no panels apart. */
  photo?: boolean;
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

  const { g, blobs } = findBlobs(grey, w, h, edge, rule);
  const { p, gw, gh, grid, label } = g;
  const textHeight = classifyBlobs(g, blobs);
  const S = textHeight ?? 16;
  const { out, lightOnDark } = normaliseBlobs(g, blobs);

  // Ink for the reading order: the cells of blobs that are not filled shapes.
  const ink = new Uint8Array(gw * gh);
  for (let c = 0; c < grid.length; c++) {
    const id = label[c]!;
    if (id >= 0 && !blobs[id]!.filled && !blobs[id]!.dropped) ink[c] = 1;
  }

  const boxes = blobs.filter((b) => !b.filled && !b.dropped);
  const page: Page = { ink, rules: g.ruleGrid, gw, gh, boxes, grey, w, h, p };
  const bigGap = Math.max(3, Math.round((3 * S) / p));
  const leaves = readingOrder(page, {
    minGap: Math.max(2, Math.round(Math.max(12, S) / p)),
    minChannel: Math.max(4, Math.round((2.5 * S) / p)),
    minLine: Math.max(2, Math.round((0.6 * S) / p)),
    photo: options.photo === true,
  }).flatMap((leaf) => splitAtGaps(ink, gw, leaf, bigGap));

  const canvas = stackBlocks(out, w, h, p, leaves, boxes, S, { targetTextHeight, maxUpscale });
  return { ...canvas, textHeight, lightOnDark };
}
