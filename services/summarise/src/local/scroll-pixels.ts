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
 * tells whether a link is joined this way; `cutOf(link)` where it is cut (`bestCut`).
 */
export function chainWindows(
  chain: readonly number[],
  linkOf: PixelLinkOf,
  usable: (link: ScrollLink) => boolean,
  cutOf: (link: ScrollLink) => number,
): RowWindow[] {
  return chain.map((k, n) => {
    const before = n > 0 ? linkOf(chain[n - 1]!, k) : undefined;
    const after = n + 1 < chain.length ? linkOf(k, chain[n + 1]!) : undefined;
    return {
      from: before && usable(before) ? cutOf(before) : -Infinity,
      to: after && usable(after) ? cutOf(after) + after.shift : Infinity,
    };
  });
}

/** Two readings of one printed line on two captures stand this close once the shift is taken off (pixels). */
const SAME_PLACE = 8;
/** A cut stands at least this far from the middle of any line (pixels): between lines, never through one. */
const CLEAR_OF_LINES = 10;
/**
 * Lines this close to either end of the rows both show are not weighed (pixels): a run of matching rows may reach a
 * little into a fixed bar, and a line an edge cuts through is read in one capture only, by nature.
 */
const BAND_MARGIN = 24;

/**
 * Where to cut two captures a pixel link joins (a row of the lower one): where the fewest lines are lost. Both show
 * the link's rows [from, to), but OCR may leave out of one capture a line it reads in the other (a word at the end
 * of a bubble, a line an edge runs close to). Each line of that band read in one capture only is kept when the cut
 * gives its part of the band to that capture: the cut goes to the gap between lines (the gateway's cut, or the middle
 * between two lines of the band) that keeps most of them, the nearest to the gateway's cut among equals.
 */
export function bestCut(link: ScrollLink, upper: readonly PageBlock[], lower: readonly PageBlock[]): number {
  const [top, bottom] = [link.from + BAND_MARGIN, link.to - BAND_MARGIN];
  const inBand = (y: number) => y >= top && y < bottom;
  const ups = printedLines(upper)
    .map((l) => l.middle - link.shift)
    .filter(inBand);
  const lows = printedLines(lower)
    .map((l) => l.middle)
    .filter(inBand);
  const alone = (ys: number[], others: number[]) =>
    ys.filter((y) => !others.some((o) => Math.abs(o - y) <= SAME_PLACE));
  const [upperOnly, lowerOnly] = [alone(ups, lows), alone(lows, ups)];
  if (upperOnly.length === 0 && lowerOnly.length === 0) return link.cut;
  const lost = (cut: number) => upperOnly.filter((y) => y >= cut).length + lowerOnly.filter((y) => y < cut).length;
  const all = [...ups, ...lows].sort((a, b) => a - b);
  const candidates = [link.cut, top, bottom, ...all.slice(1).map((y, i) => (y + all[i]!) / 2)].filter(
    (c) => c >= top && c <= bottom,
  );
  let best = link.cut;
  for (const c of candidates) {
    if (all.some((y) => Math.abs(y - c) < CLEAR_OF_LINES)) continue;
    const [now, was] = [lost(c), lost(best)];
    if (now < was || (now === was && Math.abs(c - link.cut) < Math.abs(best - link.cut))) best = c;
  }
  return best;
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

/** How far back from the last line found a line of the text is looked for among the printed lines (top to bottom). */
const LOOK_BACK = 3;
/** A text with more than this share of its lines not found among the printed lines is not cut by them. */
const MAX_UNPLACED = 0.3;

/**
 * Where each line of a page's text stands on the image: the middle of the printed line it is (the blocks hold the
 * page's text lines, in reading order, which a chat's bubbles may change), found top to bottom from where the last
 * one was; a line not found (a group chat's sender line, which leaves its message's block; a heading read in two
 * lines, which is one) or blank stands with the next line found below it, or the last above. Undefined for the whole
 * text when too many lines are not found.
 */
function textLineMiddles(lines: readonly string[], blocks: readonly PageBlock[]): number[] | undefined {
  const printed = printedLines(blocks).sort((a, b) => a.middle - b.middle);
  const keys = printed.map((p) => canonical(p.text));
  const used = new Set<number>();
  let at = 0;
  let unplaced = 0;
  let solid = 0;
  const found = lines.map((line): number | undefined => {
    const key = canonical(line);
    if (!key) return undefined;
    solid++;
    for (let k = Math.max(0, at - LOOK_BACK); k < printed.length; k++) {
      if (used.has(k) || keys[k] !== key) continue;
      used.add(k);
      at = k + 1;
      return printed[k]!.middle;
    }
    unplaced++;
    return undefined;
  });
  if (solid === 0 || unplaced > solid * MAX_UNPLACED) return undefined;
  const middles = new Array<number>(lines.length);
  let below: number | undefined;
  for (let i = lines.length - 1; i >= 0; i--) middles[i] = below = found[i] ?? below ?? NaN;
  let above: number | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (Number.isNaN(middles[i])) middles[i] = above ?? NaN;
    else above = middles[i];
  }
  return middles;
}

/**
 * The lines of a capture's text its window keeps, in the text's order: each line by where it stands on the image
 * (`textLineMiddles`; a sender line above a kept message stays with it). Null when the text cannot be placed so.
 */
export function textIn(text: string, blocks: readonly PageBlock[], window: RowWindow): string[] | null {
  const lines = text.split('\n');
  if (window.from === -Infinity && window.to === Infinity) return lines;
  const middles = textLineMiddles(lines, blocks);
  if (!middles) return null;
  const kept = lines.filter((_, i) => middles[i]! >= window.from && middles[i]! < window.to);
  // A paragraph break at either end belongs to the part next to it.
  while (kept.length > 0 && !kept[0]!.trim()) kept.shift();
  while (kept.length > 0 && !kept.at(-1)!.trim()) kept.pop();
  return kept;
}
