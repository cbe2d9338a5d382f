/**
 * The title of a note that is not a chat. Candidates, in order, the first one that survives the OCR word check
 * (words.ts) wins:
 *  1. the OCR's heading (the page's largest line near its top), unless it is the site's logo above an article
 *     headline: its words occur nowhere else on the page while a headline sits right above a byline;
 *  2. a code editor's or repository page's file name, when the page is mostly code;
 *  3. a receipt's merchant;
 *  4. a social post's topic: the main clause of its first sentence, never its author;
 *  5. an article's headline: the heading lines right above its byline, date or reading time;
 *  6. a heading that occurs twice near the top (a settings page's selected menu item and its heading);
 *  7. the first of the text's own leading headings, menus and furniture aside, that the text goes on to talk about;
 *  8. code described, the best short sentence, or the text's key phrases.
 */
import type { Block } from './blocks.js';
import { furnitureOf } from '../furniture.js';
import { TITLE_MAX, canonical, capitalise, countWords, joinAnd, shorten, tidyHeading } from '../text.js';
import type { Analyser } from './analyser.js';
import { codeTitle, editorFile, mostlyCode } from './code.js';
import { type Receipt, receiptTitle } from './receipt.js';
import { type Unit, byScore, rankPhrases } from './units.js';
import { type WordCheck, checkTitle } from './words.js';

/**
 * The OCR's heading of the first page (its most prominent line) when it is a sensible title: a few words that the
 * page's text contains, not a clock time, not mostly digits or symbols, not page furniture.
 */
export function headingTitle(heading: string | undefined, pageText: string): string | null {
  if (!heading) return null;
  const h = tidyHeading(heading.replace(/\s+/g, ' ').trim());
  const letters = (h.match(/\p{L}/gu) ?? []).length;
  if (letters < 3 || letters < 0.5 * h.replace(/\s/g, '').length || countWords(h) > 16) return null;
  // A heading is often made of words that also label buttons ("Notification settings"): only other furniture counts.
  if (!['controls', null].includes(furnitureOf(h))) return null;
  const key = canonical(h);
  if (!key || !canonical(pageText).includes(key)) return null;
  return shorten(h, TITLE_MAX);
}

/**
 * The OCR's heading with the start of its block when OCR found only the second half of a heading wrapped over two
 * lines (a phone's narrow screen): "n casa durante la" in "Cómo ahorrar agua n casa durante la".
 */
function wholeHeading(heading: string, blocks: Block[]): string {
  const key = canonical(heading);
  const k = blocks.findIndex((b) => 'text' in b && b.type !== 'furniture' && canonical(b.text).includes(key));
  const block = blocks[k];
  if (!block || !('text' in block) || canonical(block.text) === key) return heading;
  return /^\p{Ll}/u.test(heading) && canonical(block.text).endsWith(key) && countWords(block.text) <= 14
    ? block.text
    : heading;
}

/** Words that continue a headline on its next line ("Why the Tide Pools at Marrow Point / Are Getting Warmer"). */
const CONTINUES_RE =
  /^(?:are|is|was|were|will|can|could|should|would|has|have|had|do|does|did|and|or|but|of|in|for|to|with|on|at|from|by|as|than|that|into|over|under|about|after|before|vs\.?)\b/i;
const OPEN_END_RE =
  /\b(?:a|an|the|and|or|but|of|in|for|to|with|on|at|from|by|as|than|that|is|are|was|were|will|can|how|why|what|when|your|my|our|their|its)$/i;

function isHeadingLine(b: Block | undefined): b is Extract<Block, { type: 'heading' }> {
  return b?.type === 'heading' && !furnitureOf(b.text);
}

