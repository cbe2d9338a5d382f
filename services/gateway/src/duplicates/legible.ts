/**
 * The last word on a near duplicate (issue 25 item 2; DECISIONS "Duplicates"): the two originals compared at a size
 * where text is legible. The fingerprint (hash.ts) is 64 pixels wide: it tells another chat or a scrolled screen
 * apart, but not one word or one digit changed ("Meeting moved to Tuesday" / "Thursday" measured 2.7 there, a JPEG
 * copy 4.3), and a match answers "Already in your notes" instead of making the note: the user's new screenshot would
 * be lost. So a near match (never an exact one: same bytes) is confirmed here.
 *
 * Both images in grey at the smaller of their widths (at most LEGIBLE_WIDTH), slightly blurred (JPEG's ringing),
 * aligned at the bottom as the fingerprint is (a cropped status bar removes rows at the top) without the status-bar
 * band, at the best of a few row shifts (rounding). Then tiles of TILE pixels: a re-encoded copy differs a little
 * everywhere there is text (its worst tile is close to its usual ones), a changed word or digit differs a lot in a
 * few tiles and not elsewhere (or, when the change re-wrapped a paragraph, a great deal in many). Measured on the
 * duplicates set (packages/testing phone-screens: 10 copies of 10 screens) and notes a word or a digit apart
 * (services/gateway/test/duplicates.test.ts): copies' worst tile at most 10.5 and never over 1.6× their 98th
 * percentile (+1); one word changed 29.8–83.6 (a re-wrapped article paragraph 63.5, at 2.2× its percentile), one
 * digit 9.8 (9.8×).
 */
import sharp from 'sharp';
import { STATUS_BAR_SHARE } from './hash.js';

/** The widest the two images are compared at (a phone screenshot's text is legible at 640 pixels across). */
const LEGIBLE_WIDTH = 640;
const TILE = 16;
const MIN_TILE = 6;
const SHIFTS = [-2, -1, 0, 1, 2];
/** A tile this different (mean grey levels) and this far above the copy's usual difference is a changed word. */
const CHANGED_TILE = 6;
const CHANGED_RATIO = 2.5;
/** A tile this different is changed however much the rest differs (a word changed and its paragraph re-wrapped). */
const CHANGED_ANYWAY = 25;

interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

async function uprightWidth(image: Buffer): Promise<number> {
  const meta = await sharp(image).metadata();
  const sideways = (meta.orientation ?? 1) >= 5;
  return (sideways ? meta.height : meta.width) ?? 0;
}

async function greyAt(image: Buffer, width: number): Promise<Grey> {
  const { data, info } = await sharp(image, { failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width })
    .blur(0.8)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one grey channel, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

export interface LegibleDistance {
  /** The mean difference (grey levels) of the tile that differs most. */
  worst: number;
  /** The 98th percentile of the tiles' differences: how much a copy differs where it has text. */
  usual: number;
}

/** How far apart two images are at a legible size (see the header), at the best row alignment. */
export async function legibleDistance(a: Buffer, b: Buffer): Promise<LegibleDistance> {
  const width = Math.min(LEGIBLE_WIDTH, await uprightWidth(a), await uprightWidth(b));
  const [ga, gb] = await Promise.all([greyAt(a, width), greyAt(b, width)]);
  const taller = Math.max(ga.height, gb.height);
  const rows = Math.min(ga.height, gb.height) - Math.round(taller * STATUS_BAR_SHARE) - SHIFTS.length;
  const first = Math.max(...SHIFTS) + 1;
  // A strip of one line compared at a few dozen pixels: smaller tiles; smaller still, nothing is legible at the
  // size both share, and the fingerprint's answer stands.
  const tile = Math.min(TILE, rows - first, width);
  if (tile < MIN_TILE) return { worst: 0, usual: 0 };
  const step = Math.max(1, tile >> 1);
  let best: LegibleDistance = { worst: Number.POSITIVE_INFINITY, usual: 0 };
  for (const shift of SHIFTS) {
    const tiles: number[] = [];
    for (let r0 = first; r0 + tile <= rows; r0 += step) {
      for (let x0 = 0; x0 + tile <= width; x0 += step) {
        let sum = 0;
        for (let k = 0; k < tile; k++) {
          const rowA = (ga.height - r0 - k) * width;
          const rowB = (gb.height - r0 - k + shift) * width;
          for (let x = x0; x < x0 + tile; x++) sum += Math.abs(ga.data[rowA + x]! - gb.data[rowB + x]!);
        }
        tiles.push(sum / (tile * tile));
      }
    }
    const worst = Math.max(...tiles);
    if (worst >= best.worst) continue;
    tiles.sort((x, y) => x - y);
    best = { worst, usual: tiles[Math.floor(tiles.length * 0.98)]! };
  }
  return best;
}

/** Whether a changed word or digit sets two near-identical images apart (see the header). */
export function changedLocally(d: LegibleDistance): boolean {
  return d.worst > CHANGED_ANYWAY || (d.worst > CHANGED_TILE && d.worst > CHANGED_RATIO * (d.usual + 1));
}

/** Whether two images that the fingerprint found near are the same screen when looked at closely. */
export async function sameAtLegibleSize(a: Buffer, b: Buffer): Promise<boolean> {
  const d = await legibleDistance(a, b);
  return !changedLocally(d);
}
