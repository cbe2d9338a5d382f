/**
 * The CPU-heavy, pure-JavaScript half of image preparation: from 8-bit grey pixels, the mean luminance, the
 * screenshot layout analysis (layout.ts) and, for images read whole, whether they are dark mode. It imports no native
 * module, so it runs the same on the main thread (tests, tools) and in the OCR service's worker threads
 * (analysis-pool.ts), where its 30–150 ms per screenshot and its large temporary arrays neither block the event loop
 * nor load the main thread's garbage collector.
 */
import { analyseScreen, type ScreenLayout } from './layout/index.js';
import { estimateSkew } from './skew.js';

/** Mean luminance (0–255) under which an image may be dark mode (then its polarity decides). */
export const DARK_MEAN_LUMINANCE = 128;
/**
 * Polarity ratio above which a dark image is light-on-dark content (dark mode) and is inverted. Measured on the
 * generated images: dark-mode screenshots 2.5, light screenshots 0.4, a light page photographed on a dark desk 0.8
 * (its mean luminance is low, but inverting it ruins the reading: CER 4% → 25%).
 */
export const DARK_POLARITY_RATIO = 1.4;

/**
 * How much pixels sit below the brightest pixel near them versus above the darkest one (within ±radius on the same
 * row, sampled every few rows). Dark text on a light background gives < 1 (most pixels are background, at the local
 * maximum); light text on a dark background gives > 1.
 */
export function polarityRatio(data: Uint8Array, width: number, height: number, radius = 8, rowStep = 3): number {
  let belowMax = 0;
  let aboveMin = 0;
  for (let y = 0; y < height; y += rowStep) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const from = row + Math.max(0, x - radius);
      const to = row + Math.min(width - 1, x + radius);
      let max = 0;
      let min = 255;
      for (let i = from; i <= to; i++) {
        const v = data[i]!;
        if (v > max) max = v;
        if (v < min) min = v;
      }
      const v = data[row + x]!;
      belowMax += max - v;
      aboveMin += v - min;
    }
  }
  return aboveMin === 0 ? (belowMax === 0 ? 1 : Infinity) : belowMax / aboveMin;
}

/** A pixel this far above (below) the median grey stands out as bright (dark). */
const OUTLIER_DISTANCE = 50;
/**
 * A dark image whose only outliers are a few bright pixels (at most this share) is light text on a dark ground, even
 * when sensor noise hides it from the polarity ratio (a photo of a dark editor); a light page on a dark desk has
 * far more bright pixels than that (the page) and is not inverted.
 */
const MAX_BRIGHT_TEXT_SHARE = 0.15;

/** The median grey of a 256-bin histogram (0 for an empty one). */
export function histogramMedian(hist: Uint32Array): number {
  let total = 0;
  for (let v = 0; v < 256; v++) total += hist[v]!;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v]!;
    if (seen >= total / 2) return v;
  }
  return 255;
}

/** Shares of pixels standing out brighter and darker than the median grey. */
export function outlierShares(data: Uint8Array): { bright: number; dark: number } {
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]!]!++;
  const median = histogramMedian(hist);
  let bright = 0;
  let dark = 0;
  for (let v = 0; v < 256; v++) {
    if (v > median + OUTLIER_DISTANCE) bright += hist[v]!;
    else if (v < median - OUTLIER_DISTANCE) dark += hist[v]!;
  }
  return data.length ? { bright: bright / data.length, dark: dark / data.length } : { bright: 0, dark: 0 };
}

/** Whether an image read whole is light on dark (dark mode, on screen or photographed) and must be inverted. */
function isLightOnDark(grey: Uint8Array, width: number, height: number, meanLuminance: number): boolean {
  if (meanLuminance >= DARK_MEAN_LUMINANCE) return false;
  if (polarityRatio(grey, width, height) > DARK_POLARITY_RATIO) return true;
  const { bright, dark } = outlierShares(grey);
  return bright > 0.003 && bright <= MAX_BRIGHT_TEXT_SHARE && dark < bright / 10;
}

/** The mean of 8-bit values (0 for none). */
export function meanOf(data: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += data[i]!;
  return data.length ? sum / data.length : 0;
}

export interface GreyAnalysis {
  meanLuminance: number;
  /** The screenshot layout, or null for an image read whole (a photo, or when layout analysis is off). */
  screen: ScreenLayout | null;
  /** For an image read whole: true when it is light on dark (dark mode) and must be inverted. */
  invertWhole: boolean;
  /**
   * When asked to straighten: the tilt of the text lines (degrees, skew.ts) when it is large enough to matter.
   * Then nothing else was analysed: the caller rotates the image by −skewDeg and analyses it again.
   */
  skewDeg: number;
}

export interface AnalysisOptions {
  /** Measure the skew first (and stop there when the image is tilted). */
  straighten?: boolean;
  /** The image is a photo (it was straightened): its backgrounds vary with the light, not with panels. */
  photo?: boolean;
}

/** Analyses 8-bit grey pixels (width × height), synchronously; first measures their skew when `straighten`. */
export function analyseGrey(
  grey: Uint8Array,
  width: number,
  height: number,
  layout: boolean,
  options: AnalysisOptions = {},
): GreyAnalysis {
  const meanLuminance = meanOf(grey);
  const skewDeg = options.straighten ? estimateSkew(grey, width, height) : 0;
  if (skewDeg !== 0) return { meanLuminance, screen: null, invertWhole: false, skewDeg };
  const screen = layout ? analyseScreen(grey, width, height, { photo: options.photo }) : null;
  const invertWhole = !screen && isLightOnDark(grey, width, height, meanLuminance);
  return { meanLuminance, screen, invertWhole, skewDeg: 0 };
}

/** Runs `analyseGrey` somewhere: on this thread (the default) or in a worker thread (analysis-pool.ts). */
export type GreyAnalyser = (
  grey: Buffer,
  width: number,
  height: number,
  layout: boolean,
  options?: AnalysisOptions,
) => Promise<GreyAnalysis>;

export const analyseOnThisThread: GreyAnalyser = async (grey, width, height, layout, options) =>
  analyseGrey(grey, width, height, layout, options);
