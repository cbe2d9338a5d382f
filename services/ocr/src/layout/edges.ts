/**
 * Step 1 and 2 of the layout analysis (index.ts): edges (the 3×3 local range of the grey image) and rules (long thin
 * runs of edge: panel borders, table grid lines, underlines), removed so that they neither join text into one blob
 * nor hide the white space between columns.
 */

export const EDGE_MIN_RANGE = 32;
/** 3×3 grey range at or below which a pixel is flat. */
export const FLAT_MAX_RANGE = 4;
/** Below this share of flat pixels an image is a photo (sensor noise, JPEG of a scene), not a screenshot. */
/** A run of edge pixels at most this thick (px), and long (see removeRules), is a rule, not text. */
const RULE_MAX_THICKNESS = 5;

/** Horizontal then vertical 3-pixel max and min: the 3×3 range of every pixel. */
export function localRange(grey: Uint8Array, w: number, h: number): Uint8Array {
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
export function removeRules(edge: Uint8Array, w: number, h: number): Uint8Array {
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