/** An article's headline: the heading lines right above its byline, date or reading time (furniture between). */
export function headline(blocks: Block[]): string | null {
  const top = blocks.slice(0, 16);
  const at = top.findIndex((b) => {
    if (b.type !== 'furniture') return false;
    const kind = furnitureOf(b.text);
    return (
      kind === 'byline' ||
      kind === 'date' ||
      kind === 'reading time' ||
      (kind === 'counts' && /\b(?:by|posted|published)\b/i.test(b.text))
    );
  });
  if (at <= 0) return null;
  let end = at - 1;
  while (end >= 0 && top[end]!.type === 'furniture') end--;
  let start = end;
  while (start - 1 >= 0 && isHeadingLine(top[start - 1])) start--;
  const run = top
    .slice(start, end + 1)
    .filter(isHeadingLine)
    .map((b) => b.text);
  if (run.length === 0) return null;
  // The line right above the byline, joined with the lines it continues; a short line that continues nothing is
  // the author's name ("Lena Okafor") under the headline.
  const label = (line: string) => countWords(line) <= 2 && line === line.toUpperCase(); // "SCIENCE"
  const continues = (upper: string, lower: string) =>
    !label(upper) && (CONTINUES_RE.test(lower) || OPEN_END_RE.test(upper));
  let i = run.length - 1;
  if (
    i > 0 &&
    countWords(run[i]!) <= 3 &&
    countWords(run[i - 1]!) > countWords(run[i]!) &&
    !continues(run[i - 1]!, run[i]!)
  )
    i--;
  let text = run[i]!;
  for (let k = i - 1; k >= 0 && continues(run[k]!, text); k--) text = `${run[k]!} ${text}`;
  return countWords(text) >= 3 ? text : null;
}

/** The OCR's heading is the site's name rather than the page's: none of its words occurs again on the page. */
function isMasthead(heading: string, text: string, analyser: Analyser): boolean {
  const terms = analyser.terms(heading);
  const body = canonical(text);
  return terms.length > 0 && terms.every((t) => body.split(t).length - 1 <= 1);
}

/** Headings before the content starts, without furniture and menus (runs of three or more short items). */
function leadingHeadings(blocks: Block[]): string[] {
  const out: string[] = [];
  for (const b of blocks.slice(0, 30)) {
    if (b.type === 'furniture') continue;
    if (b.type !== 'heading') {
      if (out.length > 0 || countWords('text' in b ? b.text : '') >= 12) break;
      continue;
    }
    out.push(b.text);
  }
  const kept: string[] = [];
  for (let i = 0; i < out.length;) {
    let j = i;
    while (j < out.length && countWords(out[j]!) <= 3) j++;
    if (j - i >= 3) {
      i = j; // a menu
      continue;
    }
    const stop = Math.max(j, i + 1);
    for (; i < stop; i++) kept.push(out[i]!);
  }
  return kept.filter((h) => {
    const letters = (h.match(/\p{L}/gu) ?? []).length;
    return letters >= 3 && letters >= 0.5 * h.replace(/\s/g, '').length;
  });
}

/** A heading that occurs twice near the top: a menu's selected item repeated as the page's heading. */
function repeatedHeading(blocks: Block[]): string | null {
  const seen = new Set<string>();
  for (const b of blocks.slice(0, 20)) {
    if (!isHeadingLine(b)) continue;
    const key = canonical(b.text);
    if (seen.has(key) && countWords(b.text) >= 2) return b.text;
    seen.add(key);
  }
  return null;
}

function headingScore(text: string, analyser: Analyser, weights: Map<string, number>): number {
  const terms = [...new Set(analyser.terms(text))];
  return terms.reduce((s, t) => s + (weights.get(t) ?? 0), 0) / Math.sqrt(Math.max(1, terms.length));
}

