/** Test images made with sharp: a noisy "photo", a flat graphic, a line drawing. Deterministic (seeded noise). */
import sharp from 'sharp';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A photo-like image: sky-blue top, green bottom, smooth gradients and sensor noise. */
export async function photoImage(
  width = 320,
  height = 200,
  opts: { dark?: boolean; format?: 'jpeg' | 'png' } = {},
): Promise<Buffer> {
  const rand = rng(42);
  const px = Buffer.alloc(width * height * 3);
  const scale = opts.dark ? 0.2 : 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sky = y < height * 0.55;
      const t = x / width;
      const noise = () => (rand() - 0.5) * 40;
      const [r, g, b] = sky ? [60 + 40 * t, 130 + 30 * t, 220 - 20 * t] : [40 + 30 * t, 150 - 30 * t, 50 + 20 * t];
      const i = (y * width + x) * 3;
      px[i] = Math.max(0, Math.min(255, (r + noise()) * scale));
      px[i + 1] = Math.max(0, Math.min(255, (g + noise()) * scale));
      px[i + 2] = Math.max(0, Math.min(255, (b + noise()) * scale));
    }
  }
  const img = sharp(px, { raw: { width, height, channels: 3 } });
  return opts.format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 90 }).toBuffer();
}

/** A flat graphic: navy background with a red block and a yellow circle. */
export async function graphicImage(size = 400): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="100%" height="100%" fill="#1b2a6b"/>
    <rect x="${size * 0.1}" y="${size * 0.1}" width="${size * 0.45}" height="${size * 0.45}" fill="#d62828"/>
    <circle cx="${size * 0.72}" cy="${size * 0.72}" r="${size * 0.15}" fill="#ffd60a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A line drawing: thin dark lines and boxes on white. */
export async function drawingImage(width = 300, height = 500): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#ffffff"/>
    <rect x="40" y="40" width="120" height="60" fill="none" stroke="#111111" stroke-width="3"/>
    <rect x="140" y="300" width="120" height="60" fill="none" stroke="#111111" stroke-width="3"/>
    <line x1="100" y1="100" x2="200" y2="300" stroke="#111111" stroke-width="3"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
