/**
 * Where a ragged row's cells stand: a table row OCR read with fewer cells than its table (a cell left empty, or two
 * cells read as one) is placed by where the row stands on the image. OCR hands a row's box over, not its cells':
 * a row that starts where the table's rows start has its first cell in the first column, a row that ends where
 * they end has its last cell in the last column, and a row that falls short of an edge has that column empty. What
 * the edges do not tell (which middle cell is missing) stays unknown: the row lacks a value there, rather than
 * taking its neighbour's.
 */
import type { PageBox } from '@snapnotes/contracts';

/** A row's cells in the table's columns, and which of them stand in their column for certain. */
export interface PlacedRow {
  cells: string[];
  known: boolean[];
}

/** The table's edges, from its rows that have every cell: where the first column starts and the last one ends. */
export interface TableEdges {
  /** The rightmost start of a whole row: a row starting left of it (and a little after) starts in column 1. */
  left: number;
  /** The leftmost end of a whole row: a row ending before it (less a little) ends before the last column. */
  right: number;
  /** A printed line's height: what "a little" is (a column gap is wider than an em). */
  line: number;
}

/** How far right of the table's left edge (in printed lines' heights) a row may start in the first column. */
const INDENT_LINES = 2;
/** Two figures OCR ran together with a space ("12 34"), not a range ("12 – 34") nor a thousands group. */
const TWO_FIGURES_RE = /^([-+(]?[$€£¥₹]?\d+(?:[.,]\d+)?%?\)?)\s+([-+(]?[$€£¥₹]?\d+(?:[.,]\d+)?%?\)?)$/u;

/**
 * The table's edges from the boxes of its rows that have every cell, or null when the boxes tell nothing: no whole
 * row with a box, or rows that do not stand one below another (boxes given for the block, not the row).
 */
export function tableEdges(rows: readonly { box: PageBox | undefined; whole: boolean }[]): TableEdges | null {
  const boxed = rows.filter((r): r is { box: PageBox; whole: boolean } => r.box !== undefined);
  if (boxed.some((r, i) => r.box[2] <= 0 || r.box[3] <= 0 || (i > 0 && r.box[1] <= boxed[i - 1]!.box[1]))) return null;
  const known = boxed.filter((r) => r.whole).map((r) => r.box);
  if (known.length === 0) return null;
  const heights = boxed.map((r) => r.box[3]).sort((a, b) => a - b);
  return {
    left: Math.max(...known.map((b) => b[0])),
    right: Math.min(...known.map((b) => b[0] + b[2])),
    line: heights[Math.floor(heights.length / 2)]!,
  };
}

/** A short row's cells with two figures OCR read as one cell split again, while the row is short of `width`. */
export function splitMerged(cells: readonly string[], width: number): string[] {
  const out: string[] = [];
  let short = width - cells.length;
  for (const c of cells) {
    const m = short > 0 ? TWO_FIGURES_RE.exec(c.trim()) : null;
    // "1 234" is a figure with its thousands set apart by a space, not two.
    if (m && !(/^\d{1,3}$/.test(m[1]!) && /^\d{3}$/.test(m[2]!))) {
      out.push(m[1]!, m[2]!);
      short--;
    } else out.push(c);
  }
  return out;
}

/**
 * A row of `cells` (fewer than `width`) placed in the table's columns by its box: against the left edge, the right
 * edge, both (first and last cell placed; a single missing cell between them unknown), or neither. Without edges or
 * a box, the cells fill the columns from the left, none known beyond the first.
 */
export function placeRow(
  cells: readonly string[],
  width: number,
  box: PageBox | undefined,
  edges: TableEdges | null,
): PlacedRow {
  const n = cells.length;
  const empty = (): PlacedRow => ({ cells: Array<string>(width).fill(''), known: Array<boolean>(width).fill(false) });
  const out = empty();
  if (n >= width) return { cells: cells.slice(0, width), known: Array<boolean>(width).fill(true) };
  // An indented row (a level under its variable) still starts in the first column: a row without its first cell
  // starts past the first column's words and the gap after them, further than an indent.
  const line = edges?.line ?? 0;
  const atLeft = !box || !edges || box[0] <= edges.left + INDENT_LINES * line;
  const atRight = box !== undefined && edges !== null && box[0] + box[2] >= edges.right - line / 2;
  const put = (from: number, list: readonly string[], sure: boolean) =>
    list.forEach((c, k) => {
      out.cells[from + k] = c;
      out.known[from + k] = sure;
    });
  if (atLeft && !atRight) {
    // Ends before the last column: the cells fill the first columns, certain when one cell is missing.
    if (edges && n === width - 1) out.known.fill(true);
    put(0, cells, !!edges && n === width - 1);
    out.known[0] = true;
    if (edges) out.known[width - 1] = true;
  } else if (!atLeft && atRight) {
    if (n === width - 1) out.known.fill(true);
    put(width - n, cells, n === width - 1);
    out.known[width - 1] = true;
    out.known[0] = true;
  } else if (atLeft && atRight) {
    // The first cell in the first column, the last in the last; which one between them is missing is not known.
    // Two cells: every column between them is empty.
    put(0, cells.slice(0, -1), n === 2);
    put(width - 1, cells.slice(-1), true);
    if (n === 2) out.known.fill(true);
    out.known[0] = true;
  } else {
    // Inside both edges: the first and last columns empty; certain when exactly those two are missing.
    if (n === width - 2) out.known.fill(true);
    put(1, cells, n === width - 2);
    out.known[0] = true;
    out.known[width - 1] = true;
  }
  return out;
}
