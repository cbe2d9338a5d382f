/**
 * Step 5 of the layout analysis (index.ts): the canvas. The blocks are stacked one below the other on a white
 * canvas in reading order, each from the left edge, wide white gaps inside them narrowed and small text scaled up,
 * so that tesseract (one uniform block of text) reads each column on its own, at a size it reads well.
 */
import { median, type Blob } from './blobs.js';
import type { Rect } from './page.js';

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

export interface CanvasOptions {
  /** Blocks whose text is smaller are scaled up towards this height (px of a word's box). */
  targetTextHeight: number;
  /** Largest such scale. */
  maxUpscale: number;
}

/** Draws the blocks (`leaves`, in cells of `p` px) of the normalised image `out` (w × h) on a canvas. */
export function stackBlocks(
  out: Uint8Array,
  w: number,
  h: number,
  p: number,
  leaves: readonly Rect[],
  boxes: readonly Blob[],
  S: number,
  options: CanvasOptions,
): { pixels: Buffer; width: number; height: number; blocks: LayoutBlock[] } {
  const { targetTextHeight, maxUpscale } = options;
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
  return { pixels, width, height, blocks };
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
