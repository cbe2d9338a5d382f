/**
 * Image preparation for tesseract (DESIGN §4, docs/OCR.md), measured on this machine:
 * EXIF rotation first; alpha flattened onto white; greyscale; huge images scaled down. Then:
 * - screenshots (mostly flat colour) go through the layout analysis of layout.ts: every word's polarity is made dark
 *   on white against its own background (nav bars, code blocks, buttons, dark mode), pictures and filled shapes are
 *   blanked, and the columns are stacked in reading order so that tesseract cannot merge a sidebar into an article;
 * - photos (few flat pixels) are read whole: dark mode (a dark image with light-on-dark polarity) inverted, then
 *   normalise({ lower: 0, upper: 100 }) (the default percentiles ruin sparse screenshots).
 * Sauvola thresholding is a worker parameter (see engine.ts); the small-text retry is in recognize.ts.
 */
import { MAX_IMAGE_PIXELS } from '@snapnotes/contracts';
import sharp, { type Metadata } from 'sharp';
import { analyseOnThisThread, histogramMedian, meanOf, type GreyAnalyser } from './analysis.js';
import type { LayoutBlock } from './layout/index.js';

/** Images are scaled down to at most this many pixels before OCR (time grows with pixels; text stays legible). */
export const MAX_OCR_PIXELS = 12_000_000;
/** Longest side tesseract is given; beyond it, an image is scaled down whatever its pixel count. */
export const MAX_OCR_SIDE = 10_000;
export class InvalidImageError extends Error {
  /** Not transient: retrying the same bytes cannot succeed. */
  readonly retryable = false;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidImageError';
  }
}

export interface PreprocessOptions {
  /** Extra scale factor after the size cap, e.g. 2 for the small-text retry. */
  scale?: number;
  /** Pixel cap (default MAX_OCR_PIXELS). */
  maxPixels?: number;
  /** Run the screenshot layout analysis (default true); false reads every image whole, as photos are. */
  layout?: boolean;
  /** Where the pixel analysis runs (default: this thread; the OCR service uses a worker pool, analysis-pool.ts). */
  analyser?: GreyAnalyser;
  /** Straighten tilted photos first (default true; skew.ts). */
  straighten?: boolean;
}

export interface PreparedLayout {
  /** Blocks in reading order: rectangles of the analysed image and where each sits on the canvas (`pgm`). */
  blocks: LayoutBlock[];
  /** Canvas pixels per pixel of the analysed image and of `blocks` (2 after the 2× retry). */
  blockScale: number;
  /** Typical text height in pixels of the analysed image, or null. */
  textHeight: number | null;
}

export interface PreparedImage {
  /** A binary PGM (P5) greyscale image, dark text on a light background: no encoding cost, read by tesseract. */
  pgm: Buffer;
  width: number;
  height: number;
  /** True when most text was light on dark (dark mode) and was turned dark on light. */
  inverted: boolean;
  /** Overall scale from the (EXIF-oriented) source to `pgm` (to the analysed image, for a laid-out canvas). */
  scale: number;
  /** Size of the analysed image: the source after EXIF rotation and the size cap. */
  sourceWidth: number;
  sourceHeight: number;
  meanLuminance: number;
  /** Degrees the image was turned back by to straighten its lines (0: it was straight). */
  skewDeg: number;
  /** The screenshot layout (the canvas is the source cut into blocks), or null for images read whole (photos). */
  layout: PreparedLayout | null;
}

function decodeError(err: unknown): InvalidImageError {
  const reason = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(reason)) {
    return new InvalidImageError(
      `Image is too large to decode: more than ${MAX_IMAGE_PIXELS.toLocaleString('en')} pixels`,
      { cause: err },
    );
  }
  return new InvalidImageError(`Image could not be decoded (${reason.split('\n')[0]})`, { cause: err });
}

const rawGrey = (width: number, height: number) => ({ raw: { width, height, channels: 1 as const } });

function toPgm(pixels: Buffer, width: number, height: number): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'ascii'), pixels]);
}

