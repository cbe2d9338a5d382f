/**
 * PaddleOCR PP-OCRv4's reading of a page (paddle/): its text boxes put back into rows (a table's cells on one line,
 * TABs between them), as a reading of the OCR engine. page-reader.ts decides when it is asked.
 */
import { boxUnion, OCR_UNCERTAIN_BELOW, type PageBox, type WordConfidence } from '@snapnotes/contracts';
import { blocksOf, meanConfidence, type PageLine } from './blocks.js';
import type { PaddleLine } from './paddle/index.js';
import type { RecognizeBufferResult } from './recognize.js';
import { CELL_GAP_EM } from './structure.js';

/** Boxes whose centres, across the text direction, are within this share of the smaller text height sit on one row. */
const SAME_ROW = 0.5;

/** A detected line in the page's own frame: along its text direction (x) and across it (y). */
interface Placed {
  line: PaddleLine;
  x: number;
  y: number;
  /** The line's own width and height (its rotated rectangle's, not the enclosing box's). */
  width: number;
  height: number;
}

/**
 * A rotated line's own width and height from its enclosing box and angle: the box is w·cos φ + h·sin φ wide and
 * w·sin φ + h·cos φ high.
 */
function ownSize(box: PaddleLine['box']): { width: number; height: number } {
  if (!box.angle) return { width: box.width, height: box.height };
  const phi = (Math.abs(box.angle) * Math.PI) / 180;
  const c = Math.cos(phi);
  const s = Math.sin(phi);
  const d = c * c - s * s;
  if (d < 0.3) return { width: box.width, height: box.height };
  return {
    width: Math.max(1, (box.width * c - box.height * s) / d),
    height: Math.max(1, (box.height * c - box.width * s) / d),
  };
}

/**
 * The direction of the page's text, in radians: the median angle of its lines, weighted by their length (a tilted
 * photo tilts every line alike; boxes drawn straight count as 0°).
 */
function pageAngle(lines: readonly PaddleLine[]): number {
  const angles = lines.map((l) => ({ a: l.box.angle ?? 0, w: l.box.width })).sort((p, q) => p.a - q.a);
  const total = angles.reduce((n, a) => n + a.w, 0);
  let acc = 0;
  for (const a of angles) {
    acc += a.w;
    if (acc >= total / 2) return (a.a * Math.PI) / 180;
  }
  return 0;
}

interface Row {
  members: Placed[];
  y: number;
  height: number;
}

/** Boxes (sorted across the text direction) in rows: those within half a line height of the row's centre. */
function groupRows(placed: readonly Placed[]): Row[] {
  const rows: Row[] = [];
  for (const p of placed) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(p.y - row.y) <= SAME_ROW * Math.min(row.height, p.height)) {
      row.members.push(p);
      row.y += (p.y - row.y) / row.members.length;
      row.height = Math.min(row.height, p.height);
    } else {
      rows.push({ members: [p], y: p.y, height: p.height });
    }
  }
  return rows;
}

/** Lines of running text fill their column: at least this share of its width. */
const PROSE_FILL = 0.6;
/** A column of running text has at least this many such lines. */
const PROSE_MIN_LINES = 4;

/**
 * Where two columns of running text meet (x along the text direction), or null. PP-OCRv4 finds each column's lines
 * as boxes of their own, and their baselines often line up across the gutter: read as rows, the two columns would
 * be interleaved line by line. A gutter is the emptiest stretch of the middle of the page (at most one box in
 * twenty crossing it, those being titles and captions) with at least four lines on each side that fill their
 * column. A table's cells, a receipt's prices and a form's labels do not fill a column, so they stay rows.
 */
function proseGutter(placed: readonly Placed[]): number | null {
  if (placed.length < 2 * PROSE_MIN_LINES) return null;
  const left = Math.min(...placed.map((p) => p.x - p.width / 2));
  const right = Math.max(...placed.map((p) => p.x + p.width / 2));
  const span = Math.round(right - left);
  if (span < 50) return null;
  const cover = new Uint16Array(span + 1);
  for (const p of placed) {
    const from = Math.max(0, Math.floor(p.x - p.width / 2 - left));
    const to = Math.min(span, Math.ceil(p.x + p.width / 2 - left));
    for (let x = from; x <= to; x++) cover[x]!++;
  }
  let best = -1;
  for (let x = Math.round(0.3 * span); x <= Math.round(0.7 * span); x++) {
    if (best < 0 || cover[x]! < cover[best]!) best = x;
  }
  if (best < 0 || cover[best]! > Math.max(1, 0.05 * placed.length)) return null;
  const gutter = left + best;
  const fills = (side: Placed[], width: number) => {
    const full = side.filter((p) => p.width >= PROSE_FILL * width).length;
    return full >= PROSE_MIN_LINES && full >= 0.5 * side.length;
  };
  const leftSide = placed.filter((p) => p.x + p.width / 2 <= gutter);
  const rightSide = placed.filter((p) => p.x - p.width / 2 >= gutter);
  return fills(leftSide, gutter - left) && fills(rightSide, right - gutter) ? gutter : null;
}

