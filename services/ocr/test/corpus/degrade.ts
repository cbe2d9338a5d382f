/**
 * Degrades a rendered page the way a phone does (see profiles.ts): shrinking, a photo of the page (perspective and
 * rotation in one homography, uneven light, sensor noise), blur and JPEG. Deterministic for the same parameters.
 */
import sharp from 'sharp';
import { createRng } from './rng.js';
import type { DegradeParams, ImageFormat, PhotoParams } from './types.js';

/** Photos are kept within this side (the page is scaled down to fit). */
export const MAX_PHOTO_SIDE = 2000;

export interface DegradedImage {
  image: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

type Point = [number, number];

/**
 * The homography (h0…h7, h8 = 1) that maps each `from` point to its `to` point: the 8×8 linear system of the four
 * correspondences, solved by Gaussian elimination with partial pivoting.
 */
export function homography(from: readonly Point[], to: readonly Point[]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const p = a[col]![col]!;
    if (Math.abs(p) < 1e-12) throw new Error('homography: degenerate points');
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = a[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c < 9; c++) a[r]![c]! -= f * a[col]![c]!;
    }
  }
  return [...Array.from({ length: 8 }, (_, i) => a[i]![8]! / a[i]![i]!), 1];
}

export function applyHomography(h: readonly number[], x: number, y: number): Point {
  const d = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / d, (h[3]! * x + h[4]! * y + h[5]!) / d];
}

