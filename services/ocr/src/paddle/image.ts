/**
 * Pixels for the PaddleOCR models: decoding (sharp) and bilinear sampling of an image, or of a rotated rectangle
 * of it, into a planar float tensor, normalised as PaddleOCR does (channels in OpenCV's B, G, R order).
 */
import sharp from 'sharp';

/** Interleaved 8-bit RGB. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Per channel (B, G, R): value = pixel · scale + shift, with pixel in 0–255. */
export interface Normaliser {
  scale: readonly [number, number, number];
  shift: readonly [number, number, number];
}

/** `(x / 255 − mean) / std` with PaddleOCR's constants, indexed by B, G, R. */
function normaliser(mean: readonly number[], std: readonly number[]): Normaliser {
  const at = (c: number) => ({ scale: 1 / 255 / std[c]!, shift: -mean[c]! / std[c]! });
  const [b, g, r] = [at(0), at(1), at(2)];
  return { scale: [b.scale, g.scale, r.scale], shift: [b.shift, g.shift, r.shift] };
}

/** Detection (DBNet): ImageNet mean and deviation, applied to B, G, R in that order as PaddleOCR does. */
export const DET_NORM = normaliser([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]);
/** Recognition (SVTR): `(x / 255 − 0.5) / 0.5`. */
export const REC_NORM = normaliser([0.5, 0.5, 0.5], [0.5, 0.5, 0.5]);

/** Images above this are refused before decoding (the OCR pipeline caps screenshots far below it). */
const MAX_INPUT_PIXELS = 50_000_000;

/** Decodes an image as sharp shows it after EXIF orientation, transparency flattened on white. */
export async function decodeRgb(image: Uint8Array): Promise<RgbImage> {
  if (image.byteLength === 0) throw new Error('PaddleOCR: the image is empty');
  try {
    const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`${info.channels} channels after decoding, expected 3`);
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw new Error(`PaddleOCR: the image could not be decoded (${(err as Error).message})`);
  }
}

/** Resizes with sharp's filters. */
export async function resizeRgb(img: RgbImage, width: number, height: number): Promise<RgbImage> {
  if (img.width === width && img.height === height) return img;
  const data = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize({ width, height, fit: 'fill' })
    .raw()
    .toBuffer();
  return { data, width, height };
}

/**
 * Writes a whole image into plane-major floats (B plane, G plane, R plane) of `width` × `height` ≥ the image's
 * size, the margin right and below filled by repeating the last column and row.
 */
export function imageToPlanes(img: RgbImage, norm: Normaliser, width: number, height: number): Float32Array {
  const plane = width * height;
  const out = new Float32Array(3 * plane);
  const src = img.data;
  const [sb, sg, sr] = norm.scale;
  const [hb, hg, hr] = norm.shift;
  for (let y = 0; y < height; y++) {
    const row = Math.min(y, img.height - 1) * img.width;
    for (let x = 0; x < width; x++) {
      const p = (row + Math.min(x, img.width - 1)) * 3;
      const i = y * width + x;
      out[i] = src[p + 2]! * sb + hb;
      out[plane + i] = src[p + 1]! * sg + hg;
      out[2 * plane + i] = src[p]! * sr + hr;
    }
  }
  return out;
}

/** A rectangle of the image, possibly rotated: its centre, size and the direction of its width (radians). */
export interface RotatedRect {
  cx: number;
  cy: number;
  width: number;
  height: number;
  /** Clockwise from the x axis (y grows downwards). */
  angle: number;
}

/**
 * Samples `rect` of `img` (bilinear, edges replicated) into a `dstW` × `dstH` area of a tensor whose planes are
 * `planeStride` floats apart and whose rows are `rowStride` floats long, starting at `offset`.
 */
export function sampleRect(
  img: RgbImage,
  rect: RotatedRect,
  dstW: number,
  dstH: number,
  norm: Normaliser,
  out: Float32Array,
  layout: { offset: number; rowStride: number; planeStride: number },
): void {
  const cos = Math.cos(rect.angle);
  const sin = Math.sin(rect.angle);
  // Source position of the destination pixel centre (i + 0.5, j + 0.5), in pixel-index coordinates.
  const ux = (cos * rect.width) / dstW;
  const uy = (sin * rect.width) / dstW;
  const vx = (-sin * rect.height) / dstH;
  const vy = (cos * rect.height) / dstH;
  const x0 = rect.cx - (cos * rect.width) / 2 + (sin * rect.height) / 2 - 0.5;
  const y0 = rect.cy - (sin * rect.width) / 2 - (cos * rect.height) / 2 - 0.5;
  const { width: w, height: h, data } = img;
  const [sb, sg, sr] = norm.scale;
  const [hb, hg, hr] = norm.shift;
  const { offset, rowStride, planeStride } = layout;
  for (let j = 0; j < dstH; j++) {
    const row = offset + j * rowStride;
    for (let i = 0; i < dstW; i++) {
      let sx = x0 + (i + 0.5) * ux + (j + 0.5) * vx;
      let sy = y0 + (i + 0.5) * uy + (j + 0.5) * vy;
      sx = sx < 0 ? 0 : sx > w - 1 ? w - 1 : sx;
      sy = sy < 0 ? 0 : sy > h - 1 ? h - 1 : sy;
      const xa = Math.floor(sx);
      const ya = Math.floor(sy);
      const xb = xa + 1 < w ? xa + 1 : xa;
      const yb = ya + 1 < h ? ya + 1 : ya;
      const fx = sx - xa;
      const fy = sy - ya;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      const p00 = (ya * w + xa) * 3;
      const p10 = (ya * w + xb) * 3;
      const p01 = (yb * w + xa) * 3;
      const p11 = (yb * w + xb) * 3;
      const r = data[p00]! * w00 + data[p10]! * w10 + data[p01]! * w01 + data[p11]! * w11;
      const g = data[p00 + 1]! * w00 + data[p10 + 1]! * w10 + data[p01 + 1]! * w01 + data[p11 + 1]! * w11;
      const b = data[p00 + 2]! * w00 + data[p10 + 2]! * w10 + data[p01 + 2]! * w01 + data[p11 + 2]! * w11;
      out[row + i] = b * sb + hb;
      out[row + planeStride + i] = g * sg + hg;
      out[row + 2 * planeStride + i] = r * sr + hr;
    }
  }
}