/** The median grey of an image's outermost rows and columns. */
function borderGrey(data: Uint8Array, width: number, height: number): number {
  const hist = new Uint32Array(256);
  for (let x = 0; x < width; x++) {
    hist[data[x]!]!++;
    hist[data[(height - 1) * width + x]!]!++;
  }
  for (let y = 0; y < height; y++) {
    hist[data[y * width]!]!++;
    hist[data[y * width + width - 1]!]!++;
  }
  return histogramMedian(hist);
}

const greyBackground = (v: number) => ({ r: v, g: v, b: v, alpha: 1 });

/** Images darker than this on average are dark themes, whose coloured text is read from its brightest channel. */
const DARK_COLOUR_MEAN = 100;
/** Share of the brightest channel a pixel of a dark image is raised to. */
const DARK_COLOUR_WEIGHT = 0.7;

/**
 * Typical text height (px, the layout's median word box) above which a screen is analysed again scaled down to
 * LARGE_TEXT_TARGET. The layout analysis is made for screen text (word boxes of 12–45 px): in letters 60–100 px
 * high (a font sample, a slide, a poster) the edges of a stem are as long as a rule and are removed as one (the "l"
 * of Arial, the bar of a "T"), and a letter's counter is a panel of its own, filled in ("Segee" for Segoe).
 * Measured: a real font sample (text height 58) 12.3% CER → 0%; 3× phone screens (text height 42) read 1–2 points
 * worse when scaled down, so they are not. Of the 236 real documents two are above 48: the font sample, and a table
 * crop read exactly either way.
 */
const LARGE_TEXT_HEIGHT = 48;
const LARGE_TEXT_TARGET = 28;

/** Decodes, orients, flattens and greyscales an image, capped in size; returns 8-bit grey pixels. */
async function decodeGrey(input: Buffer, maxPixels: number) {
  if (!Buffer.isBuffer(input) || input.length === 0) throw new InvalidImageError('Image is empty');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch (err) {
    throw decodeError(err);
  }
  if (!meta.width || !meta.height) throw new InvalidImageError('Image has no dimensions');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw decodeError(new Error('pixel limit'));
  const longSide = Math.max(meta.width, meta.height);
  const cap = Math.min(1, Math.sqrt(maxPixels / (meta.width * meta.height)), MAX_OCR_SIDE / longSide);
  try {
    let pipeline = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('b-w');
    if (cap < 1) {
      // autoOrient may swap width and height: bound both by the scaled long side.
      const target = Math.max(1, Math.floor(longSide * cap));
      pipeline = pipeline.resize({ width: target, height: target, fit: 'inside' });
    }
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error(`unexpected ${info.channels} channels after greyscale`);
    const scale = cap < 1 ? Math.max(info.width, info.height) / longSide : 1;
    if (meanOf(data) < DARK_COLOUR_MEAN) {
      // Dark themes colour their keywords and links (pink, purple, orange on near-black): as luminance they are
      // dim greys, barely apart from the background, and a photo's noise finishes them off. Their brightest
      // channel is bright: each pixel takes the larger of its luminance and most of that channel (a white label
      // on a saturated blue bubble keeps most of its contrast).
      const colour = await pipeline.toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
      if (colour.info.width === info.width && colour.info.height === info.height && colour.info.channels === 3) {
        const rgb = colour.data;
        for (let i = 0, j = 0; i < data.length; i++, j += 3) {
          const value = Math.max(rgb[j]!, rgb[j + 1]!, rgb[j + 2]!) * DARK_COLOUR_WEIGHT;
          if (value > data[i]!) data[i] = Math.round(value);
        }
      }
    }
    return { data, width: info.width, height: info.height, scale };
  } catch (err) {
    throw decodeError(err);
  }
}

