/**
 * The note's blocks of a page — headings, paragraphs, lists, code and page furniture — read from the structure OCR
 * hands over (OcrPageResult.blocks, contracts: page-structure.ts), or for a page that came as text only from the same
 * structure built from its text (text-structure.ts). OCR tells the page's heading, its list items, code lines, table
 * rows, label–value pairs, chat messages and paragraphs (lines up to a break); what is left to read here is what a
 * paragraph's lines are to a note: a wrapped line goes on with the one before (a word hyphenated at the line end
 * joined again), a short line without closing punctuation above more text is a section's heading, a chat bubble
 * ends with its time, a line of page furniture (furniture.ts: a button row, a count, a byline) stands alone, stray
 * marks and a phone's status bar go.
 */
import type { PageBlock } from '@snapnotes/contracts';
import { BARE_MESSAGE_TIME_RE, MESSAGE_TIME_RE, furnitureOf, isStatusBar } from '../furniture.js';
import { countWords } from '../text.js';
import {
  TERMINAL_RE,
  chatSpeaker,
  codeRuns,
  fixPipeI,
  isNoiseLine,
  joinWrapped,
  normaliseSpaces,
  parseBulletLine,
  startsLower,
} from './lines.js';
import { structureOfText } from './text-structure.js';

export type Block =
  | { type: 'heading'; text: string }
  /** A line of page furniture (a button row, a count, a byline, a page number): see furniture.ts. */
  | { type: 'furniture'; text: string }
  | { type: 'paragraph'; text: string }
  /** `start` is the first number of an ordered list (lists may continue across pages). */
  | { type: 'list'; ordered: boolean; start: number; items: string[] }
  /** Source code, kept line by line with its indentation. */
  | { type: 'code'; lines: string[] };

