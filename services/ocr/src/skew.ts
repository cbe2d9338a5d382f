/**
 * The skew of a photographed page: text lines are the strongest horizontal structure of a page, so the angle at
 * which the image's horizontal edges (tops and bottoms of letters) project onto the sharpest rows is the angle of
 * its lines. Tesseract reads lines tilted by a degree or two, but a table, a receipt or a two-column page photographed
 * at 2–4° has its rows run into each other; read straight, they keep their cells and prices on their lines.
 * Pure JavaScript over a sample of the pixels (about 10–30 ms), so it runs in the analysis worker threads.
 */

/** Angles tried, degrees either way: phone photos of pages are held within a few degrees. */
export const MAX_SKEW_DEG = 6;
/** Below this the page is straight enough: tesseract's own line finding copes. */
export const MIN_SKEW_DEG = 0.4;
/** The best angle must sharpen the rows by this much over 0° to be believed (noise, pictures). */
const MIN_GAIN = 1.08;
/** A vertical step in grey at least this large is a horizontal edge. */
const EDGE_STEP = 40;
/** Width (px) of the sample the estimate works on. */
const SAMPLE_WIDTH = 900;

/** Sharpness of the row profile of `points` projected at `angle` (radians): the sum of squared bin counts. */
function profileScore(xs: Int32Array, ys: Int32Array, n: number, angle: number, height: number): number {
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const margin = Math.ceil(Math.abs(sin) * 4000) + 2;
  const bins = new Int32Array(height + 2 * margin);
  for (let i = 0; i < n; i++) {
    const b = Math.round(ys[i]! * cos - xs[i]! * sin) + margin;
    if (b >= 0 && b < bins.length) bins[b]!++;
  }
  let score = 0;
  for (let i = 0; i < bins.length; i++) score += bins[i]! * bins[i]!;
  return score;
}

/**
 * The angle (degrees, positive when lines fall to the right) of the text lines of an 8-bit grey image, or 0 when
 * the image shows no clear lines or is straight within MIN_SKEW_DEG. Rotate by the negative of it to straighten.
 */
export function estimateSkew(grey: Uint8Array, width: number, height: number): number {
  const step = Math.max(1, Math.floor(width / SAMPLE_WIDTH));
  const sw = Math.floor(width / step);
  const sh = Math.floor(height / step);
  if (sw < 50 || sh < 50) return 0;
  const cap = 200_000;
  const xs = new Int32Array(cap);
  const ys = new Int32Array(cap);
  let n = 0;
  for (let y = 1; y < sh && n < cap; y++) {
    const row = y * step * width;
    const above = (y - 1) * step * width;
    for (let x = 0; x < sw && n < cap; x++) {
      if (Math.abs(grey[row + x * step]! - grey[above + x * step]!) >= EDGE_STEP) {
        xs[n] = x;
        ys[n] = y;
        n++;
      }
    }
  }
  if (n < 500) return 0;
  const rad = Math.PI / 180;
  const flat = profileScore(xs, ys, n, 0, sh);
  let best = 0;
  let bestScore = flat;
  for (let deg = -MAX_SKEW_DEG; deg <= MAX_SKEW_DEG + 1e-9; deg += 0.25) {
    const s = profileScore(xs, ys, n, deg * rad, sh);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  for (let deg = best - 0.2; deg <= best + 0.2 + 1e-9; deg += 0.05) {
    const s = profileScore(xs, ys, n, deg * rad, sh);
    if (s > bestScore) [best, bestScore] = [deg, s];
  }
  if (Math.abs(best) < MIN_SKEW_DEG || bestScore < MIN_GAIN * flat) return 0;
  return Math.round(best * 100) / 100;
}
