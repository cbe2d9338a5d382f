/**
 * A generated image the real nsfwjs MobileNetV2 model flags, with no explicit material in it: overlapping
 * skin-tone ellipses with a radial shading on a dark background. The model reads this kind of abstract
 * flesh-coloured drawing as "Hentai" (measured: Hentai ≈ 0.88, Porn ≈ 0.03, Porn + Hentai ≈ 0.90 for
 * seed 213, the best of seeds 1–300; most seeds score well below the default 0.7 threshold).
 *
 * Deterministic: a fixed seed drives a tiny LCG, and sharp (librsvg) renders the SVG at the model's
 * input size (224×224), so the classifier sees exactly these pixels.
 */
import sharp from 'sharp';

export const FLAGGED_SEED = 213;

const SKIN_TONES = ['#f1c27d', '#e0ac69', '#c68642', '#ffdbac', '#f6c6a8', '#e8b49a', '#d99b82', '#ffcdb2'];
const BACKGROUNDS = ['#3a1f1a', '#f5e0d0', '#602020', '#ffffff', '#201010'];

function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The SVG of one "abstract skin shapes" image; exported so a test can show that other seeds pass. */
export function skinShapesSvg(seed: number, size = 224): string {
  const r = lcg(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
  const c = size / 2;
  let svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<defs><radialGradient id="g"><stop offset="0" stop-color="${pick(SKIN_TONES)}"/>` +
    `<stop offset="1" stop-color="#8a4b3a"/></radialGradient></defs>` +
    `<rect width="100%" height="100%" fill="${pick(BACKGROUNDS)}"/>`;
  const shapes = 2 + Math.floor(r() * 6);
  for (let i = 0; i < shapes; i++) {
    const cx = r() * size;
    const cy = r() * size;
    const rx = 20 + r() * 80;
    const ry = 20 + r() * 80;
    const fill = r() < 0.5 ? 'url(#g)' : pick(SKIN_TONES);
    svg += `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" transform="rotate(${r() * 180} ${c} ${c})"/>`;
  }
  if (r() < 0.5) {
    for (let i = 0; i < 2; i++)
      svg += `<circle cx="${r() * size}" cy="${r() * size}" r="${3 + r() * 8}" fill="#b5655a"/>`;
  }
  return `${svg}</svg>`;
}

export async function renderSkinShapes(seed: number): Promise<Buffer> {
  return sharp(Buffer.from(skinShapesSvg(seed)))
    .png()
    .toBuffer();
}

/** A PNG that nsfwjs (MobileNetV2) classifies as explicit above the default threshold of 0.7. */
export function renderFlaggedByClassifier(): Promise<Buffer> {
  return renderSkinShapes(FLAGGED_SEED);
}
