/**
 * A page as rows: what a receipt, a statement or a form is read from. From the page's structure as OCR handed it
 * over (OcrPageResult.blocks: a table row keeps its cells, a label keeps its value, the heading is marked), or,
 * for a page without structure, from its text (cells apart by a TAB or a wide gap).
 */
import type { PageBlock } from '@snapnotes/contracts';

export interface Row {
  /** The row's cells left to right (one cell for a line of text). */
  cells: string[];
  /** The whole row, cells apart by a space. */
  text: string;
  /** The page's heading (larger type than the body). */
  heading: boolean;
  /** OCR's confidence in the row, 0–100 (absent for rows from text). */
  confidence?: number;
}

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

function row(cells: string[], heading = false, confidence?: number): Row | null {
  const kept = cells.map(tidy).filter(Boolean);
  if (kept.length === 0) return null;
  return { cells: kept, text: kept.join(' '), heading, ...(confidence === undefined ? {} : { confidence }) };
}

/** The rows of a page's blocks, in reading order: a paragraph gives one row per printed line. */
export function rowsOfBlocks(blocks: readonly PageBlock[]): Row[] {
  const out: (Row | null)[] = [];
  for (const b of blocks) {
    switch (b.kind) {
      case 'table-row':
        out.push(row(b.cells, false, b.confidence));
        break;
      case 'label-value':
        out.push(row([b.label, b.value], false, b.confidence));
        break;
      case 'heading':
        out.push(row([b.text], true, b.confidence));
        break;
      case 'list-item':
        out.push(row([`${b.marker} ${b.text}`], false, b.confidence));
        break;
      default:
        for (const line of b.text.split('\n')) out.push(row(line.split('\t'), false, b.confidence));
    }
  }
  return out.filter((r): r is Row => r !== null);
}

/**
 * The rows of plain text: one per line, cells apart by a TAB or a gap of three spaces or more; the line that is the
 * page's heading (OcrPageResult.heading) is marked as such.
 */
export function rowsOfText(text: string, heading?: string): Row[] {
  const head = heading ? tidy(heading) : null;
  return text
    .split('\n')
    .map((line) => row(line.split(/\t| {3,}/), head !== null && tidy(line) === head))
    .filter((r): r is Row => r !== null);
}
