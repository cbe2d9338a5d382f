/**
 * A page as rows: what a receipt, a statement or a form is read from. From the page's structure as OCR handed it
 * over (OcrPageResult.blocks: a table row keeps its cells, a label keeps its value, the heading is marked), or,
 * for a page without structure, from its text (cells apart by a TAB or a wide gap).
 */
import type { PageBlock, PageBox } from '@snapnotes/contracts';

export interface Row {
  /** The row's cells left to right (one cell for a line of text). */
  cells: string[];
  /** The whole row, cells apart by a space. */
  text: string;
  /** The page's heading (larger type than the body). */
  heading: boolean;
  /** OCR's confidence in the row, 0–100 (absent for rows from text). */
  confidence?: number;
  /** A table row's cells as OCR handed them over, empty ones in place (for a table's columns). */
  slots?: string[];
  /** A label with its value (OCR's label-value block): a form's field, never a table's row. */
  pair?: true;
  /** Where the row stands on the image (its block's box; a paragraph's line: its share of the block's height). */
  box?: PageBox;
}

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

function row(cells: string[], heading = false, confidence?: number, pair = false, box?: PageBox): Row | null {
  const kept = cells.map(tidy).filter(Boolean);
  if (kept.length === 0) return null;
  return {
    cells: kept,
    text: kept.join(' '),
    heading,
    ...(confidence === undefined ? {} : { confidence }),
    ...(pair ? { pair: true as const } : {}),
    ...(box ? { box } : {}),
  };
}

/** The box of a block's `k`th of `n` printed lines: the block's width, its share of the height. */
export function lineBox(box: PageBox, k: number, n: number): PageBox {
  const h = box[3] / Math.max(1, n);
  return [box[0], Math.round(box[1] + k * h), box[2], Math.round(h)];
}

/** The rows of a page's blocks, in reading order: a paragraph gives one row per printed line. */
export function rowsOfBlocks(blocks: readonly PageBlock[]): Row[] {
  const out: (Row | null)[] = [];
  for (const b of blocks) {
    switch (b.kind) {
      case 'table-row': {
        const r = row(b.cells, false, b.confidence, false, b.box);
        out.push(r && { ...r, slots: b.cells.map(tidy) });
        break;
      }
      case 'label-value':
        out.push(row([b.label, b.value], false, b.confidence, true, b.box));
        break;
      case 'heading':
        out.push(row([b.text], true, b.confidence, false, b.box));
        break;
      case 'list-item':
        // A numbered row of a table is read as a list item: its cells stay apart.
        out.push(row(`${b.marker} ${b.text}`.split('\t'), false, b.confidence, false, b.box));
        break;
      default: {
        const lines = b.text.split('\n');
        lines.forEach((line, k) =>
          out.push(row(line.split('\t'), false, b.confidence, false, lineBox(b.box, k, lines.length))),
        );
      }
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