/** Resizes 8-bit grey pixels in a pipeline of its own: normalise and resize in one pipeline run 6× slower. */
function resizeGrey(pixels: Buffer, width: number, height: number, factor: number) {
  return sharp(pixels, rawGrey(width, height))
    .resize({
      width: Math.max(1, Math.round(width * factor)),
      height: Math.max(1, Math.round(height * factor)),
      kernel: 'cubic',
    })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/**
 * Prepares an image for OCR: EXIF auto-rotate, flatten alpha onto white, greyscale, scale down to `maxPixels`,
 * invert dark mode, stretch contrast (full range, no clipping), optionally rescale; returns a PGM.
 * Undecodable or oversized input throws InvalidImageError.
 */
export async function preprocessImage(input: Buffer, options: PreprocessOptions = {}): Promise<PreparedImage> {
  const extra = options.scale ?? 1;
  if (!(extra > 0 && extra <= 4)) throw new Error(`preprocessImage: scale must be in (0, 4], got ${extra}`);
  const grey = await decodeGrey(input, options.maxPixels ?? MAX_OCR_PIXELS);
  const analyse = options.analyser ?? analyseOnThisThread;
  const layoutWanted = options.layout !== false;
  let analysis = await analyse(grey.data, grey.width, grey.height, layoutWanted, {
    straighten: options.straighten !== false,
  });
  let skewDeg = 0;
  if (analysis.skewDeg !== 0) {
    // A tilted photo: straighten it (the corners take the colour of its border, so that a dark photo stays dark
    // and a desk stays a desk), then analyse the straight image as a photo (layout/reading-order.ts).
    skewDeg = analysis.skewDeg;
    const { data, info } = await sharp(grey.data, rawGrey(grey.width, grey.height))
      .rotate(-skewDeg, { background: greyBackground(borderGrey(grey.data, grey.width, grey.height)) })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    Object.assign(grey, { data, width: info.width, height: info.height });
    analysis = await analyse(grey.data, grey.width, grey.height, layoutWanted, { photo: true });
  }
  const large = analysis.screen?.textHeight ?? 0;
  if (large > LARGE_TEXT_HEIGHT) {
    // Large text (see LARGE_TEXT_HEIGHT): analysed and read at the size the layout is made for.
    const { data, info } = await resizeGrey(grey.data, grey.width, grey.height, LARGE_TEXT_TARGET / large);
    Object.assign(grey, {
      data,
      width: info.width,
      height: info.height,
      scale: grey.scale * (info.width / grey.width),
    });
    analysis = await analyse(grey.data, grey.width, grey.height, layoutWanted, { photo: skewDeg !== 0 });
  }
  const { meanLuminance, screen, invertWhole } = analysis;
  let data: Buffer;
  let info: { width: number; height: number; channels: number };
  let inverted: boolean;
  let layout: PreparedLayout | null = null;
  if (screen) {
    data = screen.pixels;
    info = { width: screen.width, height: screen.height, channels: 1 };
    inverted = screen.lightOnDark > 0.5;
    layout = { blocks: screen.blocks, blockScale: 1, textHeight: screen.textHeight };
  } else {
    inverted = invertWhole;
    let pipeline = sharp(grey.data, rawGrey(grey.width, grey.height));
    if (inverted) pipeline = pipeline.negate();
    ({ data, info } = await pipeline
      .normalise({ lower: 0, upper: 100 })
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true }));
  }
  if (extra !== 1) {
    ({ data, info } = await resizeGrey(data, info.width, info.height, extra));
    if (layout) layout = { ...layout, blockScale: layout.blockScale * extra };
  }
  if (info.channels !== 1) throw new Error(`preprocessImage: expected 1 channel, got ${info.channels}`);
  return {
    pgm: toPgm(data, info.width, info.height),
    width: info.width,
    height: info.height,
    inverted,
    scale: grey.scale * extra,
    sourceWidth: grey.width,
    sourceHeight: grey.height,
    meanLuminance,
    skewDeg,
    layout,
  };
}

/** Rescales an already prepared image (the 2× small-text retry) without decoding the source again. */
export async function rescalePrepared(prepared: PreparedImage, factor: number): Promise<PreparedImage> {
  if (!(factor > 0 && factor <= 4)) throw new Error(`rescalePrepared: factor must be in (0, 4], got ${factor}`);
  const pixels = prepared.pgm.subarray(prepared.pgm.length - prepared.width * prepared.height);
  const { data, info } = await resizeGrey(pixels, prepared.width, prepared.height, factor);
  return {
    ...prepared,
    pgm: toPgm(data, info.width, info.height),
    width: info.width,
    height: info.height,
    scale: prepared.scale * factor,
    layout: prepared.layout && { ...prepared.layout, blockScale: prepared.layout.blockScale * factor },
  };
}
