/**
 * Tables whose cells OCR handed over (table-row blocks): columns of any kind — a statement's date, description,
 * amount and balance; a grade sheet's names, ids, scores and grades; a stock list's SKU, product, quantities and
 * status — with empty cells kept in place. The note names the table's subject, its size, its grand total (a total
 * row, a closing balance, or the sum of its main column), its largest and smallest rows by that column, and shows
 * the table in Markdown. Tables read from plain text (figures at the end of each line) are table.ts's.
 */
import type { PageBlock, SummaryDraft } from '@snapnotes/contracts';
import { TITLE_MAX, joinAnd, shorten, tidyHeading } from '../text.js';
import { figureOf, fmt, markdownCell } from './table.js';

/** Rows of a grid: at least this many, with the same number of cells (≥ 3) each. */
const MIN_ROWS = 3;
const MIN_CELLS = 3;
/** Rows shown in the summary's Markdown table before "…". */
const SHOWN_ROWS = 12;
/** The column a table is about, by its header. */
const MAIN_RE =
  /\b(?:total|amount|balance|spent|actual|sum|on hand|stock|qty|quantity|value|score|points|revenue|sales|price|cost)\b/iu;
/** Rows that close a table rather than belong to it. */
const CLOSING_RE =
  /^(?:grand\s+)?(?:total|totals|sum|overall|gesamt|summe|closing balance|average|class average|mean)\b/iu;