/** A social post: an author line with a handle ("@priya_grows", "u/crumbshot", "Tomasz Nowak • 2nd"). */
export function isSocialPost(blocks: Block[]): boolean {
  return blocks.some((b) => b.type === 'furniture' && furnitureOf(b.text) === 'handle' && !/^#/.test(b.text));
}

/** The main clause of a sentence as a title: up to its first colon, dash or semicolon when the whole is too long. */
function clauseTitle(sentence: string): string {
  const s = sentence.replace(/[.!?。…]+$/u, '').trim();
  if (s.length <= TITLE_MAX) return s;
  const cut = /^(.{15,}?)(?::|;| [–—-] )/.exec(s);
  if (cut && cut[1]!.length <= TITLE_MAX && countWords(cut[1]!) >= 3) return cut[1]!;
  return shorten(s, TITLE_MAX);
}

/** A social post's topic: its text's first sentence, as a title. */
function socialTitle(units: Unit[]): string | null {
  const first = units.find((u) => u.kind === 'sentence' && u.words >= 4);
  return first ? clauseTitle(first.text) : null;
}

function keyPhraseTitle(units: Unit[], analyser: Analyser, weights: Map<string, number>): string | null {
  const picked: string[] = [];
  for (const p of rankPhrases(units, analyser, weights)) {
    if (picked.length === 3) break;
    const c = canonical(p.text);
    if (picked.some((q) => canonical(q).includes(c) || c.includes(canonical(q)))) continue;
    picked.push(p.text);
  }
  return picked.length ? shorten(capitalise(joinAnd(picked)), TITLE_MAX) : null;
}

export interface TitleContext {
  /** Blocks of every page, and of the first page. */
  blocks: Block[];
  firstPage: Block[];
  /** The OCR's heading of the first page, and that page's text. */
  heading: string | undefined;
  firstPageText: string;
  units: Unit[];
  weights: Map<string, number>;
  analyser: Analyser;
  words: WordCheck;
  receipt: Receipt | null;
  proseWords: number;
}

/** The note's title (see the top of this file). */
export function buildTitle(ctx: TitleContext): string {
  const { blocks, firstPage, units, weights, analyser } = ctx;
  const found = headingTitle(ctx.heading, ctx.firstPageText);
  const ocr = found ? wholeHeading(found, firstPage) : null;
  const head = headline(firstPage);
  const prose = units.filter((u) => u.kind === 'sentence' || u.kind === 'item');
  const candidates: (() => string | null)[] = [
    () => (ctx.receipt ? receiptTitle(ctx.receipt.merchant) : null),
    () =>
      ocr && !(head && !canonical(head).includes(canonical(ocr)) && isMasthead(ocr, ctx.firstPageText, analyser))
        ? ocr
        : null,
    () => (mostlyCode(blocks, ctx.proseWords) && editorFile(blocks) ? codeTitle(blocks, ctx.proseWords) : null),
    () => (isSocialPost(firstPage) ? socialTitle(units) : null),
    () => head,
    () => repeatedHeading(firstPage),
    () => {
      const headings = leadingHeadings(firstPage);
      const relevant = headings.find((h) => headingScore(h, analyser, weights) > 0);
      return relevant ?? headings[0] ?? null;
    },
    () => codeTitle(blocks, ctx.proseWords),
    () => {
      const top = [...prose].sort(byScore)[0];
      return top && top.text.length <= TITLE_MAX && top.words >= 3 ? top.text : null;
    },
    () => {
      const first = prose[0];
      return first && first.text.length <= TITLE_MAX && first.words >= 3 ? first.text : null;
    },
    () => (analyser.english ? keyPhraseTitle(units, analyser, weights) : null),
    () => {
      const any = prose[0] ?? units[0];
      return any ? clauseTitle(any.text) : null;
    },
  ];
  for (const candidate of candidates) {
    const raw = candidate();
    if (!raw) continue;
    const checked = checkTitle(shorten(tidyHeading(raw).replace(/[.!?。]+$/u, ''), TITLE_MAX), ctx.words);
    if (checked && countWords(checked) >= 1) return checked.replace(/^subject\s*:\s*/i, '');
  }
  return 'Note';
}
