/**
 * What makes two screenshots "the same" (issue 25 item 2; DECISIONS "Duplicates"): the image's exact bytes (SHA-256),
 * and for a near duplicate (re-encoded, resized, another status-bar clock, the status bar cropped) two measures of
 * the picture itself, both made from one decode:
 *
 * - a 64-bit perceptual hash (DCT pHash) of the screen below its status bar: coarse, stored as a bigint and compared
 *   by Hamming distance in SQL to pick the few candidates among a user's thousands of images;
 * - a fingerprint: the image in grey at FINGERPRINT_WIDTH pixels wide, its height in proportion (so the status bar
 *   cropped off the top only removes rows from the top). Two images are the same screen when their fingerprints,
 *   aligned at the bottom and without the status-bar band, differ by little on average. Another chat of the same
 *   app, or the same chat scrolled by a message, differs in its bubbles' places and lengths even at this size.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** The fingerprint's width in pixels; its height follows the image's proportions, up to FINGERPRINT_MAX_ROWS. */
export const FINGERPRINT_WIDTH = 64;
const FINGERPRINT_MAX_ROWS = 256;
const FINGERPRINT_MIN_ROWS = 32;
/** The share of the height at the top that is a phone's status bar (clock, battery), left out of every measure. */
export const STATUS_BAR_SHARE = 0.07;
/** The width of the decode both measures are made from: four working pixels per fingerprint pixel. */
const WORKING_WIDTH = 256;
const WORKING_MIN_HEIGHT = 64;
/** The height of the pHash's region as a share of the width: below the status bar of a 9:19.5 phone screen. */
const BODY_SHARE = 1.8;

export interface ImageHashes {
  /** SHA-256 of the file's bytes (32 bytes). */
  sha256: Buffer;
  /** DCT pHash of the screen below the status bar, as a signed 64-bit integer (PostgreSQL bigint). */
  phash: bigint;
  /** FINGERPRINT_WIDTH grey pixels per row, top to bottom (bytes 0–255). */
  fingerprint: Buffer;
}

export function sha256Of(image: Buffer | Uint8Array): Buffer {
  return createHash('sha256').update(image).digest();
}

