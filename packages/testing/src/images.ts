/**
 * Test images generated at run time (no binary fixtures in the repository): SVG text rendered by sharp/librsvg
 * with the installed DejaVu fonts, plus a few hostile files for upload and decoder tests.
 *
 * Every renderer is deterministic (fixed seeds), so a test that fails fails the same way every time.
 */
import { deflateSync, crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { prng } from './random.js';

export type ImageFormat = 'png' | 'jpeg';
export type FontKind = 'sans' | 'serif' | 'mono';

/** Realistic text, one display line per entry, for comparing OCR output with its source. */
export const SAMPLE_TEXT = {
  lectureNotes: [
    'Lecture 7: Cellular Respiration',
    'Glycolysis takes place in the cytoplasm and splits one glucose molecule',
    'into two molecules of pyruvate, with a net gain of two ATP and two NADH.',
    'The citric acid cycle runs in the mitochondrial matrix. Each turn releases',
    'two carbon dioxide molecules and produces three NADH, one FADH2 and one ATP.',
    'Oxidative phosphorylation makes most of the ATP: about 34 molecules',
    'per glucose, driven by the proton gradient across the inner membrane.',
    'Exam tip: learn where each stage happens and what it produces.',
  ],
  chat: [
    'Maria: Are we still meeting at the library on Thursday?',
    'Tom: Yes, 4 pm on the second floor. I booked room 214.',
    'Maria: Great. Can you bring the slides from last week?',
    'Tom: Sure, and I will print the practice questions too.',
    'Maria: Thanks! I still do not understand question 3 about enzymes.',
    'Tom: We can go through it together, it is easier than it looks.',
  ],
  code: [
    'export function average(values: number[]): number {',
    '  if (values.length === 0) {',
    "    throw new Error('average of an empty list');",
    '  }',
    '  const total = values.reduce((sum, v) => sum + v, 0);',
    '  return total / values.length;',
    '}',
  ],
} as const satisfies Record<string, readonly string[]>;

const FONT_FAMILY: Record<FontKind, string> = {
  sans: 'DejaVu Sans',
  serif: 'DejaVu Serif',
  mono: 'DejaVu Sans Mono',
};
/** Widest average advance of each family, in em; used to wrap lines before they leave the image. */
const CHAR_WIDTH_EM: Record<FontKind, number> = { sans: 0.6, serif: 0.58, mono: 0.61 };

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** Splits lines that would not fit in `maxWidth` pixels at word boundaries. */
function wrapLines(lines: readonly string[], fontSize: number, font: FontKind, maxWidth: number): string[] {
  const maxChars = Math.max(8, Math.floor(maxWidth / (fontSize * CHAR_WIDTH_EM[font])));
  const out: string[] = [];
  for (const line of lines) {
    if (line.length <= maxChars) {
      out.push(line);
      continue;
    }
    const indent = /^\s*/.exec(line)![0];
    let current = '';
    for (const word of line.trim().split(/\s+/)) {
      const candidate = current ? `${current} ${word}` : indent + word;
      if (candidate.length > maxChars && current) {
        out.push(current);
        current = indent + word;
      } else {
        current = candidate;
      }
    }
    if (current) out.push(current);
  }
  return out;
}

function checkLines(fn: string, lines: readonly string[]): void {
  if (!Array.isArray(lines) || lines.length === 0) throw new Error(`${fn}: lines must be a non-empty array of strings`);
}

function textElements(
  lines: readonly string[],
  opts: { x: number; y: number; fontSize: number; lineHeight: number; font: FontKind; fill: string },
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${opts.x}" y="${opts.y + i * opts.lineHeight}" font-family="${FONT_FAMILY[opts.font]}" ` +
        `font-size="${opts.fontSize}" fill="${opts.fill}" xml:space="preserve">${escapeXml(line)}</text>`,
    )
    .join('\n');
}

