/**
 * PP-OCRv4 text detection (DBNet): the input size and PaddleOCR's DB post-processing (DBPostProcess with its
 * defaults: probability > 0.3, box score ≥ 0.6, unclip ratio 1.5, minimum side 3), in plain TypeScript instead of
 * OpenCV and Clipper. A text region is a connected component of the thresholded probability map; its box is the
 * minimum-area rectangle of the component, grown by the unclip distance (area · ratio / perimeter), which is what
 * Clipper's rounded offset followed by another minimum-area rectangle gives for a rectangle.
 */
import type { RotatedRect } from './image.js';
import type { TextBox } from './types.js';

const THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
const MIN_SIZE = 3;
/** Regions examined at most (specks not counted), as PaddleOCR's max_candidates. */
const MAX_CANDIDATES = 1000;
/** Skew smaller than this is reported as none. */
const MIN_ANGLE_DEG = 0.5;

export interface DetectedLine {
  /** In pixels of the source image. */
  rect: RotatedRect;
  box: TextBox;
  /** Mean text probability inside the box (0–1). */
  score: number;
}

/**
 * The detector's input: the image scaled down so that its longest side is at most `maxSide`, then padded right
 * and below to multiples of 32 (PaddleOCR stretches it to them instead; padding keeps boxes exact and letters
 * undistorted, which matters for small images: 80 px high would be stretched to 96).
 */
export function detInputSize(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number; paddedWidth: number; paddedHeight: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const pad = (n: number) => Math.max(32, Math.ceil(n / 32) * 32);
  return { width: w, height: h, paddedWidth: pad(w), paddedHeight: pad(h) };
}

type Point = [number, number];

/** Andrew's monotone chain; points sorted by x then y. */
function convexHull(points: Point[]): Point[] {
  if (points.length < 3) return points;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const p of points) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** Minimum-area enclosing rectangle of a convex polygon (rotating calipers over its edges). */
export function minAreaRect(hull: Point[]): RotatedRect {
  let best: RotatedRect = { cx: hull[0]![0], cy: hull[0]![1], width: 0, height: 0, angle: 0 };
  let bestArea = Number.POSITIVE_INFINITY;
  const edges = hull.length < 2 ? 0 : hull.length === 2 ? 1 : hull.length;
  for (let e = 0; e < edges; e++) {
    const a = hull[e]!;
    const b = hull[(e + 1) % hull.length]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = p[0] * ux + p[1] * uy;
      const v = -p[0] * uy + p[1] * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea - 1e-9) {
      bestArea = area;
      const cu = (minU + maxU) / 2;
      const cv = (minV + maxV) / 2;
      best = {
        cx: cu * ux - cv * uy,
        cy: cu * uy + cv * ux,
        width: maxU - minU,
        height: maxV - minV,
        angle: Math.atan2(uy, ux),
      };
    }
  }
  return normaliseAngle(best);
}

/** The same rectangle described with its angle in (−45°, 45°]: the side nearer the horizontal is its width. */
function normaliseAngle(r: RotatedRect): RotatedRect {
  let { angle, width, height } = r;
  while (angle > Math.PI / 2) angle -= Math.PI;
  while (angle <= -Math.PI / 2) angle += Math.PI;
  if (angle > Math.PI / 4) [angle, width, height] = [angle - Math.PI / 2, height, width];
  else if (angle <= -Math.PI / 4) [angle, width, height] = [angle + Math.PI / 2, height, width];
  return { ...r, angle, width, height };
}

/** Mean probability over the pixels whose centres lie in `rect` (PaddleOCR's box_score_fast). */
function boxScore(prob: Float32Array, pw: number, ph: number, rect: RotatedRect, bbox: number[]): number {
  const cos = Math.cos(rect.angle);
  const sin = Math.sin(rect.angle);
  const hw = rect.width / 2 + 0.5;
  const hh = rect.height / 2 + 0.5;
  let sum = 0;
  let n = 0;
  const [x0, y0, x1, y1] = bbox as [number, number, number, number];
  for (let y = Math.max(0, y0 - 1); y <= Math.min(ph - 1, y1 + 1); y++) {
    for (let x = Math.max(0, x0 - 1); x <= Math.min(pw - 1, x1 + 1); x++) {
      const dx = x - rect.cx;
      const dy = y - rect.cy;
      if (Math.abs(dx * cos + dy * sin) > hw || Math.abs(-dx * sin + dy * cos) > hh) continue;
      sum += prob[y * pw + x]!;
      n++;
    }
  }
  return n ? sum / n : 0;
}

/**
 * Text lines from the detector's probability map (`pw` × `ph`) of the image scaled by `scale`, mapped to the
 * source image (`srcW` × `srcH`), in reading order (top to bottom, left to right within a row).
 */
