/**
 * The OCR path of one image, shared by the stage and the benchmark: preprocess (screenshot layout or whole photo),
 * recognise, retry small text once at 2× when confidence is low (DESIGN §4: upscaling fixes small text but costs
 * 1.5–2.5× time), clean the noise, and find the page's heading.
 */
import type { OcrEngine, OcrRecognition, PageBlock, PageBox, WordConfidence } from '@snapnotes/contracts';
import { blocksOf, type PageLine } from './blocks.js';
import type { GreyAnalyser } from './analysis.js';
import { cleanOcrLines, cleanPlainOcrText, type CleanedText } from './clean.js';
import type { OcrLine, OcrWord } from './tesseract-lines.js';
import { detectPageLanguage } from './language.js';
import {
  MAX_OCR_PIXELS,
  preprocessImage,
  rescalePrepared,
  type PreparedImage,
  type PreparedLayout,
} from './preprocess.js';
import { fontSizeOf } from './structure.js';
import { uncertainWords } from './word-confidence.js';

/** Median line-box height (px) under which text counts as small. 20 px type gives ~19 px boxes, 12 px gives ~12. */
export const SMALL_TEXT_LINE_HEIGHT = 16;
/** Confidence under which small text is read again at 2×. */
export const RETRY_BELOW_CONFIDENCE = 90;
/** A re-reading in the detected language is kept unless its confidence falls by more than this. */
export const RELANGUAGE_MAX_LOSS = 3;
/** A heading's font size is at least this many times the body text's… */
export const HEADING_MIN_RATIO = 1.45;
/** …and starts in this top share of the page. */
export const HEADING_TOP_SHARE = 0.4;