async function encode(image: Sharp, format: ImageFormat): Promise<Buffer> {
  return format === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

export interface ScreenshotOptions {
  lines: readonly string[];
  width?: number;
  height?: number;
  fontSize?: number;
  dark?: boolean;
  format?: ImageFormat;
  font?: FontKind;
  /** Chat style: every line in its own rounded bubble, alternating sides' colours (like a messaging app). */
  bubbles?: boolean;
}

/**
 * A UI-like screenshot: a title bar with window buttons and a search field (no text in it), a sidebar strip,
 * and the given lines in a content pane. Long lines are wrapped; text that does not fit the height is an error.
 */
export async function renderScreenshot(options: ScreenshotOptions): Promise<Buffer> {
  const { lines, width = 1280, height = 800, fontSize = 20, dark = false, format = 'png', font = 'sans' } = options;
  const bubbles = options.bubbles ?? false;
  checkLines('renderScreenshot', lines);
  const theme = dark
    ? { bg: '#1e1f22', bar: '#2b2d31', side: '#232428', field: '#383a40', text: '#dbdee1' }
    : { bg: '#ffffff', bar: '#f0f1f4', side: '#f7f8fa', field: '#ffffff', text: '#1f2328' };
  const barHeight = 56;
  const sideWidth = Math.round(width * 0.05);
  const left = sideWidth + 40;
  const lineHeight = Math.round(fontSize * (bubbles ? 2.6 : 1.55));
  const wrapped = wrapLines(lines, fontSize, font, width - left - 40);
  const top = barHeight + 36 + fontSize;
  const needed = top + (wrapped.length - 1) * lineHeight + fontSize;
  if (needed > height) {
    throw new Error(
      `renderScreenshot: ${wrapped.length} lines at ${fontSize}px need ${needed}px but the image is ${height}px high`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="${theme.bg}"/>
  <rect width="${width}" height="${barHeight}" fill="${theme.bar}"/>
  <circle cx="24" cy="28" r="7" fill="#ff5f57"/><circle cx="46" cy="28" r="7" fill="#febc2e"/><circle cx="68" cy="28" r="7" fill="#28c840"/>
  <rect x="${Math.round(width * 0.3)}" y="14" width="${Math.round(width * 0.4)}" height="28" rx="14" fill="${theme.field}" stroke="#c9ccd1"/>
  <rect x="0" y="${barHeight}" width="${sideWidth}" height="${height - barHeight}" fill="${theme.side}"/>
  ${[0, 1, 2, 3].map((i) => `<rect x="${sideWidth / 2 - 12}" y="${barHeight + 24 + i * 52}" width="24" height="24" rx="6" fill="${dark ? '#4e5058' : '#c4c8d0'}"/>`).join('')}
  ${bubbles ? bubbleElements(wrapped, { left, top, fontSize, lineHeight, font, dark }) : ''}
  ${textElements(wrapped, { x: left, y: top, fontSize, lineHeight, font, fill: theme.text })}
</svg>`;
  return encode(sharp(Buffer.from(svg)), format);
}

function bubbleElements(
  lines: readonly string[],
  o: { left: number; top: number; fontSize: number; lineHeight: number; font: FontKind; dark: boolean },
): string {
  const colours = o.dark ? ['#2f3a4f', '#3a3c42'] : ['#dcecff', '#eef0f3'];
  return lines
    .map((line, i) => {
      const w = Math.round(line.length * o.fontSize * CHAR_WIDTH_EM[o.font]) + 32;
      const y = o.top + i * o.lineHeight - o.fontSize - 12;
      return `<rect x="${o.left - 16}" y="${y}" width="${w}" height="${o.fontSize + 28}" rx="16" fill="${colours[i % 2]}"/>`;
    })
    .join('\n');
}

/** A plain document of ~12 px text (the size where tesseract needs upscaling). */
export async function renderSmallText(lines: readonly string[], options: { fontSize?: number } = {}): Promise<Buffer> {
  checkLines('renderSmallText', lines);
  const fontSize = options.fontSize ?? 12;
  const width = 760;
  const lineHeight = Math.round(fontSize * 1.5);
  const wrapped = wrapLines(lines, fontSize, 'sans', width - 40);
  const height = 20 + fontSize + wrapped.length * lineHeight + 20;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  ${textElements(wrapped, { x: 20, y: 20 + fontSize, fontSize, lineHeight, font: 'sans', fill: '#222222' })}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A "photo" of a printed page: serif text on off-white paper lying on a desk, rotated a little,
 * lit unevenly (a dark corner), slightly blurred, with sensor noise, saved as JPEG.
 */
export async function renderPhotoOfPage(
  lines: readonly string[],
  options: { angle?: number; seed?: number } = {},
): Promise<Buffer> {
  checkLines('renderPhotoOfPage', lines);
  const angle = options.angle ?? -2.5;
  const fontSize = 26;
  const pageWidth = 1300;
  const lineHeight = Math.round(fontSize * 1.6);
  const wrapped = wrapLines(lines, fontSize, 'serif', pageWidth - 140);
  const pageHeight = 90 + wrapped.length * lineHeight + 90;
  const pageSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${pageWidth}" height="${pageHeight}">
  <rect width="100%" height="100%" fill="#f3efe4"/>
  ${textElements(wrapped, { x: 70, y: 90 + fontSize, fontSize, lineHeight, font: 'serif', fill: '#2a2724' })}
</svg>`;
  const desk = { r: 120, g: 96, b: 74 };
  const page = await sharp(Buffer.from(pageSvg))
    .rotate(angle, { background: { ...desk, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const width = page.info.width + 240;
  const height = page.info.height + 200;
  const deskSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="d" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8a6d52"/><stop offset="1" stop-color="#5e4632"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#d)"/></svg>`;
  // Uneven light: bright near the top-left lamp, dim in the far corner, and the soft shadow of the phone across
  // the lower part: the dim background there is darker than the ink near the lamp, so no global threshold works.
  const lightSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><radialGradient id="l" cx="0.2" cy="0.15" r="1.1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="#aaa69e"/><stop offset="1" stop-color="#3a3732"/></radialGradient>
  <filter id="soft"><feGaussianBlur stdDeviation="18"/></filter></defs>
  <rect width="100%" height="100%" fill="url(#l)"/>
  <polygon points="${width * 0.45},${height} ${width * 0.7},${height * 0.55} ${width},${height * 0.5} ${width},${height}" fill="#4a4641" filter="url(#soft)"/></svg>`;
  const { data, info } = await sharp(Buffer.from(deskSvg))
    .composite([
      { input: page.data, left: 120, top: 100 },
      { input: Buffer.from(lightSvg), blend: 'multiply' },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const random = prng(options.seed ?? 7);
  for (let i = 0; i < data.length; i += info.channels) {
    // Roughly Gaussian luminance noise (sum of uniforms), the same on every channel of a pixel.
    const n = (random() + random() + random() - 1.5) * 22;
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + n));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .blur(0.6)
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A picture without any text: a landscape of coloured shapes (sky, sun, hills, trees, lake). */
export async function renderNoTextImage(
  options: { width?: number; height?: number; format?: ImageFormat; seed?: number } = {},
): Promise<Buffer> {
  const { width = 1024, height = 768, format = 'jpeg', seed = 42 } = options;
  const random = prng(seed);
  const horizon = height * 0.55;
  const trees: string[] = [];
  for (let i = 0; i < 28; i++) {
    const x = random() * width;
    const base = horizon + 20 + random() * height * 0.15;
    const h = 40 + random() * 90;
    const w = h * (0.35 + random() * 0.2);
    const green = `rgb(${20 + Math.round(random() * 40)},${90 + Math.round(random() * 70)},${30 + Math.round(random() * 40)})`;
    trees.push(
      `<rect x="${x - 4}" y="${base - 6}" width="8" height="18" fill="#5b3a1e"/>` +
        `<polygon points="${x - w / 2},${base} ${x + w / 2},${base} ${x},${base - h}" fill="${green}"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a7bd5"/><stop offset="1" stop-color="#bfe3ff"/></linearGradient>
    <linearGradient id="lake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f6f9f"/><stop offset="1" stop-color="#1b4060"/></linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${width * 0.78}" cy="${height * 0.2}" r="${height * 0.08}" fill="#ffd54a"/>
  <polygon points="0,${horizon} ${width * 0.2},${height * 0.28} ${width * 0.42},${horizon}" fill="#7b8794"/>
  <polygon points="${width * 0.3},${horizon} ${width * 0.55},${height * 0.22} ${width * 0.85},${horizon}" fill="#697684"/>
  <polygon points="${width * 0.5},${horizon} ${width * 0.6},${height * 0.35} ${width},${horizon}" fill="#8896a4"/>
  <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="#4f9a3c"/>
  <ellipse cx="${width * 0.35}" cy="${height * 0.85}" rx="${width * 0.25}" ry="${height * 0.08}" fill="url(#lake)"/>
  ${trees.join('\n')}
</svg>`;
  return encode(sharp(Buffer.from(svg)), format);
}

/**
 * A JPEG whose pixels are stored turned 90° anticlockwise, with EXIF Orientation 6 ("rotate 90° clockwise to
 * display"): it reads correctly only after EXIF auto-rotation, like a phone photo taken in portrait.
 */
export async function renderWithExifRotation(lines: readonly string[]): Promise<Buffer> {
  checkLines('renderWithExifRotation', lines);
  const upright = await renderScreenshot({ lines, format: 'png' });
  return sharp(upright).rotate(270).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
}

// ---- hostile files ----

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colourType;
  // compression 0, filter 0, interlace 0
  return pngChunk('IHDR', data);
}

/** A file with a valid PNG signature and header, then a truncated, garbage image body (no IEND). */
export async function corruptPng(): Promise<Buffer> {
  const random = prng(99);
  const garbage = Buffer.from(Array.from({ length: 600 }, () => Math.floor(random() * 256)));
  const idat = pngChunk('IDAT', garbage);
  return Buffer.concat([PNG_SIGNATURE, ihdr(640, 480, 8, 2), idat.subarray(0, idat.length - 200)]);
}

let bomb: Promise<Buffer> | undefined;

/**
 * A real, well-formed decompression bomb: a 1-bit greyscale PNG of 30000×30000 pixels (900 megapixels) of one
 * colour, about 110 KB on disk. Decoding it in full would need 900 MB (or 2.7 GB as RGB).
 */
export function decompressionBombPng(): Promise<Buffer> {
  bomb ??= Promise.resolve().then(() => {
    const side = 30_000;
    const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed 1-bit pixels
    const raw = Buffer.alloc(rowBytes * side); // all zero: filter 0, black pixels
    const compressed = deflateSync(raw, { level: 9 });
    return Buffer.concat([
      PNG_SIGNATURE,
      ihdr(side, side, 1, 0),
      pngChunk('IDAT', compressed),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  });
  return bomb;
}

/** Plain text content, for a file a client names "something.png". */
export async function fakePngWithTextContent(): Promise<Buffer> {
  return Buffer.from('This is a plain text file with a .png name.\nIt is not an image at all.\n', 'utf8');
}

/** A real GIF image (an accepted-looking picture in a format the service refuses). */
export async function gifImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200">
  <rect width="100%" height="100%" fill="#ffe08a"/><circle cx="100" cy="100" r="60" fill="#e4572e"/>
  <rect x="180" y="50" width="100" height="100" fill="#17bebb"/></svg>`;
  return sharp(Buffer.from(svg)).gif().toBuffer();
}