export function dbPostprocess(
  prob: Float32Array,
  pw: number,
  ph: number,
  scale: number,
  srcW: number,
  srcH: number,
): DetectedLine[] {
  const labels = new Int32Array(pw * ph);
  const stack = new Int32Array(pw * ph);
  const found: DetectedLine[] = [];
  let label = 0;
  let candidates = 0;
  for (let start = 0; start < pw * ph && candidates < MAX_CANDIDATES; start++) {
    if (labels[start] !== 0 || !(prob[start]! > THRESHOLD)) continue;
    label++;
    // Flood fill (8-connected, as OpenCV's contours of a binary map), tracking the bounding box.
    let top = 0;
    stack[top++] = start;
    labels[start] = label;
    let [x0, y0, x1, y1] = [pw, ph, -1, -1];
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % pw;
      const y = (p - x) / pw;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= ph) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= pw) continue;
          const q = ny * pw + nx;
          if (labels[q] === 0 && prob[q]! > THRESHOLD) {
            labels[q] = label;
            stack[top++] = q;
          }
        }
      }
    }
    // The rectangle's short side is at most the bounding box's: specks end here.
    if (x1 - x0 < MIN_SIZE || y1 - y0 < MIN_SIZE) continue;
    candidates++;
    // The leftmost and rightmost pixel of each row suffice for the convex hull.
    const points: Point[] = [];
    const rights: Point[] = [];
    for (let y = y0; y <= y1; y++) {
      let l = -1;
      let r = -1;
      for (let x = x0; x <= x1; x++) {
        if (labels[y * pw + x] !== label) continue;
        if (l < 0) l = x;
        r = x;
      }
      if (l < 0) continue;
      points.push([l, y]);
      if (r !== l) rights.push([r, y]);
    }
    const all = points.concat(rights).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const rect = minAreaRect(convexHull(all));
    if (Math.min(rect.width, rect.height) < MIN_SIZE) continue;
    const score = boxScore(prob, pw, ph, rect, [x0, y0, x1, y1]);
    if (score < BOX_THRESHOLD) continue;
    const d = (rect.width * rect.height * UNCLIP_RATIO) / (2 * (rect.width + rect.height));
    const grown = { ...rect, width: rect.width + 2 * d, height: rect.height + 2 * d };
    if (Math.min(grown.width, grown.height) < MIN_SIZE + 2) continue;
    const line = toSource(grown, 1 / scale, srcW, srcH, isSkewed(rect, x1 - x0, y1 - y0));
    if (line.box.width <= 3 || line.box.height <= 3) continue;
    found.push({ ...line, score });
  }
  return readingOrder(found);
}

/**
 * Whether a line's skew is worth reporting: it shifts one end of the line by a quarter of its height or more
 * relative to the other (its bounding box is then ≥ 25% larger than its rectangle). A short word's blob, or a
 * faint line's, gives a rectangle tilted by a degree that is noise; a line 40 times as long as it is high shows
 * 0.4° of skew. The recogniser's crop follows the rectangle either way, as PaddleOCR's does.
 */
function isSkewed(rect: RotatedRect, bboxWidth: number, bboxHeight: number): boolean {
  return rect.angle !== 0 && bboxWidth * bboxHeight > 1.25 * rect.width * rect.height;
}

/** Scales a rectangle of the probability map to the source image and encloses it in an axis-aligned box. */
function toSource(r: RotatedRect, k: number, srcW: number, srcH: number, skewed: boolean): Omit<DetectedLine, 'score'> {
  // Map positions are pixel indices (centres); the source's coordinates count from pixels' top-left corners.
  const rect: RotatedRect = {
    ...r,
    cx: (r.cx + 0.5) * k,
    cy: (r.cy + 0.5) * k,
    width: r.width * k,
    height: r.height * k,
  };
  const c = Math.cos(rect.angle);
  const s = Math.sin(rect.angle);
  const halfW = (Math.abs(c) * rect.width + Math.abs(s) * rect.height) / 2;
  const halfH = (Math.abs(s) * rect.width + Math.abs(c) * rect.height) / 2;
  const left = Math.max(0, Math.round(rect.cx - halfW));
  const top = Math.max(0, Math.round(rect.cy - halfH));
  const right = Math.min(srcW, Math.round(rect.cx + halfW));
  const bottom = Math.min(srcH, Math.round(rect.cy + halfH));
  const box: TextBox = { left, top, width: right - left, height: bottom - top };
  const deg = (rect.angle * 180) / Math.PI;
  if (skewed && Math.abs(deg) >= MIN_ANGLE_DEG) box.angle = Math.round(deg * 10) / 10;
  return { rect, box };
}

/** PaddleOCR's sorted_boxes: by top, then left to right among boxes on the same row. */
function readingOrder(lines: DetectedLine[]): DetectedLine[] {
  const sorted = [...lines].sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
  for (let i = 0; i < sorted.length - 1; i++) {
    for (let j = i; j >= 0; j--) {
      const a = sorted[j]!;
      const b = sorted[j + 1]!;
      const tolerance = Math.max(10, 0.5 * Math.min(a.box.height, b.box.height));
      if (Math.abs(b.box.top - a.box.top) < tolerance && b.box.left < a.box.left) {
        sorted[j] = b;
        sorted[j + 1] = a;
      } else break;
    }
  }
  return sorted;
}