export interface RecognizeBufferResult {
  /** Cleaned text. */
  text: string;
  /** Mean word confidence of the kept words (tesseract's page confidence for engines without word data). */
  confidence: number;
  /** The words of `text` read with low confidence (OcrPageResult.uncertain); null for engines without word data. */
  uncertain: WordConfidence[] | null;
  /** True when the 2× retry ran and its result was kept. */
  upscaled: boolean;
  /** True when the retry ran (kept or not). */
  retried: boolean;
  /** True when most text was light on dark (dark mode) and was turned dark on light. */
  inverted: boolean;
  /** Median line height in pixels of the image that was kept (null when unknown). */
  lineHeight: number | null;
  /** The page's most prominent line (the largest near the top, clearly larger than the body text), or null. */
  heading: string | null;
  /** Number of layout blocks the screenshot was cut into (0 for images read whole). */
  layoutBlocks: number;
  /**
   * The page's language (tesseract code): detected from the text, or the one language asked for when the text is
   * too short to tell; null for no text or an undecided mix.
   */
  language: string | null;
  /** True when the page was read again with its detected language's data, and that reading was kept. */
  relanguaged: boolean;
  /** The page's structure, from the lines of the reading kept (blocks.ts). */
  blocks: PageBlock[];
  /** Whose reading this is: tesseract (with the layout analysis) or PP-OCRv4 (page-reader.ts chooses). */
  engine: 'tesseract' | 'pp-ocrv4';
  /** Where the time went, in ms: decoding and layout analysis, and tesseract (both readings when retried). */
  timings: { prepareMs: number; recognizeMs: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export interface RecognizeOptions {
  /** Run the screenshot layout analysis (default true); false reads the image whole, as photos are read. */
  layout?: boolean;
  /** Where the pixel analysis runs (default: this thread; the OCR service passes its worker pool). */
  analyser?: GreyAnalyser;
  /**
   * Languages a page may be detected in and re-read with (the engine's); default: only those asked for, which
   * turns the re-reading off.
   */
  detectLanguages?: readonly string[];
  /** Straighten tilted photos before reading them (default true; skew.ts). */
  straighten?: boolean;
}

function linesOf(rec: OcrRecognition): OcrLine[] | null {
  const lines = (rec as { lines?: unknown }).lines;
  return Array.isArray(lines) ? (lines as OcrLine[]) : null;
}

/** A recognised line placed back on the analysed image (the canvas is that image cut into blocks and stacked). */
export interface PlacedLine {
  line: OcrLine;
  block: number;
  /** Top in pixels of the analysed image. */
  top: number;
  /** Font size estimate in pixels of the analysed image. */
  height: number;
}

/** A line's font size: the median of its words' (the line box's height when no word tells). */
function fontSizeOfLine(line: OcrLine): number {
  const sizes = line.words.map(fontSizeOf).filter((v): v is number => v !== null);
  return sizes.length ? median(sizes) : line.height;
}

/**
 * The layout block whose canvas rows hold canvas row `y` (in pixels of the analysed image), or, in the padding
 * between blocks, the one above; 0 above the first.
 */
function blockIndexAt(layout: PreparedLayout, y: number): number {
  let index = 0;
  layout.blocks.forEach((b, i) => {
    if (b.canvasY <= y) index = i;
  });
  return index;
}

function place(lines: OcrLine[], prepared: PreparedImage): PlacedLine[] {
  const out: PlacedLine[] = [];
  const layout = prepared.layout;
  for (const line of lines) {
    if (line.words.length === 0 || line.top === undefined) continue;
    if (!layout) {
      out.push({ line, block: 0, top: line.top, height: fontSizeOfLine(line) });
      continue;
    }
    const k = layout.blockScale;
    const index = blockIndexAt(layout, (line.top + line.height / 2) / k);
    const b = layout.blocks[index];
    if (!b) continue;
    out.push({
      line,
      block: index,
      top: b.y + (line.top / k - b.canvasY) / b.scale,
      height: fontSizeOfLine(line) / k / b.scale,
    });
  }
  return out;
}

/** Inserts a paragraph break wherever the next line comes from another layout block (another column or panel). */
function withBlockBreaks(lines: OcrLine[], placed: PlacedLine[]): OcrLine[] {
  const blockOf = new Map(placed.map((p) => [p.line, p.block]));
  const out: OcrLine[] = [];
  let last: number | undefined;
  for (const line of lines) {
    const block = blockOf.get(line);
    if (block !== undefined && last !== undefined && block !== last && out[out.length - 1]?.words.length) {
      out.push({ text: '', words: [], confidence: 100, height: 0 });
    }
    if (block !== undefined) last = block;
    out.push(line);
  }
  return out;
}

/**
 * The page's heading: the tallest well-read line in the top part of the page that is clearly larger than the body
 * text (font sizes estimated from word boxes) and than any other line there, with the next line of the same block
 * when the heading wraps onto it.
 */
export function findHeading(placed: readonly PlacedLine[], pageHeight: number): string | null {
  const textLines = placed.filter((p) => p.line.words.some((w) => /[\p{L}\p{N}]/u.test(w.text)));
  if (textLines.length < 2) return null;
  // The body's font size: the median over every character of the page (long paragraphs outweigh menus).
  const sizes: { size: number; weight: number }[] = [];
  for (const p of textLines) {
    for (const w of p.line.words) {
      const size = fontSizeOf(w);
      if (size !== null) sizes.push({ size: (size * p.height) / fontSizeOfLine(p.line), weight: w.text.length });
    }
  }
  if (sizes.length === 0) return null;
  sizes.sort((a, b) => a.size - b.size);
  const total = sizes.reduce((n, s) => n + s.weight, 0);
  let acc = 0;
  let body = sizes[0]!.size;
  for (const s of sizes) {
    acc += s.weight;
    body = s.size;
    if (acc >= total / 2) break;
  }
  const candidates = textLines.filter(
    (p) =>
      p.top < HEADING_TOP_SHARE * pageHeight &&
      p.height >= HEADING_MIN_RATIO * body &&
      p.line.confidence >= 70 &&
      p.line.words.length <= 12 &&
      (p.line.text.match(/\p{L}/gu) ?? []).length >= 3,
  );
  if (candidates.length === 0) return null;
  const tallest = Math.max(...candidates.map((p) => p.height));
  const best = candidates.filter((p) => p.height >= 0.9 * tallest).sort((a, b) => a.top - b.top)[0]!;
  const parts = [best.line];
  const at = textLines.indexOf(best);
  const next = textLines[at + 1];
  if (
    next &&
    next.block === best.block &&
    Math.abs(next.height - best.height) <= 0.15 * best.height &&
    next.top - best.top < 2 * best.height
  ) {
    parts.push(next.line);
  }
  // Prominent means unique: several lines of that size (menu items, card titles) are not the page's heading.
  const rivals = candidates.filter((p) => !parts.includes(p.line) && p.height >= 0.9 * best.height);
  if (rivals.length > 0) return null;
  const text = cleanOcrLines(parts).text.replace(/\s+/g, ' ').trim();
  return text.length >= 3 && text.length <= 120 ? text : null;
}

/**
 * Where a line's words stand on the uploaded image: from the canvas through its layout block to the analysed image
 * (approximate where the canvas narrowed white gaps), then to the source's pixels. Null when no word has a box.
 */
function sourceBox(words: readonly OcrWord[], prepared: PreparedImage): PageBox | null {
  const boxed = words.filter(
    (w): w is Required<OcrWord> =>
      w.left !== undefined && w.top !== undefined && w.width !== undefined && w.height !== undefined,
  );
  if (boxed.length === 0) return null;
  let left = Math.min(...boxed.map((w) => w.left));
  let top = Math.min(...boxed.map((w) => w.top));
  let right = Math.max(...boxed.map((w) => w.left + w.width));
  let bottom = Math.max(...boxed.map((w) => w.top + w.height));
  const layout = prepared.layout;
  let perSource = prepared.scale;
  if (layout) {
    const k = layout.blockScale;
    perSource = prepared.scale / k;
    const b = layout.blocks[blockIndexAt(layout, (top + bottom) / 2 / k)];
    if (b) {
      const ax = (x: number) => b.x + (x / k - b.canvasX) / b.scale;
      const ay = (y: number) => b.y + (y / k - b.canvasY) / b.scale;
      [left, top, right, bottom] = [ax(left), ay(top), ax(right), ay(bottom)];
    }
  }
  const px = (v: number) => Math.max(0, Math.round(v / perSource));
  return [px(left), px(top), Math.max(0, px(right) - px(left)), Math.max(0, px(bottom) - px(top))];
}

/** The cleaned text's lines with their confidences and boxes on the uploaded image, for the page's structure. */
function pageLines(cleaned: CleanedText, prepared: PreparedImage): (PageLine | null)[] {
  return cleaned.lines.map((line) => {
    if (!line) return null;
    const confidence = line.words.length ? line.words.reduce((n, w) => n + w.confidence, 0) / line.words.length : 0;
    return { text: line.text, confidence, box: sourceBox(line.words, prepared) ?? [0, 0, 0, 0] };
  });
}

function clean(
  rec: OcrRecognition,
  prepared: PreparedImage,
): CleanedText & {
  lineHeight: number | null;
  heading: string | null;
  uncertain: WordConfidence[] | null;
  blocks: PageBlock[];
} {
  const lines = linesOf(rec);
  if (!lines)
    return {
      text: cleanPlainOcrText(rec.text),
      lines: [],
      blocks: [],
      confidence: rec.confidence,
      keptLines: 0,
      droppedLines: 0,
      lineHeight: null,
      heading: null,
      uncertain: null,
    };
  const heights = lines
    .filter((l) => l.words.length > 0)
    .map((l) => l.height)
    .sort((a, b) => a - b);
  const placed = place(lines, prepared);
  const pageHeight = prepared.layout ? prepared.sourceHeight : prepared.height;
  const cleaned = cleanOcrLines(prepared.layout ? withBlockBreaks(lines, placed) : lines);
  const heading = findHeading(placed, pageHeight);
  return {
    ...cleaned,
    lineHeight: heights.length ? heights[heights.length >> 1]! : null,
    heading,
    uncertain: uncertainWords(lines, cleaned.text),
    blocks: blocksOf(pageLines(cleaned, prepared), heading),
  };
}

/**
 * Runs preprocess + recognition exactly as the OCR stage does. Throws InvalidImageError for undecodable or
 * oversized images, UnsupportedLanguageError for languages the engine lacks; other errors are transient.
 */
export async function recognizeBuffer(
  engine: OcrEngine,
  buffer: Buffer,
  languages: string[],
  options: RecognizeOptions = {},
): Promise<RecognizeBufferResult> {
  const t0 = performance.now();
  const prepared: PreparedImage = await preprocessImage(buffer, {
    layout: options.layout,
    analyser: options.analyser,
    straighten: options.straighten,
  });
  const t1 = performance.now();
  let used = languages;
  let first = clean(await engine.recognize(prepared.pgm, used), prepared);
  const timings = { prepareMs: Math.round(t1 - t0), recognizeMs: Math.round(performance.now() - t1) };
  // The language: told from the first reading among the languages the engine has; a page in another language than
  // the ones asked for is read again with its own data (accents, ß, ñ), on the same prepared image.
  const candidates = options.detectLanguages ?? [];
  let language = await detectPageLanguage(first.text, candidates.length ? candidates : languages);
  let relanguaged = false;
  if (language !== null && !used.includes(language)) {
    const t2 = performance.now();
    const again = clean(await engine.recognize(prepared.pgm, [language]), prepared);
    timings.recognizeMs += Math.round(performance.now() - t2);
    // Kept unless clearly worse: the right language's data reads the page's own letters with higher confidence.
    if (again.confidence >= first.confidence - RELANGUAGE_MAX_LOSS) {
      first = again;
      used = [language];
      relanguaged = true;
    } else {
      language = null;
    }
  }
  if (language === null && languages.length === 1 && first.text.length > 0) language = languages[0]!;
  const result: RecognizeBufferResult = {
    text: first.text,
    confidence: first.confidence,
    uncertain: first.uncertain,
    upscaled: false,
    retried: false,
    inverted: prepared.inverted,
    lineHeight: first.lineHeight,
    heading: first.heading,
    layoutBlocks: prepared.layout?.blocks.length ?? 0,
    language,
    relanguaged,
    blocks: first.blocks,
    engine: 'tesseract',
    timings,
  };
  const small = first.lineHeight !== null && first.lineHeight < SMALL_TEXT_LINE_HEIGHT;
  const fits = prepared.width * prepared.height * 4 <= MAX_OCR_PIXELS;
  if (small && first.confidence < RETRY_BELOW_CONFIDENCE && fits) {
    const t2 = performance.now();
    const larger = await rescalePrepared(prepared, 2);
    const t3 = performance.now();
    const second = clean(await engine.recognize(larger.pgm, used), larger);
    timings.prepareMs += Math.round(t3 - t2);
    timings.recognizeMs += Math.round(performance.now() - t3);
    result.retried = true;
    if (second.confidence > first.confidence) {
      Object.assign(result, {
        text: second.text,
        confidence: second.confidence,
        uncertain: second.uncertain,
        upscaled: true,
        lineHeight: second.lineHeight,
        heading: second.heading,
        blocks: second.blocks,
      });
    }
  }
  return result;
}
