/**
 * How two scrolling captures continue each other, read from their pixel rows (scroll-captures.ts uses it for an
 * import's groups and an upload's links). Two captures continue each other when one's content, shifted up, is the
 * other's: a run of pixel rows of the lower part of one is found again, row for row, in the upper part of the other.
 * Rows are compared by their mean grey level in BLOCKS vertical strips, with a tolerance for JPEG's re-encoding and
 * one strip for a scroll indicator. The app bar and status bar at the top and a message box at the foot stay in place
 * while the content scrolls, so they end the matching run instead of being part of it: a shared header never joins
 * two chats. Rows without ink (a flat background) match any shift and count for nothing; a join needs MIN_INK_ROWS
 * rows with ink in one unbroken run, spread over MIN_INK_BANDS separate bands (lines of text, not one picture).
 *
 * Deciding from pixels, not text, keeps this before OCR (each group is read once, as one upload) and exact on what
 * scrolling makes: the same pixels moved by whole rows. Captures of another width, or resized, are left apart.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@snapnotes/contracts';

/** Vertical strips a row is summarised by. */
const BLOCKS = 32;
/**
 * Grey levels are clamped to [SHADE_FLOOR, SHADE_CEILING] before a strip's mean is taken: a chat wallpaper of line
 * drawings close to its ground (light, or dark in dark mode) stays in place while the messages scroll over it, and
 * would make every row differ; clamped, its shades are one, and what rows are compared by is their text.
 */
const SHADE_FLOOR = 60;
const SHADE_CEILING = 200;
/** A row has ink when its darkest and lightest pixels differ by this much (text, a rule, an edge). */
const INK_CONTRAST = 40;
/** Two rows are the same when their strips' means differ by at most this on average… */
const ROW_MEAN_TOLERANCE = 2;
/** …and by at most this in every strip but one (a scroll indicator over the content). */
const STRIP_TOLERANCE = 10;
/** A join needs an unbroken run of matching rows with at least this many rows with ink (and MIN_INK_SHARE)… */
const MIN_INK_ROWS = 40;
/** …and this share of the capture's height in such rows (a short bubble two chats both have is not an overlap)… */
const MIN_INK_SHARE = 0.04;
/** …in at least this many bands of ink separated by rows without (two lines of text or bubbles, not one picture). */
const MIN_INK_BANDS = 2;
/** Rows with ink that differ one after the other end a run. */
const MAX_MISSES_IN_A_ROW = 3;
/** At most this share of a run's rows with ink may differ (stray rows of JPEG noise). */
const MAX_MISS_SHARE = 0.1;

/** What is kept of a capture: per row, the strips' mean grey levels and whether the row has ink. */
export interface CaptureRows {
  width: number;
  height: number;
  /** height × BLOCKS strip means. */
  strips: Uint8Array;
  /** Per row: the mean of its strips (a quick first test). */
  means: Float32Array;
  ink: Uint8Array;
}