const CONNECTIVE_END_RE = /\b(?:and|or|but|of|the|a|an|to|in|for|with|on|by|from|as|at|that|which|is|are|was|were)$/i;
const SEPARATOR_RE = /^([-=_*~#.·•])(?:\s*\1){2,}$/u;

/** One line of the page as the note reads it: its kind from the structure, or from the line itself in a paragraph. */
type Line =
  | { kind: 'blank' }
  | { kind: 'break' }
  | { kind: 'heading'; text: string }
  | { kind: 'furniture'; text: string }
  | { kind: 'bullet'; ordered: boolean; number: number; text: string }
  | { kind: 'text'; text: string; indent: number }
  | { kind: 'code'; raw: string };

function isSpeakerLine(t: string): boolean {
  return chatSpeaker(t) !== null;
}

/** A line of text (of a paragraph, a table row, a form's pair): furniture, a stray mark, a list item or text. */
function textLine(raw: string): Line | null {
  // A back arrow before a screen's title ("< Settings", "< Marco Bellini") is an icon, not text.
  const t = raw.trim().replace(/^[<‹←]\s+(?=[\p{Lu}\p{N}])/u, '');
  if (t === '') return { kind: 'blank' };
  if (SEPARATOR_RE.test(t)) return { kind: 'break' };
  if (isNoiseLine(t) || isStatusBar(t)) return null;
  if (!isSpeakerLine(t) && (furnitureOf(t) || BARE_MESSAGE_TIME_RE.test(t)))
    return { kind: 'furniture', text: normaliseSpaces(t) };
  // A round bullet OCR read as "«" or "°" leaves the item in a paragraph.
  const bullet = parseBulletLine(fixPipeI(t));
  if (bullet) return { kind: 'bullet', ...bullet, text: normaliseSpaces(bullet.text) };
  return { kind: 'text', text: normaliseSpaces(fixPipeI(t)), indent: raw.length - raw.trimStart().length };
}

/** Lines of one paragraph: a run of code lines OCR did not mark (a snippet on a page of prose) stays code. */
function paragraphLines(text: string): Line[] {
  const raw = text.split('\n').map((l) => l.replace(/\t/g, '  ').replace(/\s+$/, ''));
  const code = codeRuns(raw);
  return raw.flatMap((l, i) => (code[i] ? [{ kind: 'code', raw: l } as const] : (textLine(l) ?? [])));
}

/** The height of one printed line of a block. */
const lineHeight = (b: PageBlock) => b.box[3] / Math.max(1, b.text.split('\n').length);

/** Whether a paragraph break stands between two blocks: OCR ends a paragraph at one, else a gap of half a line. */
function apart(a: PageBlock, b: PageBlock): boolean {
  if (a.kind === 'chat-message' || (a.kind === 'paragraph' && b.kind === 'paragraph')) return true;
  return gapBetween(a, b) > 0.5 * Math.min(lineHeight(a), lineHeight(b));
}

/** The gap between two blocks, from the bottom of the first to the top of the second. */
const gapBetween = (a: PageBlock, b: PageBlock) => b.box[1] - (a.box[1] + a.box[3]);

/**
 * Whether a blank line stands between two lines of code: a gap half a line taller than the usual gap between this
 * page's lines of code (an editor sets its own line spacing; 1.5 lines apart is not a blank line).
 */
function codeApart(a: PageBlock, b: PageBlock, usualGap: number): boolean {
  return gapBetween(a, b) > usualGap + 0.5 * Math.min(lineHeight(a), lineHeight(b));
}

function linesOf(structure: readonly PageBlock[]): Line[] {
  const out: Line[] = [];
  const codeGaps = structure
    .slice(1)
    .flatMap((b, i) =>
      b.kind === 'code-line' && structure[i]!.kind === 'code-line' ? [gapBetween(structure[i]!, b)] : [],
    )
    .sort((x, y) => x - y);
  const usualCodeGap = Math.max(0, codeGaps[Math.floor(codeGaps.length / 2)] ?? 0);
  structure.forEach((b, i) => {
    const prev = structure[i - 1];
    if (prev && b.kind === 'code-line' && prev.kind === 'code-line') {
      if (codeApart(prev, b, usualCodeGap)) out.push({ kind: 'code', raw: '' });
    } else if (prev && apart(prev, b)) out.push({ kind: 'blank' });
    switch (b.kind) {
      case 'heading': {
        const line = textLine(b.text);
        if (line?.kind === 'text' || line?.kind === 'bullet')
          out.push({ kind: 'heading', text: normaliseSpaces(b.text) });
        else if (line) out.push(line);
        break;
      }
      case 'code-line':
        out.push({ kind: 'code', raw: b.text.replace(/\t/g, '  ').replace(/\s+$/, '') });
        break;
      case 'list-item': {
        const line = textLine(`${b.marker} ${b.text}`);
        if (line?.kind === 'text') out.push({ kind: 'bullet', ordered: false, number: 0, text: line.text });
        else if (line) out.push(line);
        break;
      }
      case 'table-row': {
        const line = textLine(b.cells.filter((c) => c.trim()).join(' '));
        if (line) out.push(line);
        break;
      }
      case 'chat-message':
        // The sender's name stood above the bubble; the bubble's lines are one message.
        if (b.sender) out.push({ kind: 'text', text: b.sender, indent: 0 });
        out.push(...paragraphLines(b.text));
        break;
      default:
        out.push(...paragraphLines(b.text));
    }
  });
  return out;
}

/** The note's blocks of a page: from the structure OCR handed over, else from the one built from its text. */
export function pageBlocks(page: { text: string; heading?: string; blocks?: readonly PageBlock[] }): Block[] {
  const structure = page.blocks?.length ? page.blocks : structureOfText(page.text, page.heading);
  return assemble(linesOf(structure));
}

/** The note's blocks from the page's lines as the structure gave them, in reading order. */
function assemble(lines: Line[]): Block[] {
  const blocks: Block[] = [];
  let para: string[] | null = null; // lines of the open paragraph (already joined per wrap rules)
  let paraText = '';
  let paraMax = 0;
  let lastLine = '';
  let list: { ordered: boolean; start: number; items: string[] } | null = null;
  let code: string[] | null = null;

  const closePara = () => {
    if (para && paraText.trim()) blocks.push({ type: 'paragraph', text: paraText.trim() });
    para = null;
    paraText = '';
    paraMax = 0;
  };
  const closeList = () => {
    if (list && list.items.length) blocks.push({ type: 'list', ...list });
    list = null;
  };
  const closeCode = () => {
    if (code) {
      while (code.length && code[code.length - 1]?.trim() === '') code.pop();
      const lines: string[] = [];
      for (const l of code) if (!(l.trim() === '' && lines[lines.length - 1]?.trim() === '')) lines.push(l);
      // Remove the common indentation.
      const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
      if (lines.length) blocks.push({ type: 'code', lines: lines.map((l) => l.slice(indent)) });
    }
    code = null;
  };
  const closeAll = () => {
    closePara();
    closeList();
    closeCode();
  };
  const prevBlock = (): Block | undefined => blocks[blocks.length - 1];

  const nextContent = (from: number): Line | undefined => {
    for (let k = from; k < lines.length; k++) {
      const l = lines[k];
      if (l && l.kind !== 'blank') return l;
    }
    return undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.kind === 'code') {
      if (!code) {
        closePara();
        closeList();
        code = [];
      }
      code.push(line.raw);
      continue;
    }
    if (code) closeCode();

    if ((line.kind === 'furniture' || line.kind === 'text') && BARE_MESSAGE_TIME_RE.test(line.text)) {
      // A chat bubble's time wrapped onto a line of its own ends the bubble above it.
      const prev = prevBlock();
      if (para !== null) {
        paraText = `${paraText} ${line.text}`;
        closePara();
        lastLine = line.text;
        continue;
      }
      if (prev?.type === 'heading' && !isSpeakerLine(prev.text)) {
        blocks[blocks.length - 1] = { type: 'paragraph', text: `${prev.text} ${line.text}` };
        lastLine = line.text;
        continue;
      }
    }

    if (line.kind === 'furniture') {
      // Page furniture stands alone: it never runs into a paragraph or a list item.
      closePara();
      closeList();
      blocks.push({ type: 'furniture', text: line.text });
      lastLine = line.text;
      continue;
    }

    if (line.kind === 'blank' && para !== null) {
      // A paragraph wrapped across a gap (OCR puts blank lines between blocks of one column): the next line goes on
      // with it when this one ends open and the next starts in lower case.
      const next = nextContent(i + 1);
      const open = !TERMINAL_RE.test(lastLine) && !/:$/.test(lastLine) && !MESSAGE_TIME_RE.test(lastLine);
      if (open && next?.kind === 'text' && !isSpeakerLine(next.text) && startsLower(next.text)) continue;
    }

    if (line.kind === 'blank' || line.kind === 'break') {
      closePara();
      // A blank line inside a list does not end it (items are often spaced); a separator does.
      if (line.kind === 'break') closeList();
      continue;
    }

    if (line.kind === 'heading') {
      // The page's heading as OCR found it (larger than the body text).
      closePara();
      closeList();
      blocks.push({ type: 'heading', text: line.text.replace(/\s*:$/, '') });
      lastLine = line.text;
      continue;
    }

    if (line.kind === 'bullet') {
      closePara();
      if (list && list.ordered !== line.ordered) closeList();
      if (!list) list = { ordered: line.ordered, start: line.ordered ? line.number : 1, items: [] };
      list.items.push(line.text);
      lastLine = line.text;
      continue;
    }

    // A text line.
    const t = line.text;
    if (list) {
      const lastItem = list.items[list.items.length - 1] ?? '';
      const continues =
        startsLower(t) || /[-,;:]$/.test(lastItem) || CONNECTIVE_END_RE.test(lastItem) || line.indent >= 2;
      const previousWasBlank = lines[i - 1]?.kind === 'blank';
      if (continues && !previousWasBlank && !isSpeakerLine(t)) {
        list.items[list.items.length - 1] = joinWrapped(lastItem, t);
        lastLine = t;
        continue;
      }
      closeList();
    }

    // Headings: chat "Name 10:42" lines always; otherwise short lines without closing punctuation that start
    // something (not the middle of a sentence) and are followed by content that is not a lower-case continuation.
    const next = nextContent(i + 1);
    const endsOpen = para !== null && !TERMINAL_RE.test(lastLine) && !/:$/.test(lastLine);
    const headingCandidate =
      countWords(t) >= 1 &&
      countWords(t) <= 10 &&
      t.length <= 70 &&
      !TERMINAL_RE.test(t) &&
      !/[,;:\-–—]$/.test(t) &&
      // "Volunteers who have counted sea stars at" goes on on the next line.
      !(lines[i + 1]?.kind === 'text' && countWords(t) >= 4 && CONNECTIVE_END_RE.test(t)) &&
      /^[\p{Lu}\p{N}\p{Lo}]/u.test(t) &&
      /\p{L}/u.test(t);
    const chatMeta = isSpeakerLine(t);
    const nextOk =
      next !== undefined &&
      !(next.kind === 'text' && startsLower(next.text)) &&
      !(next.kind === 'text' && isSpeakerLine(next.text) && !chatMeta);
    // After a chat "Name 10:42" line comes the message, however short.
    const prev = prevBlock();
    const afterHeading = para === null && prev?.type === 'heading' && isSpeakerLine(prev.text) && !chatMeta;
    if (chatMeta || (headingCandidate && !endsOpen && nextOk && !afterHeading)) {
      closePara();
      blocks.push({ type: 'heading', text: t.replace(/\s*:$/, '') });
      lastLine = t;
      continue;
    }

    if (para === null) {
      para = [t];
      paraText = t;
      paraMax = t.length;
    } else {
      // A short last line that ends a sentence ends the paragraph; ':' introduces what follows.
      const prevShort = lastLine.length < 0.55 * paraMax && TERMINAL_RE.test(lastLine);
      const breakHere = (prevShort || /:$/.test(lastLine)) && !startsLower(t);
      if (breakHere) {
        closePara();
        para = [t];
        paraText = t;
        paraMax = t.length;
      } else {
        para.push(t);
        paraText = joinWrapped(paraText, t);
        paraMax = Math.max(paraMax, t.length);
      }
    }
    lastLine = t;
    // A chat bubble ends with its time ("… tonight? 17:40"): the next line is another message.
    if (MESSAGE_TIME_RE.test(t)) closePara();
  }
  closeAll();
  return mergeAdjacentLists(blocks);
}

/** Two lists of the same kind separated only by blank lines are one list. */
function mergeAdjacentLists(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const prev = out[out.length - 1];
    if (b.type === 'list' && prev?.type === 'list' && prev.ordered === b.ordered) {
      prev.items.push(...b.items);
    } else {
      out.push(b.type === 'list' ? { ...b, items: [...b.items] } : b);
    }
  }
  return out;
}

/** Renders blocks as plain text: one paragraph per line, "- item" / "1. item" lists, blocks separated by a blank line. */
export function renderBlocks(blocks: Block[]): string {
  return blocks
    .map((b) => {
      switch (b.type) {
        case 'heading':
        case 'furniture':
        case 'paragraph':
          return b.text;
        case 'list':
          return b.items.map((item, i) => (b.ordered ? `${b.start + i}. ${item}` : `- ${item}`)).join('\n');
        case 'code':
          return b.lines.join('\n');
      }
    })
    .filter((s) => s.trim().length > 0)
    .join('\n\n');
}

/**
 * The page's text as a summariser reads it (SummariseRequest's pages): its blocks rendered, one paragraph per line,
 * a list item per line, code as printed, furniture and stray marks apart or gone.
 */
export function summaryText(page: { text: string; heading?: string; blocks?: readonly PageBlock[] }): string {
  return renderBlocks(pageBlocks(page));
}