const OPENING_RE = /^(?:opening|previous|brought forward)\b/iu;
/** Columns of identifiers (ids, SKUs, codes, dates) are never the table's subject nor its figure. */
const ID_RE = /^(?:id|sku|code|no\.?|#|ref|date|account)\b/iu;

export interface Grid {
  headers: string[];
  rows: string[][];
  /** The column naming each row (the one with most letters), and the column the table is about. */
  label: number;
  main: number | null;
  /** The columns of figures. */
  figures: number[];
  /** The first block of the grid among the page's blocks, for its caption. */
  start: number;
}

/** The longest run of table rows with the same number of cells, under a header row of words, or null. */
export function findGrid(blocks: readonly PageBlock[]): Grid | null {
  let best: [number, number] | null = null;
  for (let i = 0; i < blocks.length;) {
    const b = blocks[i]!;
    const n = b.kind === 'table-row' ? b.cells.length : 0;
    let j = i;
    while (n >= MIN_CELLS && j + 1 < blocks.length) {
      const next = blocks[j + 1]!;
      if (next.kind !== 'table-row' || next.cells.length !== n) break;
      j++;
    }
    if (n >= MIN_CELLS && j - i + 1 >= MIN_ROWS + 1 && (!best || j - i > best[1] - best[0])) best = [i, j];
    i = j + 1;
  }
  if (!best) return null;
  const [from, to] = best;
  const all = blocks
    .slice(from, to + 1)
    .map((b) => (b as Extract<PageBlock, { kind: 'table-row' }>).cells.map((c) => c.trim()));
  const [headers, ...rows] = all as [string[], ...string[][]];
  if (headers.filter((h) => figureOf(h) !== null).length > headers.length / 2) return null;
  const letters = (col: number) => rows.reduce((n, r) => n + (r[col]?.match(/\p{L}/gu)?.length ?? 0), 0);
  const numeric = (col: number) => {
    const filled = rows.filter((r) => r[col]);
    return filled.length > 0 && filled.filter((r) => figureOf(r[col]!) !== null).length >= 0.8 * filled.length;
  };
  const cols = headers.map((_, c) => c);
  const label = cols.reduce((a, c) => (letters(c) > letters(a) ? c : a), 0);
  const figures = cols.filter((c) => c !== label && numeric(c) && !ID_RE.test(headers[c]!));
  // A table has figures: rows of words alone (an inbox's sender, subject and time) are a list, not a table.
  if (figures.length === 0) return null;
  const main = figures.find((c) => MAIN_RE.test(headers[c]!)) ?? figures.at(-1) ?? null;
  return { headers, rows, label, main, figures, start: from };
}

/** The grid is the page: most of its blocks of words and figures. */
export function gridShare(grid: Grid, blocks: readonly PageBlock[]): boolean {
  const size = grid.rows.length + 1;
  const content = blocks.filter((b) => /[\p{L}\p{N}]{2}/u.test(b.text)).length;
  return size >= 8 || size * 2 >= content;
}

/** A short line of words just above the grid (its caption: "Current account statement — March"). */
export function captionBefore(blocks: readonly PageBlock[], start: number): string | null {
  for (let i = start - 1; i >= Math.max(0, start - 3); i--) {
    const b = blocks[i]!;
    if (!/\p{L}{3}/u.test(b.text) || b.kind === 'table-row' || /^\d{1,2}:\d\d/.test(b.text)) continue;
    const t = b.text.split('\n')[0]!.trim();
    return t.split(/\s+/).length <= 10 && !/[.!?]$/.test(t) ? t : null;
  }
  return null;
}

/** What the table is about: the caption or heading above it, else its label column by its main column. */
export function gridTitle(grid: Grid, caption: string | null): string {
  if (caption) return shorten(tidyHeading(caption), TITLE_MAX);
  const main = grid.main === null ? null : grid.headers[grid.main];
  return shorten(
    `${tidyHeading(grid.headers[grid.label] || 'Table')}${main ? ` by ${main.toLowerCase()}` : ''}`,
    TITLE_MAX,
  );
}

export function gridSummary(grid: Grid, title: string, engine: string): SummaryDraft {
  const { headers, rows, label, main } = grid;
  // A total or an average row may name itself in any column of words ("Total" under SKU, Product left empty).
  const name = (r: string[]) => r[label] || (r.find((c) => c && figureOf(c) === null) ?? '');
  const closes = (r: string[]) => CLOSING_RE.test(name(r));
  const body = rows.filter((r) => !closes(r) && !OPENING_RE.test(name(r)));
  const keyPoints = [`${body.length} rows × ${headers.length} columns: ${shorten(joinAnd(headers), 110)}`];
  // A statement: its closing balance (the balance column's last figure) and the one it opened with.
  const balance = headers.findIndex((h) => /balance|saldo|solde/i.test(h));
  const balances =
    balance < 0 ? [] : rows.map((r) => r[balance]).filter((v): v is string => !!v && figureOf(v) !== null);
  if (balances.length >= 2) keyPoints.push(`Closing balance: ${balances.at(-1)} (opening: ${balances[0]})`);
  if (main !== null) {
    const column = headers[main]!;
    const closing = rows.find((r) => closes(r) && r[main]);
    const values = body.map((r) => figureOf(r[main] ?? '')).filter((v): v is number => v !== null);
    if (closing) keyPoints.push(`${tidyHeading(name(closing))} ${column.toLowerCase()}: ${closing[main]}`);
    else if (main !== balance && values.length === body.length) {
      keyPoints.push(`Total ${column.toLowerCase()}: ${fmt(values.reduce((a, v) => a + v, 0))}`);
    }
    const ranked = body
      .map((r) => ({ r, v: figureOf(r[main] ?? '') }))
      .filter((x): x is { r: string[]; v: number } => x.v !== null)
      .sort((a, b) => b.v - a.v);
    if (ranked.length >= 2 && !/balance/i.test(column)) {
      const top = ranked[0]!;
      const bottom = ranked.at(-1)!;
      keyPoints.push(
        `Largest ${column.toLowerCase()}: ${top.r[label]} (${top.r[main]}); smallest: ${bottom.r[label]} (${bottom.r[main]})`,
      );
    }
  }
  const cell = markdownCell;
  const shown = rows.length > SHOWN_ROWS ? [...rows.slice(0, SHOWN_ROWS - 1), ...rows.slice(-1)] : rows;
  const table = [
    `| ${headers.map(cell).join(' | ')} |`,
    `| ${headers.map((_, c) => (c === label ? '---' : '---:')).join(' | ')} |`,
    ...shown.map((r, k) =>
      rows.length > SHOWN_ROWS && k === SHOWN_ROWS - 1
        ? `| … ${rows.length - SHOWN_ROWS} more |${' |'.repeat(headers.length - 1)}\n| ${r.map(cell).join(' | ')} |`
        : `| ${r.map(cell).join(' | ')} |`,
    ),
  ];
  const detailedSummary = [`A table of ${body.length} rows and ${headers.length} columns.`, table.join('\n')].join(
    '\n\n',
  );
  return { title, keyPoints, detailedSummary, engine };
}
