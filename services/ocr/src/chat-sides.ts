/**
 * Which side of a phone chat each line stands on: a message bubble is a run of lines starting at one x, one under
 * the other; its side is the edge of the page's text it keeps to (one's own messages to the right, the others' to
 * the left). A page is a chat when bubbles on both sides take turns down the page and hold most of its lines: two
 * columns of text also keep to two edges, but there the columns stand side by side and the reading goes back up.
 */
import type { PageLine } from './blocks.js';

export type Side = 'left' | 'right';

/** A line's bubble: its side, and which bubble of the page (lines of one bubble share it). */
export interface BubbleLine {
  side: Side;
  bubble: number;
}

/** A bubble keeps to an edge when its gap to it is at most this share of the text's width… */
const NEAR = 0.18;
/** …and its gap to the other edge is larger by at least this share. */
const APART = 0.15;
/** Lines of one bubble start within this share of the width of each other. */
const SAME_X = 0.03;

export interface ChatLayout {
  /** Every line's bubble (null between bubbles). */
  sides: (BubbleLine | null)[];
  /** The lines' indices from the top of the page down. */
  order: number[];
}

/** A time alone (a bubble's time set apart by OCR, read ticks and all) or the box to type a message in. */
const NOT_A_BUBBLE =
  /^\s*(?:(?:today|yesterday)\s+)?\d{1,2}[:.]\d{2}\s*(?:[AaPp]\.?[Mm]\.?)?\s*\S{0,3}\s*$|^\s*(?:i?message|text message|type a message|write a message|send a message|aa)\s*$/iu;

const CLOCK_RE = /(?<![\d.,:])\d{1,2}[:.][0-5]\d(?:\s*[AaPp]\.?[Mm]\.?)?(?![\d.,:]?\d)/u;

interface Run {
  lines: number[];
  left: number;
  right: number;
  top: number;
  bottom: number;
  side: Side | null;
}

/**
 * The bubble and side of every line of a chat page (null for the lines between bubbles: the header, a day, a
 * time) and the lines from the top down, or null when the page is not a chat.
 */
export function bubbleSides(lines: readonly (PageLine | null)[]): ChatLayout | null {
  // Down the page: a chat is one column of bubbles, whatever order the reading put its pieces in.
  const real = lines
    .map((l, i) => (l && l.text.trim() ? i : -1))
    .filter((i) => i >= 0)
    .sort((a, b) => lines[a]!.box[1] - lines[b]!.box[1] || a - b);
  if (real.length < 4) return null;
  const box = (i: number) => lines[i]!.box;
  const minLeft = Math.min(...real.map((i) => box(i)[0]));
  const maxRight = Math.max(...real.map((i) => box(i)[0] + box(i)[2]));
  const width = maxRight - minLeft;
  if (width <= 0) return null;

  const runs: Run[] = [];
  for (const i of real) {
    const [left, top, w, h] = box(i);
    const run = runs.at(-1);
    if (run && Math.abs(left - run.left) <= SAME_X * width && top - run.bottom <= 1.2 * h) {
      run.lines.push(i);
      run.right = Math.max(run.right, left + w);
      run.bottom = Math.max(run.bottom, top + h);
      continue;
    }
    runs.push({ lines: [i], left, right: left + w, top, bottom: top + h, side: null });
  }
  for (const run of runs) {
    const text = run.lines.map((i) => lines[i]!.text).join(' ');
    // Cells apart (a form's label and value, a table's row) are no message.
    if (NOT_A_BUBBLE.test(text) || text.includes('\t')) continue;
    const leftGap = (run.left - minLeft) / width;
    const rightGap = (maxRight - run.right) / width;
    // A bubble's text wraps where it will: the edge it keeps to is the nearer one, by a clear margin.
    if (Math.min(leftGap, rightGap) <= NEAR && Math.abs(leftGap - rightGap) >= APART) {
      run.side = leftGap < rightGap ? 'left' : 'right';
    }
  }
  // Runs side by side with another (a status bar's clock and battery, two columns of text) are no bubbles.
  const overlaps = (a: Run, b: Run) => a !== b && a.top < b.bottom - 2 && b.top < a.bottom - 2;
  for (const run of runs) if (runs.some((other) => overlaps(run, other))) run.side = null;
  const sided = runs.filter((r) => r.side);
  const inBubbles = sided.reduce((n, r) => n + r.lines.length, 0);
  // A chat says things in words, and shows a clock (the phone's, the messages'): a form's labels and values, a
  // receipt's items and prices, keep to two edges too.
  const textOf = (run: Run) => run.lines.map((k) => lines[k]!.text).join(' ');
  const words = (run: Run) => textOf(run).match(/\p{L}{2,}/gu)?.length ?? 0;
  const clock = real.some((k) => CLOCK_RE.test(lines[k]!.text));
  // Messages are written in sentence case; a printed form's labels and titles stand in capitals.
  const written = sided.filter((r) => /\p{Ll}{2}/u.test(textOf(r))).length;
  if (
    !clock ||
    written * 5 < sided.length * 3 ||
    sided.filter((r) => words(r) >= 3).length * 5 < sided.length * 3 ||
    sided.length < 3 ||
    !sided.some((r) => r.side === 'left') ||
    !sided.some((r) => r.side === 'right') ||
    inBubbles * 2 < real.length
  ) {
    return null;
  }
  const sides: (BubbleLine | null)[] = lines.map(() => null);
  sided.forEach((run, bubble) => {
    for (const i of run.lines) sides[i] = { side: run.side!, bubble };
  });
  // The page's lines in that order: every line, the empty ones (paragraph breaks) where they were.
  const order = [...real];
  lines.forEach((l, i) => {
    if (!(l && l.text.trim())) order.splice(Math.min(order.length, order.indexOf(i - 1) + 1), 0, i);
  });
  return { sides, order };
}
