/**
 * A table's note: what the table is about (its caption or heading, with its period columns' range: "Sales by region
 * 2024, Q1–Q4"), its size, what its figures say (table-figures.ts) and the table itself in Markdown.
 */
import type { SummaryDraft } from '@snapnotes/contracts';
import { furnitureOf } from '../furniture.js';
import { TITLE_MAX, joinAnd, shorten, tidyHeading } from '../text.js';
import type { Row } from './rows.js';
import { PERIOD_RE, type Table } from './table.js';
import { bodyRows, figurePoints } from './table-figures.js';

/** Rows shown in the summary's Markdown table before "…". */
const SHOWN_ROWS = 12;

/** A short line of words just above the table (its caption: "Q3 marketing budget"), when there is one. */
export function captionAbove(rows: readonly Row[], table: Table): string | null {
  for (let i = table.span[0] - 1; i >= Math.max(0, table.span[0] - 3); i--) {
    const t = rows[i]!.text;
    if (furnitureOf(t) || !/\p{L}{3}/u.test(t) || /^\d{1,2}:\d\d/.test(t)) continue;
    // A section's name ("Gender:", "Age (years).") above the first rows: the caption stands above it.
    if (t.split(/\s+/).length <= 3 && /[:.]$/.test(t)) continue;
    return t.split(/\s+/).length <= 10 && !/[.!?]$/.test(t) ? t : null;
  }
  return null;
}

/** A cell's text inside a Markdown table (its pipes escaped). */
export const markdownCell = (s: string | undefined) => (s ?? '').replace(/\|/g, '\\|');

/** "Q1–Q4", "July–September": the first and last of the headers that are periods (a total column left out). */
function range(headers: readonly string[]): string | null {
  const periods = headers.filter((h) => PERIOD_RE.test(h));
  return periods.length >= 2 ? `${periods[0]}–${periods.at(-1)}` : null;
}

/**
 * What the table is about: its caption or the page's heading with its period columns' range, else its label column
 * by its periods or its main column.
 */
export function tableTitle(table: Table, caption: string | null): string {
  const cols = range(table.headers);
  if (caption) {
    const h = tidyHeading(caption);
    const withCols = cols && !h.includes(cols) ? `${h}, ${cols}` : h;
    return shorten(withCols.length <= TITLE_MAX ? withCols : h, TITLE_MAX);
  }
  const name = table.headers[table.label];
  if (!name && table.headers.length) return shorten(joinAnd(table.headers.filter(Boolean)), TITLE_MAX);

  const main = table.main === null ? null : table.headers[table.main];
  const by = cols ?? (main ? main.toLowerCase() : null);
  return shorten(`${tidyHeading(name || 'Table')}${by ? ` by ${by}` : ''}`, TITLE_MAX);
}

export function tableSummary(table: Table, title: string, engine: string): SummaryDraft {
  const { rows, label } = table;
  const width = rows[0]!.length;
  const headers = table.headers.length ? table.headers : Array.from({ length: width }, (_, c) => `Column ${c + 1}`);
  const body = bodyRows(table);
  const labelled = label === 0 && table.headers[0];
  const columns = (labelled ? headers.slice(1) : headers).filter(Boolean);
  const keyPoints = [
    `${body.length} row${body.length === 1 ? '' : 's'}${labelled ? ` (${table.headers[0]!.toLowerCase()})` : ''} × ${labelled ? width - 1 : width} columns${
      table.headers.length ? `: ${shorten(joinAnd(columns), 100)}` : ''
    }`,
    ...figurePoints(table, headers),
  ];
  const cell = markdownCell;
  const shown = rows.length > SHOWN_ROWS ? [...rows.slice(0, SHOWN_ROWS - 1), ...rows.slice(-1)] : rows;
  const markdown = [
    `| ${headers.map(cell).join(' | ')} |`,
    `| ${headers.map((_, c) => (c === label ? '---' : '---:')).join(' | ')} |`,
    ...shown.map((r, k) =>
      rows.length > SHOWN_ROWS && k === SHOWN_ROWS - 1
        ? `| … ${rows.length - SHOWN_ROWS} more |${' |'.repeat(width - 1)}\n| ${r.map(cell).join(' | ')} |`
        : `| ${r.map(cell).join(' | ')} |`,
    ),
  ];
  const detailedSummary = [`A table of ${body.length} rows and ${width} columns.`, markdown.join('\n')].join('\n\n');
  return { title, keyPoints, detailedSummary, engine };
}
