/**
 * Tables, spreadsheets and statements: rows of figures under column headers. The note says what the table is
 * about (its heading, with its columns' range: "Sales by region 2024, Q1–Q4"), its size, its grand total, its
 * largest and smallest rows and how the figures move across the columns, and its summary is the table itself in
 * Markdown. Read from the page's rows (rows.ts): a row's cells when OCR handed over its structure, else its words
 * with the figures at its end.
 */
import type { SummaryDraft } from '@snapnotes/contracts';
import { TITLE_MAX, joinAnd, shorten, tidyHeading } from '../text.js';
import { furnitureOf } from '../furniture.js';
import type { Row } from './rows.js';

/** A figure: 1,234 · -3.5 · (12.0) · 12% · €1,200 · 1.234,50. */
const FIGURE_RE = /^[-+(]?[$€£¥₹]?\s?\d{1,3}(?:[,.' ]\d{3})*(?:[.,]\d+)?%?\)?$|^[-+(]?[$€£¥₹]?\d+(?:[.,]\d+)?%?\)?$/u;
const TOTAL_LABEL_RE = /^(?:grand\s+)?(?:total|totals|sum|overall|gesamt|summe|total général)\b/iu;
/** Rows of a table: at least this many, with the same number of figures each. */
const MIN_ROWS = 3;
const MIN_FIGURES = 2;
/** Rows shown in the summary's Markdown table before "…". */
const SHOWN_ROWS = 12;

export interface Table {
  /** The label column's header ("Region"), when the header row has one. */
  labelHeader: string | null;
  /** The figure columns' headers, when the table has a header row. */
  headers: string[] | null;
  rows: { label: string; cells: string[]; values: (number | null)[] }[];
  /** Index of the first and last row of the table among the page's rows. */
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

/** A row as a label and the figures that end it: its cells when it has several, else its words. */
function split(row: Row): { label: string; figures: string[] } {
  const parts = row.cells.length > 1 ? row.cells : row.text.split(/\s+/);
  let k = parts.length;
  while (k > 0 && figureOf(parts[k - 1]!) !== null) k--;
  return { label: parts.slice(0, k).join(' ').trim(), figures: parts.slice(k) };
}

/** The longest run of rows with the same number (≥ 2) of figures at their end, and the header row above it. */
export function findTable(rows: readonly Row[]): Table | null {
  const parsed = rows.map(split);
  let best: [number, number] | null = null;
  for (let i = 0; i < parsed.length;) {
    const n = parsed[i]!.figures.length;
    let j = i;
    while (j + 1 < parsed.length && parsed[j + 1]!.figures.length === n) j++;
    if (n >= MIN_FIGURES && j - i + 1 >= MIN_ROWS && (!best || j - i > best[1] - best[0])) best = [i, j];
    i = j + 1;
  }
  if (!best) return null;
  const [from, to] = best;
  const n = parsed[from]!.figures.length;
  const above = rows[from - 1];
  let headers: string[] | null = null;
  let labelHeader: string | null = null;
  if (above) {
    const parts = above.cells.length > 1 ? above.cells : above.text.split(/\s+/);
    if (parts.length >= n && parts.every((p) => figureOf(p) === null || /^(?:19|20)\d\d$/.test(p))) {
      headers = parts.slice(parts.length - n);
      labelHeader = parts.slice(0, parts.length - n).join(' ') || null;
    }
  }
  return {
    labelHeader,
    headers,
    rows: parsed
      .slice(from, to + 1)
      .map((p) => ({ label: p.label, cells: p.figures, values: p.figures.map(figureOf) })),
    span: [headers ? from - 1 : from, to],
  };
}

/** The table is the page: its rows are most of the page's rows of words and figures, or there are many of them. */
export function mostlyTable(table: Table, rows: readonly Row[]): boolean {
  const size = table.span[1] - table.span[0] + 1;
  const content = rows.filter((r) => /[\p{L}\p{N}]{2}/u.test(r.text) && !furnitureOf(r.text)).length;
  return size >= 8 || size * 2 >= content;
}

/** A short line of words just above the table (its caption: "Q3 marketing budget"), when there is one. */
export function captionAbove(rows: readonly Row[], table: Table): string | null {
  for (let i = table.span[0] - 1; i >= Math.max(0, table.span[0] - 3); i--) {
    const t = rows[i]!.text;
    if (furnitureOf(t) || !/\p{L}{3}/u.test(t)) continue;
    return t.split(/\s+/).length <= 10 && !/[.!?]$/.test(t) ? t : null;
  }
  return null;
}

/** A figure as the notes write it: 1,935,000 · 2,964.78. */
export const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A cell's text inside a Markdown table (its pipes escaped). */
export const markdownCell = (s: string | undefined) => (s ?? '').replace(/\|/g, '\\|');

/** Headers that are periods: quarters, halves, months, weeks, years. */
const PERIOD_RE =
  /^(?:q[1-4]|h[12]|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?|week\s*\d+|wk\s*\d+|(?:19|20)\d\d(?:\/\d\d)?|fy\s?\d{2,4})$/iu;
/** Headers of the column a table is about. */
const MAIN_HEADER_RE = /^(?:total|amount|actual|spent|balance|sum|value|revenue|sales|score)\b/iu;

/** "Q1–Q4", "July–September": the first and last of the headers that are periods (all but a total column). */
function range(headers: string[]): string {
  const periods = headers.filter((h) => !TOTAL_LABEL_RE.test(h) && !/^(?:year|ytd|annual)$/i.test(h));
  if (periods.length < 2) return joinAnd(headers);
  return `${periods[0]}–${periods[periods.length - 1]}`;
}

/** What the table is about: the page's heading with the columns' range, else its label column by its columns. */
export function tableTitle(table: Table, heading: string | null): string {
  const cols = table.headers ? range(table.headers) : null;
  if (heading) {
    const h = tidyHeading(heading);
    const withCols = cols && !h.includes(cols) ? `${h}, ${cols}` : h;
    return withCols.length <= TITLE_MAX ? withCols : h;
  }
  if (table.labelHeader && cols) return `${tidyHeading(table.labelHeader)} by ${cols}`;
  return `Table of ${table.rows.length} rows`;
}

export function tableSummary(table: Table, title: string, engine: string): SummaryDraft {
  const totalRow = table.rows.find((r) => TOTAL_LABEL_RE.test(r.label));
  const body = table.rows.filter((r) => r !== totalRow && r.label);
  const headers = table.headers ?? table.rows[0]!.cells.map((_, i) => `Column ${i + 1}`);
  // The column the table is about: a total, an amount, an actual spend… else the last one.
  const named = headers.findIndex((h) => MAIN_HEADER_RE.test(h));
  const last =
    named >= 0 && !table.headers?.every((h) => PERIOD_RE.test(h) || TOTAL_LABEL_RE.test(h))
      ? named
      : headers.length - 1;
  const keyPoints: string[] = [];
  keyPoints.push(
    `${body.length} rows${table.labelHeader ? ` (${table.labelHeader.toLowerCase()})` : ''} × ${headers.length} columns: ${shorten(joinAnd(headers), 100)}`,
  );
  const lastName = TOTAL_LABEL_RE.test(headers[last]!) ? 'total' : headers[last]!;
  if (totalRow) {
    keyPoints.push(`${lastName === 'total' ? 'Grand total' : `Total ${lastName}`}: ${totalRow.cells[last]}`);
  } else if (body.every((r) => r.values[last] !== null)) {
    keyPoints.push(`Sum of ${lastName}: ${fmt(body.reduce((s, r) => s + r.values[last]!, 0))}`);
  }
  const ranked = body.filter((r) => r.values[last] !== null).sort((a, b) => b.values[last]! - a.values[last]!);
  if (ranked.length >= 2) {
    const top = ranked[0]!;
    const bottom = ranked[ranked.length - 1]!;
    keyPoints.push(
      `Largest ${lastName}: ${top.label} (${top.cells[last]}); smallest: ${bottom.label} (${bottom.cells[last]})`,
    );
  }
  // How the figures move across the period columns: the total row's, else the column sums.
  const periods = headers.map((h, i) => i).filter((i) => PERIOD_RE.test(headers[i]!));
  if (periods.length >= 2 && table.headers) {
    const sums = periods.map((i) =>
      totalRow
        ? totalRow.values[i]
        : body.every((r) => r.values[i] !== null)
          ? body.reduce((s, r) => s + r.values[i]!, 0)
          : null,
    );
    const first = sums[0];
    const end = sums[sums.length - 1];
    if (first != null && end != null && first !== 0) {
      const change = ((end - first) / Math.abs(first)) * 100;
      const way = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
      keyPoints.push(
        `From ${headers[periods[0]!]} to ${headers[periods[periods.length - 1]!]}: ${fmt(first)} → ${fmt(end)} (${way}${way === 'flat' ? '' : ` ${Math.abs(change).toFixed(1)}%`})`,
      );
    }
  }
  const cell = markdownCell;
  const shown = table.rows.length > SHOWN_ROWS ? [...table.rows.slice(0, SHOWN_ROWS - 1)] : table.rows;
  const lines = [
    `| ${cell(table.labelHeader ?? '')} | ${headers.map(cell).join(' | ')} |`,
    `| --- | ${headers.map(() => '---:').join(' | ')} |`,
    ...shown.map((r) => `| ${cell(r.label)} | ${r.cells.map(cell).join(' | ')} |`),
    ...(table.rows.length > SHOWN_ROWS
      ? [`| … ${table.rows.length - shown.length - (totalRow ? 1 : 0)} more | ${headers.map(() => '').join(' | ')} |`]
      : []),
    ...(totalRow && !shown.includes(totalRow)
      ? [`| ${cell(totalRow.label)} | ${totalRow.cells.map(cell).join(' | ')} |`]
      : []),
  ];
  const detailedSummary = [`A table of ${body.length} rows and ${headers.length} columns.`, lines.join('\n')].join(
    '\n\n',
  );
  return { title, keyPoints, detailedSummary, engine };
}