/** The hashes of one image (a few milliseconds to a few tens for a phone screenshot: one decode). */
export async function hashImage(image: Buffer | Uint8Array): Promise<ImageHashes> {
  const { data, info } = await sharp(image, { failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    // At least WORKING_WIDTH wide and WORKING_MIN_HEIGHT high: a strip of one line keeps enough rows to compare.
    .resize({ width: WORKING_WIDTH, height: WORKING_MIN_HEIGHT, fit: 'outside' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one grey channel, got ${info.channels}`);
  const raw = { width: info.width, height: info.height, channels: 1 as const };
  return {
    sha256: sha256Of(image),
    phash: dctHash(await bottomSquare(data, raw)),
    fingerprint: await fingerprintOf(data, raw),
  };
}

type Raw = { width: number; height: number; channels: 1 };

/**
 * The fingerprint at exactly the same scale across and down (a whole number of working rows per row, taken from the
 * bottom), so an image with its status bar cropped has the same rows as the whole one, only fewer at the top.
 */
async function fingerprintOf(data: Buffer, raw: Raw): Promise<Buffer> {
  const factor = raw.width / FINGERPRINT_WIDTH;
  const rows = Math.floor(raw.height / factor);
  if (rows > FINGERPRINT_MAX_ROWS || rows < FINGERPRINT_MIN_ROWS) {
    // A very long capture or a strip of one line: squeezed or stretched to the most or fewest rows kept (a cropped
    // status bar is no part of such an image).
    const fixed = rows > FINGERPRINT_MAX_ROWS ? FINGERPRINT_MAX_ROWS : FINGERPRINT_MIN_ROWS;
    return sharp(data, { raw }).resize(FINGERPRINT_WIDTH, fixed, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
  }
  const used = Math.min(raw.height, Math.round(rows * factor));
  return sharp(data, { raw })
    .extract({ left: 0, top: raw.height - used, width: raw.width, height: used })
    .resize(FINGERPRINT_WIDTH, rows, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

/**
 * What the pHash is made of: a region at the bottom of the screen, as high as BODY_SHARE of the width (a phone
 * screenshot's screen without its status bar, cropped or not), or everything below the status bar of a wider image.
 */
async function bottomSquare(data: Buffer, raw: Raw): Promise<Buffer> {
  const belowStatusBar = raw.height - Math.round(raw.height * STATUS_BAR_SHARE);
  const height = Math.max(1, Math.min(belowStatusBar, Math.round(raw.width * BODY_SHARE)));
  return sharp(data, { raw })
    .extract({ left: 0, top: raw.height - height, width: raw.width, height })
    .resize(DCT_SIZE, DCT_SIZE, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
}

const DCT_SIZE = 32;
const HASH_SIZE = 8;
const COSINES = Array.from({ length: HASH_SIZE }, (_, u) =>
  Float64Array.from({ length: DCT_SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * DCT_SIZE))),
);

/** The classic pHash: the 8×8 lowest frequencies of a 32×32 DCT, each bit set when above their median. */
function dctHash(pixels: Buffer): bigint {
  // Rows first (32 rows × 8 frequencies), then columns of that.
  const rowPass = new Float64Array(DCT_SIZE * HASH_SIZE);
  for (let y = 0; y < DCT_SIZE; y++) {
    for (let u = 0; u < HASH_SIZE; u++) {
      let sum = 0;
      const cos = COSINES[u]!;
      for (let x = 0; x < DCT_SIZE; x++) sum += pixels[y * DCT_SIZE + x]! * cos[x]!;
      rowPass[y * HASH_SIZE + u] = sum;
    }
  }
  const coefficients = new Float64Array(HASH_SIZE * HASH_SIZE);
  for (let v = 0; v < HASH_SIZE; v++) {
    const cos = COSINES[v]!;
    for (let u = 0; u < HASH_SIZE; u++) {
      let sum = 0;
      for (let y = 0; y < DCT_SIZE; y++) sum += rowPass[y * HASH_SIZE + u]! * cos[y]!;
      coefficients[v * HASH_SIZE + u] = sum;
    }
  }
  // The DC term (overall brightness) is left out of the median, as in the usual pHash.
  const median = [...coefficients.subarray(1)].sort((a, b) => a - b)[Math.floor((coefficients.length - 1) / 2)]!;
  let hash = 0n;
  for (let i = 0; i < coefficients.length; i++) hash = (hash << 1n) | (coefficients[i]! > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** Bits that differ between two pHashes (0–64). */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** The largest difference in height (share of the taller) still compared: a status bar cropped, not another shape. */
const MAX_ROW_DIFFERENCE = 0.1;
/** Rows of a band: about half a line of text on a phone screenshot at FINGERPRINT_WIDTH. */
const BAND_ROWS = 3;

export interface FingerprintDistance {
  /** Mean absolute difference of the grey levels (0–255) over every compared pixel. */
  mean: number;
  /** The same over the band of BAND_ROWS rows that differs most: one message or line changed. */
  worstBand: number;
  /**
   * The same over the tile of BAND_ROWS rows × TILE_COLUMNS columns that differs most: a few words changed on an
   * otherwise blank screen (two short notes in the same layout), which a band's mean across the width dilutes.
   */
  worstTile: number;
}

const FAR: FingerprintDistance = {
  mean: Number.POSITIVE_INFINITY,
  worstBand: Number.POSITIVE_INFINITY,
  worstTile: Number.POSITIVE_INFINITY,
};
/** A tile's width in fingerprint pixels (an eighth of the width). */
const TILE_COLUMNS = 8;

/**
 * How far apart two fingerprints are, over the rows both show aligned at the bottom (a cropped status bar removes
 * rows at the top only), without the status-bar band, at the best of three alignments a row apart. FAR when their
 * shapes differ by more than a cropped status bar.
 */
export function fingerprintDistance(a: Buffer, b: Buffer): FingerprintDistance {
  const w = FINGERPRINT_WIDTH;
  const rowsA = a.length / w;
  const rowsB = b.length / w;
  const taller = Math.max(rowsA, rowsB);
  if (Math.abs(rowsA - rowsB) > Math.ceil(taller * MAX_ROW_DIFFERENCE)) return FAR;
  const compared = Math.min(rowsA, rowsB) - Math.round(taller * STATUS_BAR_SHARE) - 1;
  if (compared < BAND_ROWS + 2) return FAR;
  let best = FAR;
  for (const shift of [-1, 0, 1]) {
    const rowSums: number[] = [];
    /** Per row, the sums of each tile's columns. */
    const rowTiles: number[][] = [];
    for (let r = 2; r <= compared; r++) {
      const offA = (rowsA - r) * w;
      const offB = (rowsB - r + shift) * w;
      let sum = 0;
      const tiles = new Array<number>(w / TILE_COLUMNS).fill(0);
      for (let x = 0; x < w; x++) {
        const d = Math.abs(a[offA + x]! - b[offB + x]!);
        sum += d;
        tiles[Math.floor(x / TILE_COLUMNS)]! += d;
      }
      rowSums.push(sum);
      rowTiles.push(tiles);
    }
    const mean = rowSums.reduce((s, v) => s + v, 0) / (rowSums.length * w);
    if (mean >= best.mean) continue;
    let worst = 0;
    let worstTile = 0;
    for (let r = 0; r + BAND_ROWS <= rowSums.length; r++) {
      let band = 0;
      for (let k = 0; k < BAND_ROWS; k++) band += rowSums[r + k]!;
      worst = Math.max(worst, band / (BAND_ROWS * w));
      for (let t = 0; t < w / TILE_COLUMNS; t++) {
        let tile = 0;
        for (let k = 0; k < BAND_ROWS; k++) tile += rowTiles[r + k]![t]!;
        worstTile = Math.max(worstTile, tile / (BAND_ROWS * TILE_COLUMNS));
      }
    }
    best = { mean, worstBand: worst, worstTile };
  }
  return best;
}
