/** The OCR corpus: images made by code (HTML rendered in Chromium, then degraded with sharp), each with its truth. */

export const CATEGORIES = [
  'code-light',
  'code-dark',
  'table',
  'receipt',
  'chat-light',
  'chat-dark',
  'chat-bubbles',
  'low-contrast',
  'social',
  'slide',
  'article-2col',
  'small-text',
  'phone',
  'lang-fra',
  'lang-deu',
  'lang-spa',
  'lang-ita',
  'lang-por',
  'lang-nld',
  'no-text',
] as const;

export type Category = (typeof CATEGORIES)[number];
export type ImageFormat = 'png' | 'jpeg';

/** A photo taken of the rendered page: the page warped onto a background, lit unevenly, with sensor noise. */
export interface PhotoParams {
  /** Rotation of the page in the photo, degrees (signed; 1–4 in magnitude). */
  rotateDeg: number;
  /** Keystone: how much shorter (fraction of its length) the far edge of the page is. */
  keystone: number;
  keystoneEdge: 'top' | 'bottom' | 'left' | 'right';
  /** Eight small offsets of the corners (x, y of each, clockwise from top-left), fractions of the shorter side. */
  jitter: number[];
  /** Background around the page, as a fraction of each side. */
  margin: number;
  /**
   * The page fills the whole photo (no margin): the photo is the largest rectangle of the page's shape inside the
   * warped page (for pages that are themselves a scene, such as a receipt on a table).
   */
  cover?: boolean;
  /** Colour of what lies around the page (a desk, a dark bezel). */
  background: [number, number, number];
  /** Direction the shadow comes from, degrees (0 = from the left, 90 = from the top). */
  shadowAngleDeg: number;
  /** Darkening at the shadowed side, 0–1. */
  shadowStrength: number;
  /** Darkening in the corners, 0–1. */
  vignette: number;
  /** Standard deviation of the luminance noise, grey levels. */
  noise: number;
  noiseSeed: number;
}

/** How a rendered page is degraded before OCR (fully decided when the spec is made, so it is part of the cache key). */
export interface DegradeParams {
  format: ImageFormat;
  /** JPEG quality, for format 'jpeg'. */
  quality?: number;
  /** Gaussian blur sigma in output pixels (none when absent or < 0.3). */
  blur?: number;
  /** Resize factor applied to the render first (a messaging app shrinking a screenshot); 1 when absent. */
  scale?: number;
  photo?: PhotoParams;
}

/** One image to make: its HTML, viewport, truth and degradation. Pure data, made by a seeded generator. */
export interface CorpusSpec {
  id: string;
  category: Category;
  /** A short description for listings ("TypeScript, Dark+ theme"). */
  note: string;
  html: string;
  /** Viewport in CSS pixels and device scale factor. */
  width: number;
  height: number;
  scale: number;
  /** What a person reads on the image, in reading order (lines; TAB between cells where the brief says so). */
  truth: string;
  hasText: boolean;
  degrade: DegradeParams;
}

export interface CorpusImage {
  id: string;
  category: Category;
  note: string;
  format: ImageFormat;
  /** The encoded image (PNG or JPEG, see `format`). */
  image: Buffer;
  width: number;
  height: number;
  truth: string;
  hasText: boolean;
  /** The degradation applied, in words ("photo: rotated -2.1°, keystone 4%…, JPEG q78"). */
  degradation: string;
}

/** The part of a spec a category generator makes; the id and degradation are added by the corpus. */
export type SpecDraft = Omit<CorpusSpec, 'id' | 'category'>;
