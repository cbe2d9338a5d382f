/**
 * A form's labels paired with their values by where they stand on the page, not by the order OCR read them in: a
 * label alone on its line ("FROM:") takes the value printed right of it on the same line (its own block, when the
 * gap between them made OCR read it apart), else the one directly below it. Lines are placed where OCR saw them
 * (PageBlock.lines), or, in a reading without them, by their share of their block's height.
 */
import type { PageBlock, PageBox } from '@snapnotes/contracts';
import { lineBox } from './rows.js';

/** A label alone on its line ("DATE:"), its value elsewhere: a letter, at most four words, a colon at the end. */
export const LABEL_ALONE_RE = /^([^:]*\p{L}[^:]*?)\s*:$/u;
/** A value: a few words at most, with a letter or a figure, not a sentence's end. */
const MAX_VALUE_WORDS = 8;

interface PlacedLine {
  text: string;
  box: PageBox;
  /** The block it belongs to, and its line in it. */
  block: number;
  line: number;
}

const words = (s: string) => s.trim().split(/\s+/).length;
const top = (b: PageBox) => b[1];
const bottom = (b: PageBox) => b[1] + b[3];
const right = (b: PageBox) => b[0] + b[2];

/** The lines of the blocks a label or a value may stand on (paragraphs, headings, table rows), with their boxes. */
function placedLines(structure: readonly PageBlock[]): PlacedLine[] {
  return structure.flatMap((b, block) => {
    if (b.kind === 'table-row') return [{ text: b.cells.filter((c) => c.trim())[0] ?? '', box: b.box, block, line: 0 }];
    if (b.kind !== 'paragraph' && b.kind !== 'heading') return [];
    const lines = b.text.split('\n');
    // Each line where OCR saw it (PageBlock.lines), else its share of the block's height.
    const boxes = b.lines?.length === lines.length ? b.lines : null;
    return lines.map((text, line) => ({
      text: text.trim(),
      box: boxes?.[line] ?? lineBox(b.box, line, lines.length),
      block,
      line,
    }));
  });
}

/** Whether a line can be a value: a few words with a letter or a figure, no label itself, no sentence. */
const valueLike = (t: string) =>
  /[\p{L}\p{N}]/u.test(t) && words(t) <= MAX_VALUE_WORDS && !LABEL_ALONE_RE.test(t) && !/[.!?]$/.test(t);

/** How much two boxes' heights overlap, as a share of the lower one. */
function sameLine(a: PageBox, b: PageBox): boolean {
  const overlap = Math.min(bottom(a), bottom(b)) - Math.max(top(a), top(b));
  return overlap >= 0.5 * Math.min(a[3], b[3]);
}

/**
 * The pairs of labels standing alone and their values by place. `taken` names the lines ("block:line") already
 * paired otherwise; a value is given to one label only.
 */
export function placedPairs(
  structure: readonly PageBlock[],
  taken: ReadonlySet<string> = new Set(),
): { label: string; value: string }[] {
  const lines = placedLines(structure);
  const used = new Set(taken);
  const key = (l: PlacedLine) => `${l.block}:${l.line}`;
  const out: { label: string; value: string }[] = [];
  for (const label of lines) {
    const m = LABEL_ALONE_RE.exec(label.text);
    if (!m || words(m[1]!) > 4 || used.has(key(label))) continue;
    // Its value right of it on the same line, the nearest (another block, or a line of its own block that OCR read
    // apart because it stands a little higher: "300" above "Estimated Responders:"); else the nearest line below
    // that starts under it, within a line's height.
    const h = label.box[3];
    const free = lines.filter((l) => l !== label && !used.has(key(l)) && valueLike(l.text));
    const beside = free
      .filter((l) => sameLine(l.box, label.box) && l.box[0] >= right(label.box) - h / 2)
      .sort((a, b) => a.box[0] - b.box[0])[0];
    const below = free
      .filter(
        (l) =>
          top(l.box) >= bottom(label.box) - h / 2 &&
          top(l.box) - bottom(label.box) <= h &&
          l.box[0] >= label.box[0] - h &&
          l.box[0] <= right(label.box),
      )
      .sort((a, b) => top(a.box) - top(b.box))[0];
    const value = beside ?? below;
    if (!value) continue;
    used.add(key(label));
    used.add(key(value));
    out.push({ label: m[1]!.trim(), value: value.text });
  }
  return out;
}
