/**
 * Tables, spreadsheets and statements: one model (Table: its column headers, its rows of cells, the column naming
 * each row, the columns of figures, the column the table is about) read from the page's rows (rows.ts) — a row's
 * cells as OCR handed them over, else its words with the figures ending it — and one note (table-note.ts): what the table is about
 * (its caption or heading, with its period columns' range: "Sales by region 2024, Q1–Q4"), its size, its grand
 * total (a total row, a closing balance, or the sum of its main column), its largest and smallest rows, how the
 * figures move across period columns, and the table itself in Markdown.
 *
 * Real tables are ragged: a row may miss a cell (left empty, or closed up by OCR), a header may stand over two rows,
 * a wrapped cell goes on on the next line, cells hold ranges ("50 – 60"), spreads ("0.20 ± 0.01") or a count with
 * its share ("394 (58.0%)"). A run of rows of several cells is one table however many cells each row has; a line of
 * one cell inside it is a wrapped cell (it starts in lower case) or a row of its own (a section's name).
 */
import type { PageBox } from '@snapnotes/contracts';
import { furnitureOf } from '../furniture.js';
import type { Row } from './rows.js';
import { placeRow, splitMerged, tableEdges } from './table-place.js';

/** A figure: 1,234 · -3.5 · (12.0) · 12% · €1,200 · 1.234,50. */
const FIGURE_RE = /^[-+(]?[$€£¥₹]?\s?\d{1,3}(?:[,.' ]\d{3})*(?:[.,]\d+)?%?\)?$|^[-+(]?[$€£¥₹]?\d+(?:[.,]\d+)?%?\)?$/u;
const NUM = String.raw`[-+−]?[$€£¥₹]?\d[\d.,]*(?:[eE][-+−]?\d+)?%?`;
/**
 * A cell of figures as tables of results print them: a figure, a range ("50 – 60"), a spread ("0.20 ± 0.01"), a
 * count with its share ("394 (58.0%)"), a bound ("< 0.001"), with its significance marks ("9.7***").
 */
const MEASURE_RE = new RegExp(
  String.raw`^[<>≤≥~(]?\s?${NUM}\)?(?:\s?(?:[-–—±/×:]|to|\s)\s?[<>]?\(?${NUM}\)?)*(?:\s?\([^)]{0,24}\))?\s?[*†‡§]{0,4}$`,
  'u',
);
/** Rows that close a table rather than belong to it. */
export const CLOSING_RE =
  /^(?:grand\s+)?(?:total|totals|sum|overall|gesamt|summe|total général|closing balance|average|class average|mean)\b/iu;
export const OPENING_RE = /^(?:opening|previous|brought forward)\b/iu;
export const TOTAL_RE = /^(?:grand\s+)?(?:total|totals|sum|overall|gesamt|summe)\b/iu;
/** Headers that are periods: quarters, halves, months, weeks, years. */
export const PERIOD_RE =
  /^(?:q[1-4]|h[12]|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|week\s*\d+|wk\s*\d+|(?:19|20)\d\d(?:\/\d\d)?|fy\s?\d{2,4})$/iu;
/** The column a table is about, by its header. */
export const MAIN_RE =
  /\b(?:total|amount|balance|spent|actual|sum|on hand|stock|qty|quantity|value|score|points|revenue|sales|price|cost)\b/iu;
/** Columns of identifiers (ids, SKUs, codes, dates) are never the table's subject nor its figure. */
const ID_RE = /^(?:id|sku|code|no\.?|#|ref|date|account)\b/iu;
/** A clock time or a date: a list's time stamps (an inbox), never a table's header. */
const STAMP_RE = /\b\d{1,2}:\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/u;
/** A table: at least this many rows of several cells (its header included). */
const MIN_ROWS = 3;
/** Single-cell lines a table may hold between two rows of cells (a wrapped cell, a section's name). */
const MAX_LINES_BETWEEN = 3;

export interface Table {
  /** Every column's header, the label column's included ('' where there is none); empty without a header row. */
  headers: string[];
  /** The rows below the header, each in the table's columns (its total row included; table-place.ts). */
  rows: string[][];
  /** Per row and column: whether the cell (filled or empty) stands in its column for certain (table-place.ts). */
  known: boolean[][];
  /** The column naming each row (the one with most letters), and the column the table is about. */
  label: number;
  main: number | null;
  /** The columns of figures. */
  figures: number[];
  /** Index of the first and last row of the table among the page's rows (its header included). */
  span: [number, number];
}

/** A cell's figure (1,234.50 · (12) · -3 · 12% · €1,200 · 1.234,50), or null when it is no figure. */
export function figureOf(cell: string): number | null {
  const t = cell.trim();
  if (!FIGURE_RE.test(t)) return null;
  const negative = /^\(.*\)$|^-/.test(t);
  let digits = t.replace(/[^\d.,]/g, '');
  // 1.234,50 (a comma for decimals) and 1,234.50 alike.
  if (/,\d{1,2}$/.test(digits) && /\./.test(digits)) digits = digits.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(?:,\d{3})+$/.test(digits) || /,\d{3}(?:\.|$)/.test(digits)) digits = digits.replace(/,/g, '');
  else digits = digits.replace(',', '.');
  const n = Number(digits);
  return Number.isFinite(n) ? (negative ? -n : n) : null;
}

const isMeasure = (cell: string) => MEASURE_RE.test(cell.trim());

/** A row's cells: its own when it has several, else its words split into a label and the figures ending it. */
function cellsOf(row: Row): string[] {
  if (row.cells.length > 1) return row.slots ?? row.cells;
  const parts = row.text.split(/\s+/);
  let k = parts.length;
  while (k > 0 && figureOf(parts[k - 1]!) !== null) k--;
  if (parts.length - k < 2) return row.cells;
  return [parts.slice(0, k).join(' '), ...parts.slice(k)].filter(Boolean);
}

/** Whether a row's cells are words (a header row): at most half of them figures, and no time stamp. */
const wordsRow = (cells: readonly string[]) =>
  cells.every((c) => !isMeasure(c) || /^(?:19|20)\d\d$/.test(c)) && !cells.some((c) => STAMP_RE.test(c));

/** The runs of rows of several cells, single lines between them allowed: [first, last] among the page's rows. */
function runs(cells: readonly (string[] | null)[]): [number, number][] {
  const out: [number, number][] = [];
  let i = 0;
  while (i < cells.length) {
    if (!cells[i] || cells[i]!.length < 2) {
      i++;
      continue;
    }
    let end = i;
    let j = i + 1;
    while (j < cells.length && cells[j]) {
      if (cells[j]!.length >= 2) {
        end = j++;
        continue;
      }
      let k = j;
      while (k < cells.length && cells[k]?.length === 1 && k - j < MAX_LINES_BETWEEN) k++;
      if (k < cells.length && (cells[k]?.length ?? 0) >= 2) j = k;
      else break;
    }
    out.push([i, end]);
    i = end + 1;
  }
  return out;
}

/**
 * The table that is the page (its rows of cells most of the page's rows of words and figures, or many of them), or
 * null. Its rows hold figures (ranges, spreads, shares), or, for a table of words, keep to the header's cells.
 */
export function findTable(rows: readonly Row[]): Table | null {
  // A page's heading is no table row; a label–value pair is a line of its own (a section's name and its unit
  // between rows: "Number of couples per facilitator: Mean (SD)"), never a row of cells.
  const cells = rows.map((r) =>
    r.heading ? null : r.pair ? [`${r.cells[0]}: ${r.cells.slice(1).join(' ')}`] : cellsOf(r),
  );
  let best: Table | null = null;
  let bestRows = 0;
  for (const [from, to] of runs(cells)) {
    const table = tableOf(rows, cells, from, to);
    if (table && table.rows.length > bestRows) {
      best = table;
      bestRows = table.rows.length;
    }
  }
  if (!best) return null;
  const size = best.span[1] - best.span[0] + 1;
  const content = rows.filter((r) => /[\p{L}\p{N}]{2}/u.test(r.text) && !furnitureOf(r.text)).length;
  return size >= 8 || size * 2 >= content ? best : null;
}

function tableOf(rows: readonly Row[], cells: readonly (string[] | null)[], from: number, to: number): Table | null {
  // A line of one cell starting in lower case goes on with the row above (a wrapped cell); else it is a row.
  const lines: string[][] = [];
  const boxes: (PageBox | undefined)[] = [];
  for (let i = from; i <= to; i++) {
    const c = cells[i]!;
    if (c.length === 1 && lines.length && /^\p{Ll}/u.test(c[0]!)) lines.at(-1)![0] += ` ${c[0]}`;
    else {
      lines.push([...c]);
      boxes.push(rows[i]!.box);
    }
  }
  let end = to;
  // Wrapped lines right after the last row belong to it.
  while (cells[end + 1]?.length === 1 && /^\p{Ll}/u.test(cells[end + 1]![0]!)) {
    lines.at(-1)![0] += ` ${cells[++end]![0]}`;
  }
  const several = lines.filter((l) => l.length >= 2);
  let start = from;
  let headers: string[] = [];
  let body = lines;
  let bodyBoxes = boxes;
  if (lines[0]!.length >= 2 && wordsRow(lines[0]!)) {
    headers = lines[0]!;
    body = lines.slice(1);
    bodyBoxes = boxes.slice(1);
    // A header over two or three rows (its cells' words wrapped) above rows of figures: one header, cell by cell.
    const figuresBelow = (k: number) =>
      body.slice(k).some((l) => l.slice(1).filter(isMeasure).length * 2 > l.length - 1);
    while (
      body.length > 1 &&
      body[0]!.length === headers.length &&
      wordsRow(body[0]!) &&
      figuresBelow(1) &&
      lines.length - body.length < 3
    ) {
      const next = body.shift()!;
      bodyBoxes = bodyBoxes.slice(1);
      headers = headers.map((h, c) => `${h} ${next[c]}`.trim());
    }
  } else {
    // The header as one line of words just above (read from text: "Region Q1 Q2 Q3 Q4 Total").
    const above = from > 0 && !rows[from - 1]!.pair ? rows[from - 1]! : null;
    const n = lines[0]!.length - 1;
    const words = above?.cells.length === 1 ? above.text.split(/\s+/) : above?.cells;
    if (
      above &&
      words &&
      words.length >= n &&
      wordsRow(words) &&
      words.every((w) => figureOf(w) === null || /^(?:19|20)\d\d$/.test(w))
    ) {
      headers = words.length === n + 1 ? words : [words.slice(0, words.length - n).join(' '), ...words.slice(-n)];
      start = from - 1;
    }
  }
  const rest = body.filter((l) => l.length >= 2);
  // A header and one row of figures is a table too; else three rows of cells at least.
  if (several.length + (start < from ? 1 : 0) < MIN_ROWS && !(headers.length >= 3 && rest.length === 1)) return null;
  if (rest.length === 0) return null;
  const width = Math.max(headers.length, ...body.map((l) => l.length));
  // Rows of figures (the cells after each row's first), or a table of words keeping to its header's cells.
  const after = rest.flatMap((l) => l.slice(1)).filter(Boolean);
  const measures = after.filter(isMeasure).length;
  // A page with label–value pairs is a form first: its rows of a label and one value are fields unless most of
  // the values are figures.
  const pairs = rows.some((r) => r.pair);
  const form = pairs && body.every((l) => l.length <= 2);
  const figured = after.length > 0 && measures >= (form ? 0.7 : 0.4) * after.length;
  // A table of words is no form: a page with label–value pairs is read as a form with its fields.
  const counts = new Map<number, number>();
  for (const l of rest) counts.set(l.length, (counts.get(l.length) ?? 0) + 1);
  const [mode, often] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  const kept =
    !form &&
    headers.length >= 2 &&
    headers.every((h) => h.split(/\s+/).length <= 6) &&
    rest.length >= 3 &&
    (rest.filter((l) => l.length === headers.length).length >= 0.8 * body.length ||
      (mode >= 3 && rest.length >= 4 && often >= 0.5 * rest.length));
  if (!figured && !kept) return null;
  const pad = (l: string[]) => [...l, ...Array<string>(width - l.length).fill('')];
  // A short row's cells in their columns: two figures read as one split again, then placed by the row's box.
  const split = body.map((l) => (l.length < width ? splitMerged(l, width) : l));
  // The header's row counts as a whole row when it has every column's header.
  const edges = tableEdges([
    ...(bodyBoxes.length < boxes.length ? [{ box: boxes[0], whole: headers.length === width }] : []),
    ...split.map((l, k) => ({ box: bodyBoxes[k], whole: l.length === width })),
  ]);
  const placed = split.map((l, k) => placeRow(l, width, bodyBoxes[k], edges));
  const known = placed.map((p) => p.known);
  const padded = placed.map((p) => p.cells);
  // A header one cell short of rows that all have one more: the label column's header left empty.
  const shifted =
    headers.length === width - 1 &&
    rest[0]!.length === width &&
    rest.filter((l) => l.length === width).length >= 0.4 * rest.length;
  const heads = completeSeries(headers.length ? (shifted ? ['', ...headers] : pad(headers)) : []);
  const placedIn = (col: number) => padded.filter((_, k) => known[k]![col]);
  const letters = (col: number) => placedIn(col).reduce((n, r) => n + (r[col]?.match(/\p{L}/gu)?.length ?? 0), 0);
  const numeric = (col: number) => {
    const filled = placedIn(col).filter((r) => r[col]);
    return filled.length > 0 && filled.filter((r) => figureOf(r[col]!) !== null).length >= 0.8 * filled.length;
  };
  const cols = Array.from({ length: width }, (_, c) => c);
  const label = cols.reduce((a, c) => (letters(c) > letters(a) ? c : a), 0);
  const figures = cols.filter((c) => c !== label && numeric(c) && !ID_RE.test(heads[c] ?? ''));
  // The column the table is about: one named so (a total, an amount, a balance…) unless every column is a period
  // or a total (then the last), else the last column of figures.
  const periodsOnly = figures.every((c) => PERIOD_RE.test(heads[c] ?? '') || TOTAL_RE.test(heads[c] ?? ''));
  const named = periodsOnly ? undefined : figures.find((c) => MAIN_RE.test(heads[c] ?? ''));
  const main = named ?? figures.at(-1) ?? null;
  return { headers: heads, rows: padded, known, label, main, figures, span: [start, end] };
}

/**
 * Column headers of a numbered series with one number OCR lost ("Q", "Q2", "Q3", "Q4": the thin "1" read as
 * nothing): a header that is the series' word alone, right before two headers that go on with it (or right after
 * two that lead to it), gets its number back. One word alone beside one numbered header is left as read.
 */
export function completeSeries(headers: string[]): string[] {
  const numbered = (h: string | undefined) => (h ? /^(\p{L}[\p{L}.]*)(\s?)(\d{1,3})$/u.exec(h.trim()) : null);
  return headers.map((h, c) => {
    const word = h.trim();
    if (!/^\p{L}[\p{L}.]*$/u.test(word)) return h;
    const series = (a: string | undefined, b: string | undefined, step: number) => {
      const [x, y] = [numbered(a), numbered(b)];
      if (!x || !y || x[1] !== word || y[1] !== word) return null;
      const n = Number(x[3]);
      return Number(y[3]) === n + step ? { n, space: x[2]! } : null;
    };
    const after = series(headers[c + 1], headers[c + 2], 1);
    if (after && after.n >= 1) return `${word}${after.space}${after.n - 1}`;
    const before = series(headers[c - 1], headers[c - 2], -1);
    if (before) return `${word}${before.space}${before.n + 1}`;
    return h;
  });
}
