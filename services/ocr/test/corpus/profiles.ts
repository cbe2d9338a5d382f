/**
 * Degradations as a phone would make them, chosen by a seeded generator when a spec is made. A person must still
 * read every word with ease: blur stays below one pixel, JPEG quality at 60 or more, rotation at most 4°.
 */
import type { Rng } from './rng.js';
import type { DegradeParams, PhotoParams } from './types.js';

/**
 * - png: the screenshot as the phone saved it.
 * - jpeg: re-encoded by a messaging app (quality 60–90), sometimes shrunk a little and softened.
 * - photo: a photo of the screen or the paper: warped (keystone, corner jitter), rotated 1–4°, a shadow across it,
 *   sensor noise, slight blur, JPEG.
 */
export type DegradeKind = 'png' | 'jpeg' | 'photo';

export interface PhotoOptions {
  /** What lies around the page: a dark desk or bezel for screens, the page's own background for receipts. */
  background?: [number, number, number];
  /** Upper bound of the shadow's strength (default 0.35). */
  maxShadow?: number;
  /** The page fills the photo (see PhotoParams.cover). */
  cover?: boolean;
  /** Edges that may be the far one (default all four). */
  keystoneEdges?: readonly PhotoParams['keystoneEdge'][];
}

export function photoParams(rng: Rng, options: PhotoOptions = {}): PhotoParams {
  const edges = options.keystoneEdges ?? (['top', 'bottom', 'left', 'right'] as const);
  const base =
    options.background ??
    rng.pick<[number, number, number]>([
      [38, 36, 34],
      [52, 47, 44],
      [28, 30, 36],
      [86, 70, 54],
    ]);
  return {
    rotateDeg: round(rng.range(1, 4) * (rng.chance(0.5) ? -1 : 1), 2),
    keystone: round(rng.range(0.01, 0.035), 3),
    keystoneEdge: rng.pick(edges),
    jitter: Array.from({ length: 8 }, () => round(rng.range(-0.012, 0.012), 4)),
    margin: round(rng.range(0.04, 0.08), 3),
    background: base,
    shadowAngleDeg: rng.int(0, 359),
    shadowStrength: round(rng.range(0.12, options.maxShadow ?? 0.35), 2),
    vignette: round(rng.range(0.05, 0.18), 2),
    noise: round(rng.range(2, 5), 1),
    noiseSeed: rng.int(1, 1_000_000),
    ...(options.cover ? { cover: true } : {}),
  };
}

export function degradeParams(rng: Rng, kind: DegradeKind, options: PhotoOptions = {}): DegradeParams {
  switch (kind) {
    case 'png':
      return { format: 'png' };
    case 'jpeg': {
      const params: DegradeParams = { format: 'jpeg', quality: rng.int(60, 90) };
      if (rng.chance(0.4)) params.scale = round(rng.range(0.8, 0.95), 2);
      if (rng.chance(0.4)) params.blur = round(rng.range(0.4, 0.7), 2);
      return params;
    }
    case 'photo':
      return {
        format: 'jpeg',
        quality: rng.int(70, 88),
        blur: round(rng.range(0.5, 0.9), 2),
        photo: photoParams(rng, options),
      };
  }
}

/** The kinds used in turn for a category's images (index 0 gets the first, and so on). */
export function kindFor(index: number, cycle: readonly DegradeKind[]): DegradeKind {
  return cycle[index % cycle.length]!;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export function describeDegradation(p: DegradeParams): string {
  const parts: string[] = [];
  if (p.scale && p.scale !== 1) parts.push(`scaled ×${p.scale}`);
  if (p.photo) {
    const ph = p.photo;
    parts.push(
      `photo: rotated ${ph.rotateDeg}°, keystone ${(ph.keystone * 100).toFixed(1)}% (${ph.keystoneEdge}), ` +
        `shadow ${ph.shadowStrength} from ${ph.shadowAngleDeg}°, noise ${ph.noise}`,
    );
  }
  if (p.blur && p.blur >= 0.3) parts.push(`blur ${p.blur}`);
  parts.push(p.format === 'jpeg' ? `JPEG q${p.quality}` : 'PNG');
  return parts.join(', ');
}