/**
 * Text boxes in reading rows: top to bottom, each row left to right, cells apart by a TAB. Rows are found across
 * the page's text direction, so a photo taken at an angle (±10° and more) keeps an item and its price on one row:
 * each box's centre is turned by the page's angle, and boxes whose turned centres are within half a line height of
 * the row's are one row, however far apart they are along it (a table's cells, a label and its value). Two columns
 * of running text are read one after the other (proseGutter).
 */
export function rowsOf(lines: readonly PaddleLine[]): {
  text: string;
  words: { line: PaddleLine; at: number }[];
  /** The rows as lines of the page's text, with their boxes (for the page's structure, blocks.ts). */
  rows: PageLine[];
} {
  const theta = pageAngle(lines);
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const placed: Placed[] = lines.map((line) => {
    const cx = line.box.left + line.box.width / 2;
    const cy = line.box.top + line.box.height / 2;
    return { line, x: cx * cos + cy * sin, y: -cx * sin + cy * cos, ...ownSize(line.box) };
  });
  placed.sort((a, b) => a.y - b.y);
  const gutter = proseGutter(placed);
  let rows: Row[];
  if (gutter === null) rows = groupRows(placed);
  else {
    // Two columns of running text: within each stretch between lines that span the gutter (a title, a figure's
    // caption), the left column's rows, then the right column's.
    rows = [];
    let band: Placed[] = [];
    const flush = () => {
      rows.push(...groupRows(band.filter((p) => p.x < gutter)), ...groupRows(band.filter((p) => p.x >= gutter)));
      band = [];
    };
    for (const p of placed) {
      if (p.x - p.width / 2 < gutter && p.x + p.width / 2 > gutter) {
        flush();
        rows.push(...groupRows([p]));
      } else band.push(p);
    }
    flush();
  }
  let text = '';
  const words: { line: PaddleLine; at: number }[] = [];
  const out: PageLine[] = [];
  rows.forEach(({ members }, r) => {
    if (r > 0) text += '\n';
    const start = text.length;
    members.sort((a, b) => a.x - a.width / 2 - (b.x - b.width / 2));
    members.forEach((p, i) => {
      const prev = members[i - 1];
      if (prev) {
        const gap = p.x - p.width / 2 - (prev.x + prev.width / 2);
        // A box's height is about 1.2 em.
        text += gap >= (CELL_GAP_EM * Math.min(prev.height, p.height)) / 1.2 ? '\t' : ' ';
      }
      words.push({ line: p.line, at: text.length });
      text += p.line.text;
    });
    const box = boxUnion(members.map(({ line: { box: b } }): PageBox => [b.left, b.top, b.width, b.height]));
    out.push({
      text: text.slice(start),
      confidence: meanConfidence(members.map((p) => p.line)),
      box: box.map((v) => Math.max(0, Math.round(v))) as PageBox,
    });
  });
  return { text, words, rows: out };
}

/** The words of low-confidence boxes, as OcrPageResult.uncertain wants them (each word with its box's confidence). */
function uncertainOf(placed: { line: PaddleLine; at: number }[]): WordConfidence[] {
  const out: WordConfidence[] = [];
  for (const { line, at } of placed) {
    if (line.confidence >= OCR_UNCERTAIN_BELOW) continue;
    for (const m of line.text.matchAll(/\S+/g)) out.push([at + m.index, at + m.index + m[0].length, line.confidence]);
  }
  return out;
}

/**
 * PP-OCRv4's reading of a page as the OCR engine returns readings: its boxes in rows, the boxes' mean confidence
 * weighted by their length, the words of uncertain boxes. `heading` is kept when the text holds it (PP-OCRv4
 * gives no font sizes: the heading comes from the tesseract reading's).
 */
export function paddleReading(
  lines: readonly PaddleLine[],
  extra: { language: string | null; heading: string | null; ms: number },
): RecognizeBufferResult {
  const { text, words, rows } = rowsOf(lines);
  const confidence = meanConfidence(lines);
  const heights = lines.map((l) => l.box.height).sort((a, b) => a - b);
  const flat = text.replace(/\s+/g, ' ').toLowerCase();
  const heading =
    extra.heading && flat.includes(extra.heading.replace(/\s+/g, ' ').toLowerCase()) ? extra.heading : null;
  return {
    text,
    confidence: Math.round(10 * confidence) / 10,
    uncertain: uncertainOf(words),
    upscaled: false,
    retried: false,
    inverted: false,
    lineHeight: heights.length ? heights[heights.length >> 1]! : null,
    heading,
    layoutBlocks: 0,
    language: extra.language,
    relanguaged: false,
    engine: 'pp-ocrv4',
    blocks: blocksOf(rows, heading),
    timings: { prepareMs: 0, recognizeMs: Math.round(extra.ms) },
  };
}