/** Reads an image's rows (EXIF-rotated, grey); null when it cannot be decoded (its upload reports that). */
export async function captureRows(data: Buffer | string): Promise<CaptureRows | null> {
  let pixels: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    pixels = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { width, height, channels } = pixels.info;
  if (width < BLOCKS) return null;
  const px = pixels.data;
  const strips = new Uint8Array(height * BLOCKS);
  const means = new Float32Array(height);
  const ink = new Uint8Array(height);
  for (let y = 0; y < height; y++) {
    const row = y * width * channels;
    let min = 255;
    let max = 0;
    let total = 0;
    for (let b = 0; b < BLOCKS; b++) {
      const x0 = Math.floor((b * width) / BLOCKS);
      const x1 = Math.floor(((b + 1) * width) / BLOCKS);
      let sum = 0;
      for (let x = x0; x < x1; x++) {
        const v = px[row + x * channels]!;
        sum += v < SHADE_FLOOR ? SHADE_FLOOR : v > SHADE_CEILING ? SHADE_CEILING : v;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      const mean = sum / (x1 - x0);
      strips[y * BLOCKS + b] = Math.round(mean);
      total += mean;
    }
    means[y] = total / BLOCKS;
    ink[y] = max - min >= INK_CONTRAST ? 1 : 0;
  }
  return { width, height, strips, means, ink };
}

function sameRow(a: CaptureRows, ya: number, b: CaptureRows, yb: number): boolean {
  if (Math.abs(a.means[ya]! - b.means[yb]!) > ROW_MEAN_TOLERANCE) return false;
  let off = 0;
  let total = 0;
  for (let k = 0; k < BLOCKS; k++) {
    const diff = Math.abs(a.strips[ya * BLOCKS + k]! - b.strips[yb * BLOCKS + k]!);
    total += diff;
    if (diff > STRIP_TOLERANCE && ++off > 1) return false;
  }
  return total / BLOCKS <= ROW_MEAN_TOLERANCE * 2;
}

/** Shifts tried in full per pair: the ones most of the rows with ink agree on. */
const CANDIDATE_SHIFTS = 8;
/** The smallest scroll worth a join: a few rows (a capture of the same screen is the duplicates' business). */
const MIN_SHIFT = 8;

/**
 * Rows that vote: with ink, and unlike the row above (the inside of a bubble or a button repeats one row dozens of
 * times, and would vote for every shift within it).
 */
function voter(capture: CaptureRows, y: number): boolean {
  return capture.ink[y] === 1 && y > 0 && Math.abs(capture.means[y]! - capture.means[y - 1]!) > 0.5;
}

/**
 * The shifts worth a full comparison: each row with ink in `lower`'s upper half votes for every row of `upper`
 * whose mean grey level is within the tolerance (found in `upper`'s rows sorted by mean); the true shift gets a vote
 * from nearly every row of the overlap, others a few scattered ones.
 */
function likelyShifts(upper: CaptureRows, lower: CaptureRows): number[] {
  const rows: number[] = [];
  for (let y = 0; y < upper.height; y++) if (voter(upper, y)) rows.push(y);
  rows.sort((p, q) => upper.means[p]! - upper.means[q]!);
  const sortedMeans = Float32Array.from(rows, (y) => upper.means[y]!);
  const votes = new Map<number, number>();
  const firstAtLeast = (value: number) => {
    let lo = 0;
    let hi = sortedMeans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedMeans[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (let y = 0; y < lower.height / 2; y++) {
    if (!voter(lower, y)) continue;
    const m = lower.means[y]!;
    for (
      let k = firstAtLeast(m - ROW_MEAN_TOLERANCE);
      k < rows.length && sortedMeans[k]! <= m + ROW_MEAN_TOLERANCE;
      k++
    ) {
      const shift = rows[k]! - y;
      if (shift >= MIN_SHIFT) votes.set(shift, (votes.get(shift) ?? 0) + 1);
    }
  }
  return [...votes.entries()]
    .filter(([, n]) => n >= MIN_INK_ROWS)
    .sort((p, q) => q[1] - p[1])
    .slice(0, CANDIDATE_SHIFTS)
    .map(([shift]) => shift);
}

/**
 * How `lower` continues `upper`: its row y shows `upper`'s row y + shift over a run of rows; `cut` is the row of that
 * run where a join goes from one to the other (ScrollLink.cut).
 */
interface Continuation {
  /** The run's rows with ink (0: no continuation). */
  strength: number;
  shift: number;
  cut: number;
  /** The run: `lower`'s rows [from, to). */
  from: number;
  to: number;
}

const NONE: Continuation = { strength: 0, shift: 0, cut: 0, from: 0, to: 0 };

/**
 * Where a join of two captures goes from the upper one to the lower (a row of the lower), within the rows they
 * share [start, last]: in the middle of the band without ink nearest the run's middle (a gap between lines, which no
 * line of text stands across), so that the lines at the run's ends, which an app bar, a message box or the
 * screen's edge may cut through in one capture, are read from the capture that shows them whole.
 */
function cutRow(upper: CaptureRows, lower: CaptureRows, shift: number, start: number, last: number): number {
  const middle = (start + last) / 2;
  let best = Math.round(middle);
  let bestDistance = Infinity;
  let bandStart = -1;
  for (let y = start; y <= last + 1; y++) {
    const blank = y <= last && !lower.ink[y] && !upper.ink[y + shift];
    if (blank && bandStart < 0) bandStart = y;
    if (blank || bandStart < 0) continue;
    const centre = Math.floor((bandStart + y - 1) / 2);
    if (Math.abs(centre - middle) < bestDistance) [best, bestDistance] = [centre, Math.abs(centre - middle)];
    bandStart = -1;
  }
  return best;
}

/**
 * How strongly `lower` continues `upper` (the longest run's rows with ink; 0 when it does not): `lower`'s row y
 * showing `upper`'s row y + shift for some shift, over a run that starts in `lower`'s upper half and ends in
 * `upper`'s lower half.
 */
function continuation(upper: CaptureRows, lower: CaptureRows): Continuation {
  if (upper.width !== lower.width) return NONE;
  let best = NONE;
  const keep = (run: Run, y: number, shift: number) => {
    const strength = judged(run, y, lower.height, upper.height, shift);
    if (strength > best.strength) {
      best = {
        strength,
        shift,
        cut: cutRow(upper, lower, shift, run.start, run.last),
        from: run.start,
        to: run.last + 1,
      };
    }
  };
  for (const shift of likelyShifts(upper, lower)) {
    const end = Math.min(lower.height, upper.height - shift);
    let run = newRun();
    for (let y = 0; y < end; y++) {
      const ya = y + shift;
      if (!upper.ink[ya] && !lower.ink[y]) {
        run.inBand = false;
        continue;
      }
      if (sameRow(upper, ya, lower, y)) {
        if (run.start < 0) run.start = y;
        run.last = y;
        run.ink++;
        if (!run.inBand) run.bands++;
        run.inBand = true;
        run.missesInARow = 0;
        continue;
      }
      // JPEG's blocks make a row here and there differ more than the tolerance: a run goes through a stray row,
      // never through MAX_MISSES_IN_A_ROW (where the fixed bars begin, or other content).
      run.misses++;
      if (++run.missesInARow < MAX_MISSES_IN_A_ROW && run.start >= 0) continue;
      keep(run, y, shift);
      run = newRun();
    }
    keep(run, end, shift);
  }
  return best;
}

interface Run {
  start: number;
  /** The last row that matched. */
  last: number;
  ink: number;
  bands: number;
  inBand: boolean;
  misses: number;
  missesInARow: number;
}

function newRun(): Run {
  return { start: -1, last: -1, ink: 0, bands: 0, inBand: false, misses: 0, missesInARow: 0 };
}

/** A run counts when it is long enough, in several bands, nearly all alike, and where scrolling puts an overlap. */
function judged(run: Run, end: number, lowerHeight: number, upperHeight: number, shift: number): number {
  const misses = run.misses - run.missesInARow; // the rows that ended it are not part of it
  if (run.start < 0 || run.ink < Math.max(MIN_INK_ROWS, MIN_INK_SHARE * lowerHeight) || run.bands < MIN_INK_BANDS) {
    return 0;
  }
  if (misses > run.ink * MAX_MISS_SHARE) return 0;
  // The run starts in the lower capture's upper half (above it only its fixed bars) and ends in the upper
  // capture's lower half (below it only its fixed bars).
  if (run.start > lowerHeight / 2 || end + shift < upperHeight / 2) return 0;
  return run.ink;
}

/** One comparison's result: `lower` continues `upper` (positions in the list compared). */
export interface Link extends Continuation {
  upper: number;
  lower: number;
}

/** The link between two captures in either direction, or null. */
export function linkOf(i: number, a: CaptureRows, j: number, b: CaptureRows): Link | null {
  if (a.width !== b.width) return null;
  const down = continuation(a, b);
  const up = continuation(b, a);
  if (down.strength === 0 && up.strength === 0) return null;
  return down.strength >= up.strength ? { upper: i, lower: j, ...down } : { upper: j, lower: i, ...up };
}
