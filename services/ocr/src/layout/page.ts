/** What the reading order works on (reading-order.ts, channel-sides.ts): the page's ink grid, its blobs, and rectangles of it. */

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number; // inclusive cell coordinates
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
  /** Cells on a rule (a grid line, a border, a separator), which is not ink. */
  rules: Uint8Array;
  gw: number;
  gh: number;
  boxes: Box[];
  grey: Uint8Array;
  w: number;
  h: number;
  p: number;
}
