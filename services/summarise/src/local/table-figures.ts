/**
 * What a table's figures say, as key points: a statement's closing balance, the grand total (a total row, else the
 * sum of its main column), its largest and smallest rows, and how the figures move across its period columns.
 *
 * Real tables are ragged: the figures are read from the cells that stand in their column for certain (table-place.ts)
 * in a main column numeric in most of the rows; the rows without a value there are named ("no value for West"),
 * never filled in with a neighbour's figure.
 */
import { joinAnd, tidyHeading } from '../text.js';
import { CLOSING_RE, MAIN_RE, OPENING_RE, PERIOD_RE, TOTAL_RE, type Table, figureOf } from './table.js';

/** A figure as the notes write it: 1,935,000 · 2,964.78. */
export const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Rows named as lacking a value before "and 3 more". */
const NAMED_LACKING = 3;

/** A row's name: its label cell, else its first cell of words (a total row named under SKU, Product left empty). */
export const rowName = (table: Table, r: readonly string[]) =>
  r[table.label] || (r.find((c) => c && figureOf(c) === null) ?? '');

/** The rows of the table's body: no total, average or opening row. */
export function bodyRows(table: Table): string[][] {
  return table.rows.filter((r) => !CLOSING_RE.test(rowName(table, r)) && !OPENING_RE.test(rowName(table, r)));
}

/** The figure in a row's cell, when the cell stands in its column for certain. */
function placedFigure(table: Table, r: readonly string[], col: number): number | null {
  const k = table.rows.indexOf(r as string[]);
  return k >= 0 && table.known[k]![col] ? figureOf(r[col] ?? '') : null;
}

/** "(9 of 10 rows; no value for West)": the rows a figure was read from, when some lack a value. */
function lackingNote(table: Table, counted: readonly string[][], lacking: readonly string[][]): string {
  if (lacking.length === 0) return '';
  const names = lacking.map((r) => rowName(table, r) || `row ${table.rows.indexOf(r) + 1}`);
  const shown =
    names.length > NAMED_LACKING ? [...names.slice(0, NAMED_LACKING), `${names.length - NAMED_LACKING} more`] : names;
  return ` (${counted.length - lacking.length} of ${counted.length} rows; no value for ${joinAnd(shown)})`;
}

/** The key points the table's figures give (headers: every column's, "Column n" where there is none). */
export function figurePoints(table: Table, headers: readonly string[]): string[] {
  const { rows, main } = table;
  const name = (r: readonly string[]) => rowName(table, r);
  const points: string[] = [];
  // A statement: its closing balance (the balance column's last figure) and the one it opened with.
  const balance = headers.findIndex((h) => /balance|saldo|solde/i.test(h));
  const balances =
    balance < 0 ? [] : rows.map((r) => r[balance]).filter((v): v is string => !!v && figureOf(v) !== null);
  if (balances.length >= 2) points.push(`Closing balance: ${balances.at(-1)} (opening: ${balances[0]})`);
  if (main === null) return points;
  // The rows that hold figures (a section's name alone holds none), and those with a value in the main column: the
  // column must be numeric in most of them.
  const counted = bodyRows(table).filter((r) => r.filter(Boolean).length >= 2);
  const valued = counted.filter((r) => placedFigure(table, r, main) !== null);
  if (valued.length < 2 || valued.length * 2 < counted.length) return points;
  const lacking = counted.filter((r) => !valued.includes(r));
  let note = lackingNote(table, counted, lacking);
  // A column without a header (the table's header stands over other columns) is its values.
  const column = headers[main] || 'value';
  const closing = rows.find((r) => CLOSING_RE.test(name(r)) && placedFigure(table, r, main) !== null);
  if (closing) {
    points.push(
      TOTAL_RE.test(column) && TOTAL_RE.test(name(closing))
        ? `Grand total: ${closing[main]}`
        : `${tidyHeading(name(closing))} ${column.toLowerCase()}: ${closing[main]}`,
    );
  } else if (main !== balance && MAIN_RE.test(headers[main] ?? '') && !valued.some((r) => r[main]!.includes('%'))) {
    const sum = valued.reduce((a, r) => a + placedFigure(table, r, main)!, 0);
    // A column already called "Total" (the row totals) is summed as "Total", not "Total total".
    const what = /^(grand )?totals?$/i.test(column.trim()) ? 'Total' : `Total ${column.toLowerCase()}`;
    points.push(`${what}: ${fmt(sum)}${note}`);
    note = '';
  }
  if (main !== balance) {
    const ranked = valued.map((r) => ({ r, v: placedFigure(table, r, main)! })).sort((a, b) => b.v - a.v);
    const top = ranked[0]!;
    const bottom = ranked.at(-1)!;
    points.push(
      `Largest ${column.toLowerCase()}: ${name(top.r)} (${top.r[main]}); smallest: ${name(bottom.r)} (${bottom.r[main]})${note}`,
    );
  }
  const trend = trendPoint(table, headers, counted, closing);
  return trend ? [...points, trend] : points;
}

/**
 * How the figures move across the period columns: the total row's, else the sums over the rows with a value in
 * every period column (how many, when some lack one).
 */
function trendPoint(
  table: Table,
  headers: readonly string[],
  counted: readonly string[][],
  closing: string[] | undefined,
): string | null {
  const periods = table.figures.filter((c) => PERIOD_RE.test(headers[c]!));
  if (periods.length < 2) return null;
  const full = counted.filter((r) => periods.every((c) => placedFigure(table, r, c) !== null));
  const fromClosing = closing && periods.every((c) => placedFigure(table, closing, c) !== null);
  if (!fromClosing && (full.length < 2 || full.length * 2 < counted.length)) return null;
  const sums = periods.map((c) =>
    fromClosing ? placedFigure(table, closing, c)! : full.reduce((a, r) => a + placedFigure(table, r, c)!, 0),
  );
  const first = sums[0]!;
  const last = sums.at(-1)!;
  if (first === 0) return null;
  const change = ((last - first) / Math.abs(first)) * 100;
  const way = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const over = !fromClosing && full.length < counted.length ? ` over ${full.length} of ${counted.length} rows` : '';
  return `From ${headers[periods[0]!]} to ${headers[periods.at(-1)!]}${over}: ${fmt(first)} → ${fmt(last)} (${way}${way === 'flat' ? '' : ` ${Math.abs(change).toFixed(1)}%`})`;
}
