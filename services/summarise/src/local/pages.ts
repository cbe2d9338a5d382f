/**
 * Several images in one note. Screenshots that overlap (a long chat or page captured in three scrolls) are joined
 * into one page first, without the lines they repeat; what remains are separate pages, and the note covers each of
 * them: its title names them, its key points take turns among them, its summary has a part for each.
 */
import type { PageBlock, SummaryDraft } from '@snapnotes/contracts';
import { MAX_KEY_POINTS, TITLE_MAX, canonical } from '../text.js';

export interface InputPage {
  fileName: string;
  text: string;
  heading?: string;
  blocks?: PageBlock[];
}

/** Lines that repeat must be this long (in letters and digits) to count: "OK" or "12:40" repeat by chance. */
const MIN_LINE_CHARS = 6;
/** An overlap is at least this many consecutive lines, or one line of MIN_LONG_LINE characters. */
const MIN_RUN = 2;
const MIN_LONG_LINE = 40;
/** Lines at the foot of a capture its edge may cut through (read garbled), and the next capture shows whole. */
const CUT_LINES = 2;

const key = (line: string) => canonical(line);
const solid = (line: string) => key(line).replace(/ /g, '').length >= MIN_LINE_CHARS;

/**
 * Where page `b` continues page `a`: the longest run of b's lines, starting in its top half, that is also the run of
 * lines ending a's text (the scroll's overlap). Returns the index in b after the overlap, or -1 when they do not
 * overlap. Lines above the run in b (an app bar repeated at the top of every capture) are dropped with it.
 */
export function overlapEnd(a: readonly string[], b: readonly string[]): number {
  return overlap(a, b)?.bEnd ?? -1;
}

/** Where the overlap ends in b, and where it ends in a (the cut lines after it in a are dropped). */
function overlap(a: readonly string[], b: readonly string[]): { bEnd: number; aEnd: number } | null {
  const aKeys = a.map(key);
  const bKeys = b.map(key);
  let best: { bEnd: number; aEnd: number } | null = null;
  let bestLength = 0;
  for (let start = 0; start < Math.ceil(b.length / 2) + 1 && start < b.length; start++) {
    if (!solid(b[start]!)) continue;
    // Every place in a's lower part where b's line `start` stands, and how long the two runs agree from there.
    for (let i = Math.floor(a.length / 3); i < a.length; i++) {
      if (aKeys[i] !== bKeys[start]) continue;
      let n = 0;
      while (i + n < a.length && start + n < b.length && aKeys[i + n] === bKeys[start + n]) n++;
      // The run must reach a's end, give or take the lines the screen's edge cut through: b goes on where a stopped.
      if (a.length - (i + n) > CUT_LINES) continue;
      const long = n === 1 && key(b[start]!).length >= MIN_LONG_LINE;
      if ((n >= MIN_RUN || long) && n > bestLength) {
        best = { bEnd: start + n, aEnd: i + n };
        bestLength = n;
      }
    }
  }
  return best;
}

/** A page with structure as the units a scroll repeats: its blocks. */
function units(page: InputPage): string[] {
  return page.blocks!.map((b) => b.text.replace(/\s*\n\s*/g, ' '));
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

/** How many units end both pages alike (a chat's message bar, a page's footer, at the foot of every capture). */
function commonFooter(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < 3 && n < a.length - 1 && n < b.length - 1 && key(a[a.length - 1 - n]!) === key(b[b.length - 1 - n]!)) n++;
  return n;
}

/**
 * Joins pages that overlap the page before them (scrolling captures) into one, without the units they repeat (the
 * overlap, an app bar above it, a footer below every capture but the last); other pages stay apart.
 */
export function joinScrolls(pages: readonly InputPage[]): InputPage[] {
  const out: InputPage[] = [];
  for (const page of pages) {
    const prev = out.at(-1);
    const structured = !!prev?.blocks?.length && !!page.blocks?.length;
    // Lines first; sentences when cleaning cut the captures' paragraphs differently.
    const cuts = structured
      ? [[prev ? units(prev) : [], units(page)]]
      : [
          [prev ? prev.text.split('\n') : [], page.text.split('\n')],
          [prev ? sentences(prev.text) : [], sentences(page.text)],
        ];
    let a: string[] = [];
    let b: string[] = [];
    let footer = 0;
    let found: { bEnd: number; aEnd: number } | null = null;
    for (const [x, y] of cuts) {
      if (!prev || found) break;
      [a, b] = [x!, y!];
      footer = commonFooter(a, b);
      found = overlap(a.slice(0, a.length - footer), b);
    }
    const end = found?.bEnd ?? -1;
    // What a shows after the overlap (lines its edge cut through) and its footer give way to b's.
    if (found) footer = a.length - found.aEnd;
    if (!prev || end < 0) {
      out.push({ ...page });
      continue;
    }
    prev.fileName = `${prev.fileName}, ${page.fileName}`;
    if (structured) {
      prev.blocks = [...prev.blocks!.slice(0, prev.blocks!.length - footer), ...page.blocks!.slice(end)];
      prev.text = prev.blocks.map((blk) => blk.text.replace(/\t/g, ' ')).join('\n');
    } else {
      prev.text = [...a.slice(0, a.length - footer), ...b.slice(end)].join('\n');
      delete prev.blocks;
    }
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
