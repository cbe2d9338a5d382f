/**
 * Several images in one note. Screenshots that overlap (a long chat or page captured in three scrolls, in any
 * order) are joined into one page first, without the lines they repeat; what remains are separate pages, and the note covers each of
 * them: its title names them, its key points take turns among them, its summary has a part for each.
 */
import type { PageBlock, ScrollLink, SummaryDraft } from '@snapnotes/contracts';
import { MAX_KEY_POINTS, TITLE_MAX, canonical } from '../text.js';
import { summaryText } from './blocks.js';
import { type Overlap, PIXEL_RUN, scrollChains, scrollOverlap } from './scroll.js';
import { bestCut, blocksIn, chainWindows, pixelLinkOf } from './scroll-pixels.js';

export interface InputPage {
  fileName: string;
  text: string;
  heading?: string;
  blocks?: PageBlock[];
}

/** A printed line of a page with structure: its block, and whether it is the block's first line. */
interface BlockLine {
  text: string;
  block: number;
  line: number;
}

/** A page with structure as the lines a scroll repeats: its blocks' printed lines. */
function blockLines(blocks: readonly PageBlock[]): BlockLine[] {
  return blocks.flatMap((b, block) =>
    b.text
      .split('\n')
      .map((text, line) => ({ text: text.replace(/\t/g, ' '), block, line }))
      .filter((l) => l.text.trim() !== ''),
  );
}

/** A block with only its printed lines [from, to) (a paragraph or message the join cuts where no block ends). */
function part(block: PageBlock, from: number, to?: number): PageBlock {
  return { ...block, text: block.text.split('\n').slice(from, to).join('\n') };
}

/**
 * A page's text as lines cut at sentence ends too: cleaning joins a capture's wrapped lines into paragraphs that
 * start and end elsewhere in the next capture, while its sentences are the same.
 */
function sentences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"“‘(])/u))
    .filter((l) => l.trim() !== '');
}

/** How b goes on from a: the units their overlap holds, and the page they make joined. */
interface Joint {
  run: number;
  join(): InputPage;
}

/**
 * Where page `b` goes on from page `a` (a scroll); null when they do not overlap. Pages with structure join by their
 * blocks' printed lines, cut where a block starts on both sides within the overlap (no block split), else at the
 * overlap's end with the blocks it runs through cut at that line. Pages without join by their lines, or their
 * sentences when cleaning cut the captures' paragraphs differently.
 */
function joint(a: InputPage, b: InputPage): Joint | null {
  const fileName = `${a.fileName}, ${b.fileName}`;
  if (a.blocks?.length && b.blocks?.length) {
    const [ab, bb] = [a.blocks, b.blocks];
    const [x, y] = [blockLines(ab), blockLines(bb)];
    const found = scrollOverlap(
      x.map((l) => l.text),
      y.map((l) => l.text),
    );
    if (!found) return null;
    return {
      run: found.run,
      join() {
        const blocks = joinBlocks(ab, bb, x, y, found);
        return { ...a, fileName, text: summaryText({ text: '', blocks }), blocks };
      },
    };
  }
  for (const cut of [(t: string) => t.split('\n'), sentences]) {
    const [x, y] = [cut(a.text), cut(b.text)];
    const found = scrollOverlap(x, y);
    if (!found) continue;
    return {
      run: found.run,
      join() {
        const { blocks: _, ...rest } = a;
        return { ...rest, fileName, text: [...x.slice(0, found.aEnd), ...y.slice(found.bEnd)].join('\n') };
      },
    };
  }
  return null;
}

function joinBlocks(
  a: readonly PageBlock[],
  b: readonly PageBlock[],
  x: readonly BlockLine[],
  y: readonly BlockLine[],
  found: Overlap,
): PageBlock[] {
  const starts = (lines: readonly BlockLine[], at: number) => at >= lines.length || lines[at]!.line === 0;
  for (let k = found.run; k >= 0; k--) {
    const [ax, by] = [found.aEnd - found.run + k, found.bEnd - found.run + k];
    if (!starts(x, ax) || !starts(y, by)) continue;
    return [...(ax < x.length ? a.slice(0, x[ax]!.block) : a), ...(by < y.length ? b.slice(y[by]!.block) : [])];
  }
  const [last, next] = [x[found.aEnd - 1]!, y[found.bEnd]];
  const blocks = [...a.slice(0, last.block), part(a[last.block]!, 0, last.line + 1)];
  if (next) blocks.push(part(b[next.block]!, next.line), ...b.slice(next.block + 1));
  return blocks;
}