/** Where the page's corners (clockwise from top-left) land in the photo, and the photo's size. */
export function photoGeometry(
  w: number,
  h: number,
  ph: PhotoParams,
): { corners: Point[]; width: number; height: number } {
  const pts: Point[] = [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ];
  const kx = (ph.keystone * w) / 2;
  const ky = (ph.keystone * h) / 2;
  const shift: Record<PhotoParams['keystoneEdge'], [number, number, number][]> = {
    top: [
      [0, kx, 0],
      [1, -kx, 0],
    ],
    bottom: [
      [3, kx, 0],
      [2, -kx, 0],
    ],
    left: [
      [0, 0, ky],
      [3, 0, -ky],
    ],
    right: [
      [1, 0, ky],
      [2, 0, -ky],
    ],
  };
  for (const [i, dx, dy] of shift[ph.keystoneEdge]) {
    pts[i]![0] += dx;
    pts[i]![1] += dy;
  }
  const short = Math.min(w, h);
  pts.forEach((p, i) => {
    p[0] += (ph.jitter[2 * i] ?? 0) * short;
    p[1] += (ph.jitter[2 * i + 1] ?? 0) * short;
  });
  const t = (ph.rotateDeg * Math.PI) / 180;
  const rotated = pts.map(([x, y]): Point => [x * Math.cos(t) - y * Math.sin(t), x * Math.sin(t) + y * Math.cos(t)]);
  if (ph.cover) {
    // The largest rectangle of the page's shape, centred, inside the warped page (a convex quadrilateral).
    const inside = (x: number, y: number) =>
      rotated.every(([ax, ay], i) => {
        const [bx, by] = rotated[(i + 1) % 4]!;
        return (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= 0;
      });
    let [lo, hi] = [0.3, 1];
    for (let i = 0; i < 30; i++) {
      const t = (lo + hi) / 2;
      const [x, y] = [(t * w) / 2, (t * h) / 2];
      if (inside(-x, -y) && inside(x, -y) && inside(x, y) && inside(-x, y)) lo = t;
      else hi = t;
    }
    const s = Math.min(1, MAX_PHOTO_SIDE / Math.max(lo * w, lo * h));
    const width = Math.floor(lo * w * s);
    const height = Math.floor(lo * h * s);
    const corners = rotated.map(([x, y]): Point => [x * s + width / 2, y * s + height / 2]);
    return { corners, width, height };
  }
  const xs = rotated.map((p) => p[0]);
  const ys = rotated.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  let width = maxX - minX + 2 * ph.margin * w;
  let height = maxY - minY + 2 * ph.margin * h;
  const s = Math.min(1, MAX_PHOTO_SIDE / Math.max(width, height));
  width = Math.round(width * s);
  height = Math.round(height * s);
  const corners = rotated.map(([x, y]): Point => [
    (x - (minX + maxX) / 2) * s + width / 2,
    (y - (minY + maxY) / 2) * s + height / 2,
  ]);
  return { corners, width, height };
}

const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.max(0, Math.min(1, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** The photo of an RGB page: inverse mapping through the homography, bilinear sampling, light and noise. */
export function photograph(
  src: Buffer,
  w: number,
  h: number,
  ph: PhotoParams,
): { data: Buffer; width: number; height: number } {
  const { corners, width, height } = photoGeometry(w, h, ph);
  const toPage = homography(corners, [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ]);
  const out = Buffer.alloc(width * height * 3);
  const noise = createRng(ph.noiseSeed);
  const [dx, dy] = [Math.cos((ph.shadowAngleDeg * Math.PI) / 180), Math.sin((ph.shadowAngleDeg * Math.PI) / 180)];
  const half = Math.hypot(width, height) / 2;
  const cast = [1, 0.985, 0.95];
  const [h0, h1, h2, h3, h4, h5, h6, h7] = toPage as [number, number, number, number, number, number, number, number];
  const px = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const X = x + 0.5;
      const Y = y + 0.5;
      const d = h6 * X + h7 * Y + 1;
      const u = (h0 * X + h1 * Y + h2) / d;
      const v = (h3 * X + h4 * Y + h5) / d;
      // Coverage of this pixel by the page: a one-pixel soft edge.
      const cover = Math.max(0, Math.min(1, Math.min(u, w - u, v, h - v) + 0.5));
      if (cover > 0) {
        const sx = Math.max(0, Math.min(w - 1.001, u - 0.5));
        const sy = Math.max(0, Math.min(h - 1.001, v - 0.5));
        const x0 = Math.floor(sx);
        const y0 = Math.floor(sy);
        const fx = sx - x0;
        const fy = sy - y0;
        const i00 = (y0 * w + x0) * 3;
        const i10 = i00 + 3;
        const i01 = i00 + w * 3;
        const i11 = i01 + 3;
        for (let c = 0; c < 3; c++) {
          const top = src[i00 + c]! * (1 - fx) + src[i10 + c]! * fx;
          const bottom = src[i01 + c]! * (1 - fx) + src[i11 + c]! * fx;
          // A photographed screen or paper never reaches pure black: the blacks are lifted a little.
          const value = 10 + 0.93 * (top * (1 - fy) + bottom * fy);
          px[c] = cover * value + (1 - cover) * ph.background[c]!;
        }
      } else {
        px[0] = ph.background[0];
        px[1] = ph.background[1];
        px[2] = ph.background[2];
      }
      const t = ((X - width / 2) * dx + (Y - height / 2) * dy) / half;
      const rx = (X - width / 2) / (width / 2);
      const ry = (Y - height / 2) / (height / 2);
      const light = (1 - ph.shadowStrength * smoothstep(-0.3, 1, t)) * (1 - (ph.vignette * (rx * rx + ry * ry)) / 2);
      const n = (noise.next() + noise.next() + noise.next() - 1.5) * 2 * ph.noise;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = Math.max(0, Math.min(255, Math.round(px[c]! * light * cast[c]! + n)));
    }
  }
  return { data: out, width, height };
}

export async function degrade(rendered: Buffer, p: DegradeParams): Promise<DegradedImage> {
  const decoded = await sharp(rendered)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let data: Buffer = decoded.data;
  let [width, height] = [decoded.info.width, decoded.info.height];
  if (p.scale && p.scale !== 1) {
    const [w, h] = [Math.round(width * p.scale), Math.round(height * p.scale)];
    data = await sharp(data, { raw: { width, height, channels: 3 } })
      .resize(w, h, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    [width, height] = [w, h];
  }
  if (p.photo) ({ data, width, height } = photograph(data, width, height, p.photo));
  let img = sharp(data, { raw: { width, height, channels: 3 } });
  if (p.blur !== undefined && p.blur >= 0.3) img = img.blur(p.blur);
  const image =
    p.format === 'jpeg'
      ? await img.jpeg({ quality: p.quality ?? 80, chromaSubsampling: '4:2:0' }).toBuffer()
      : await img.png({ compressionLevel: 6 }).toBuffer();
  return { image, format: p.format, width, height };
}
