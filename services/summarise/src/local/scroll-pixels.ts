/**
 * Scrolling captures the gateway matched by their pixels (UploadJob.scrolls; DECISIONS "Scrolling captures joined by
 * their pixels"). Where a capture goes on from another is then known exactly, in pixel rows, and the join needs no
 * text in common: each capture keeps the part of its image the next one does not show again, and OCR's printed lines
 * (whose boxes stand on the same upright image) are kept by where their middle falls. OCR reads a line shared by two
 * captures slightly differently in each ("everywhere", "averywhere"), so the text join (scroll.ts) can miss an
 * overlap of a few short lines; this one cannot, and it keeps each capture's own reading of its part.
 */
import { boxUnion, type PageBlock, type ScrollLink } from '@snapnotes/contracts';
import { canonical } from '../text.js';

/** The rows of its image a capture keeps in a join, [from, to): below the previous capture's part, above the next's. */
export interface RowWindow {
  from: number;
  to: number;
}

/** The pixel link by which page `j` goes on from page `i` (positions in the list joined), if any. */
export type PixelLinkOf = (i: number, j: number) => ScrollLink | undefined;

/** Finds links by position: `scrolls` name their images by position in the list joined (see `scrollsAt`). */
export function pixelLinkOf(scrolls: readonly ScrollLink[]): PixelLinkOf {
  return (i, j) => scrolls.find((s) => s.upper === i && s.lower === j);
}

/**
 * The job's links with their images named by position in a list of pages (`indices[k]` is page k's image index);
 * links to an image not in the list (no text, or nothing left after cleaning) are left out.
 */
export function scrollsAt(scrolls: readonly ScrollLink[] | undefined, indices: readonly number[]): ScrollLink[] {
  return (scrolls ?? []).flatMap((s) => {
    const [upper, lower] = [indices.indexOf(s.upper), indices.indexOf(s.lower)];
    return upper >= 0 && lower >= 0 ? [{ ...s, upper, lower }] : [];
  });
}

/**
 * The window of each capture of a chain (positions of its pages, in order): a capture a pixel link goes on from keeps
 * its rows above the link's cut (`cut + shift`: below it, the rest of what both show, a line a message box covers
 * in part, the message box, are the next capture's to show); a capture going on from another by a pixel link keeps
 * its rows from the cut (its status bar, app bar and the first part of what both show are above). `usable(link)`
 * tells whether a link is joined this way.
 */
export function chainWindows(
  chain: readonly number[],
  linkOf: PixelLinkOf,
  usable: (link: ScrollLink) => boolean,
): RowWindow[] {
  return chain.map((k, n) => {
    const before = n > 0 ? linkOf(chain[n - 1]!, k) : undefined;
    const after = n + 1 < chain.length ? linkOf(k, chain[n + 1]!) : undefined;
    return {
      from: before && usable(before) ? before.cut : -Infinity,
      to: after && usable(after) ? after.cut + after.shift : Infinity,
    };
  });
}

/** A printed line of a page's structure: its block, its place in the block, where its middle stands. */
interface PrintedLine {
  block: number;
  line: number;
  text: string;
  middle: number;
}

/**
 * A page's printed lines in reading order. A block's lines stand where OCR saw them (PageBlock.lines); a block
 * without (read before they were handed over) is taken as lines of equal height.
 */
function printedLines(blocks: readonly PageBlock[]): PrintedLine[] {
  return blocks.flatMap((b, block) => {
    const texts = b.text.split('\n');
    const boxes = b.lines?.length === texts.length ? b.lines : undefined;
    return texts.map((text, line) => {
      const box = boxes?.[line];
      const middle = box ? box[1] + box[3] / 2 : b.box[1] + (b.box[3] * (line + 0.5)) / texts.length;
      return { block, line, text, middle };
    });
  });
}

const within = (window: RowWindow) => (l: PrintedLine) => l.middle >= window.from && l.middle < window.to;

/**
 * The blocks of a capture in its window: a block whose every line is in it whole, one with some lines in it cut to
 * those (a paragraph or a message the window's edge runs through; its sender stays with its first line).
 */
export function blocksIn(blocks: readonly PageBlock[], window: RowWindow): PageBlock[] {
  const inside = within(window);
  const lines = printedLines(blocks);
  return blocks.flatMap((b, k): PageBlock[] => {
    const mine = lines.filter((l) => l.block === k);
    const kept = mine.filter(inside);
    if (kept.length === mine.length) return [b];
    if (kept.length === 0) return [];
    const boxes = kept.map((l) => b.lines?.[l.line]).filter((box) => box !== undefined);
    const part: PageBlock = {
      ...b,
      text: kept.map((l) => l.text).join('\n'),
      ...(boxes.length === kept.length ? { box: boxUnion(boxes) } : {}),
    };
    delete part.lines;
    if (boxes.length === kept.length && boxes.length > 1) part.lines = boxes;
    if (part.kind === 'chat-message' && kept[0]!.line > 0) delete part.sender;
    return [part];
  });
}

/** How far to look for a printed line in the text before taking it as not there (a line cleaning merged). */
const LOOKAHEAD = 4;

/**
 * Where each printed line stands in the page's text lines (the blocks are the page's text cut into blocks, but a
 * group chat's sender line leaves its message's block and a heading read in two lines is one line): its index, or
 * undefined when it was not found.
 */
function textLineOf(lines: readonly string[], printed: readonly PrintedLine[]): Array<number | undefined> {
  const keys = lines.map((l) => canonical(l));
  let at = 0;
  return printed.map((p) => {
    const key = canonical(p.text);
    if (!key) return undefined;
    for (let t = at; t < Math.min(keys.length, at + LOOKAHEAD); t++) {
      if (keys[t] !== key) continue;
      at = t + 1;
      return t;
    }
    return undefined;
  });
}

/**
 * The part of a capture's text its window keeps: from the line after the last printed line above the window to the
 * last printed line in it (a sender line above a kept message stays with it). Null when the text cannot be cut so:
 * the lines in the window are not one run in reading order, or a line at the cut was not found in the text. A
 * window holding no printed line keeps nothing.
 */
export function textIn(text: string, blocks: readonly PageBlock[], window: RowWindow): string[] | null {
  const lines = text.split('\n');
  if (window.from === -Infinity && window.to === Infinity) return lines;
  const printed = printedLines(blocks);
  const inside = printed.map(within(window));
  const first = inside.indexOf(true);
  const last = inside.lastIndexOf(true);
  if (first < 0) return [];
  // One run in reading order: every line before it above the window, every line after it below.
  const inOrder = printed.every((p, k) =>
    k < first ? p.middle < window.from : k > last ? p.middle >= window.to : inside[k],
  );
  if (!inOrder) return null;
  const at = textLineOf(lines, printed);
  let start = 0;
  if (first > 0) {
    const above = at[first - 1];
    if (above === undefined) return null;
    start = above + 1;
  }
  let end = lines.length;
  if (last < printed.length - 1) {
    const kept = at[last];
    if (kept === undefined) return null;
    end = kept + 1;
  }
  return lines.slice(start, end);
}