/**
 * Where page `b` goes on from page `a` (its lines): the index in b after the overlap, or -1 when they do not overlap.
 */
export function overlapEnd(a: readonly string[], b: readonly string[]): number {
  return scrollOverlap(a, b)?.bEnd ?? -1;
}

/**
 * Joins the pages that are scrolling captures of one chat or page, in whatever order they came (local/scroll.ts
 * chains them by their overlaps), into one page each, without the units they repeat; other pages stay apart. Pages
 * come out in the order of their first-uploaded capture. `scrolls` (positions in `pages`, scroll-pixels.ts
 * `scrollsAt`) are the captures the gateway matched by their pixels: those with structure are chained first and
 * joined by where their blocks stand, the others by their text.
 */
export function joinScrolls(pages: readonly InputPage[], scrolls: readonly ScrollLink[] = []): InputPage[] {
  const linkOf = pixelLinkOf(scrolls);
  const byPixels = (link: ScrollLink) =>
    Boolean(pages[link.upper]!.blocks?.length && pages[link.lower]!.blocks?.length);
  const chains = scrollChains(pages.length, (i, j) => {
    const link = linkOf(i, j);
    return link && byPixels(link) ? PIXEL_RUN : (joint(pages[i]!, pages[j]!)?.run ?? 0);
  });
  const out: InputPage[] = [];
  for (const chain of chains) {
    const windows = chainWindows(chain, linkOf, byPixels, (l) =>
      bestCut(l, pages[l.upper]!.blocks!, pages[l.lower]!.blocks!),
    );
    // Each capture cut to its window: its blocks in it, its text made from them.
    const cut = chain.map((k, n): InputPage => {
      const page = pages[k]!;
      const { from, to } = windows[n]!;
      if (!page.blocks?.length || (from === -Infinity && to === Infinity)) return { ...page };
      const blocks = blocksIn(page.blocks, windows[n]!);
      return { ...page, text: summaryText({ text: '', blocks }), blocks };
    });
    let acc = cut[0]!;
    for (let n = 1; n < chain.length; n++) {
      const page = cut[n]!;
      const link = linkOf(chain[n - 1]!, chain[n]!);
      if (link && byPixels(link)) {
        const blocks = [...(acc.blocks ?? []), ...(page.blocks ?? [])];
        acc = {
          ...acc,
          fileName: `${acc.fileName}, ${page.fileName}`,
          text: summaryText({ text: '', blocks }),
          blocks,
        };
        continue;
      }
      const joined = joint(acc, page);
      if (joined) acc = joined.join();
      else {
        out.push(acc);
        acc = page;
      }
    }
    out.push(acc);
  }
  return out;
}

/**
 * One note from the notes of its pages: the first page's title with the others' ("A and B", or "A and 2 more
 * images" when they do not fit), key points taking turns among the pages (each page at least one while there is
 * room), and a summary with a part per page under its title.
 */
export function combineDrafts(drafts: readonly SummaryDraft[], engine: string): SummaryDraft {
  if (drafts.length === 1) return drafts[0]!;
  const titles = [...new Set(drafts.map((d) => d.title))];
  const both = `${titles[0]} and ${titles[1]}`;
  const title =
    titles.length === 1
      ? titles[0]!
      : titles.length === 2 && both.length <= TITLE_MAX
        ? both
        : `${titles[0]} and ${drafts.length - 1} more image${drafts.length > 2 ? 's' : ''}`;
  const keyPoints: string[] = [];
  const seen = new Set<string>();
  for (let round = 0; keyPoints.length < MAX_KEY_POINTS; round++) {
    let added = false;
    for (const d of drafts) {
      const point = d.keyPoints[round];
      if (point === undefined || keyPoints.length >= MAX_KEY_POINTS) continue;
      added = true;
      if (seen.has(canonical(point))) continue;
      seen.add(canonical(point));
      keyPoints.push(point);
    }
    if (!added) break;
  }
  const detailedSummary = drafts.map((d) => `**${d.title}**\n\n${d.detailedSummary}`).join('\n\n');
  return { title, keyPoints, detailedSummary, engine };
}
