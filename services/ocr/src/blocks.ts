/**
 * The page's structure (contracts: page-structure.ts) from the lines of the reading OCR kept, in reading order:
 * the page's heading, list items (a bullet or a number first), code lines (on a page of code), label–value pairs
 * ("Date: 9/3/92"), table rows (a line whose cells stand apart: TABs in the text), paragraphs (the other lines,
 * up to a paragraph break) and, on a phone chat, messages with the side of their bubble and the sender named right
 * above a bubble on the left (chat-sides.ts).
 */
import { boxUnion, MAX_PAGE_BLOCKS, type PageBlock, type PageBox } from '@snapnotes/contracts';
import { bubbleSides } from './chat-sides.js';

/** A line of the page's text with where it stands on the image. */
export interface PageLine {
  /** As in the page's text: cells apart by TABs, a code line's indentation in leading spaces. */
  text: string;
  /** 0–100. */
  confidence: number;
  /** [left, top, width, height] in pixels of the uploaded image. */
  box: PageBox;
}

/**
 * A line of source code: a statement's end, a block, an arrow, an assignment, a comment or a keyword at its start
 * (SQL's in capitals, as written).
 */
const CODE_LINE =
  /[{};]\s*$|=>|:=|[!=]==?|\/\/|^\s*(?:#|def |class |import |from |return\b|const |let |var |function\b|if\b|for\b|while\b|with |yield\b|elif\b|else\b|try\b|except\b|public |private |fn |func )|^\s*[\w.[\]"']+\s*[+\-*/]?=\s*\S|^\s*(?:SELECT|FROM|WHERE|JOIN|LEFT JOIN|INNER JOIN|GROUP BY|ORDER BY|HAVING|LIMIT|INSERT INTO|UPDATE|DELETE FROM|CREATE (?:OR REPLACE |TABLE|INDEX|VIEW|FUNCTION)|ALTER TABLE|WITH|RETURNS|AND|OR)\b|^\s*--\s/;

/** Whether a page's text is source code: three lines or more, at least 30% of them looking like code. */
export function looksLikeCode(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.length >= 3 && lines.filter((l) => CODE_LINE.test(l)).length >= 0.3 * lines.length;
}

const BULLET = /^([•·▪◦‣●○■□➢➤►▶▸✓✔→*–—-])\s+(\S.*)$/u;
const ORDERED = /^(\d{1,3}[.)]|\(\d{1,3}\)|[a-z][.)])\s+(\S.*)$/;
/** "Label: value": a short label with a letter in it, a colon, a space or TAB, then the value. */
const LABEL_VALUE = /^([^:\t]*\p{L}[^:\t]*?)\s*:[ \t]+(\S.*)$/u;
const MAX_LABEL_WORDS = 5;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The mean confidence of several readings of text, each weighted by its length (0 for no text). */
export function meanConfidence(parts: readonly { text: string; confidence: number }[]): number {
  const chars = parts.reduce((n, p) => n + p.text.length, 0);
  return chars ? parts.reduce((n, p) => n + p.confidence * p.text.length, 0) / chars : 0;
}

/** Lines as one block: their text a line each, their boxes' union, each line's box (PageBlock.lines). */
function merged(lines: readonly PageLine[]): Pick<PageBlock, 'text' | 'confidence' | 'box' | 'lines'> {
  const confidence = meanConfidence(lines);
  return {
    text: lines.map((l) => l.text.trim()).join('\n'),
    confidence: Math.round(10 * confidence) / 10,
    box: boxUnion(lines.map((l) => l.box)),
    ...(lines.length > 1 ? { lines: lines.map((l) => l.box) } : {}),
  };
}

/** What one line is, on its own (paragraph lines are joined afterwards). */
function lineBlock(line: PageLine, code: boolean): PageBlock {
  const base = { text: line.text, confidence: line.confidence, box: line.box };
  const trimmed = line.text.trim();
  if (code) return { kind: 'code-line', ...base, indent: line.text.length - line.text.trimStart().length };
  const bullet = BULLET.exec(trimmed) ?? ORDERED.exec(trimmed);
  if (bullet) return { kind: 'list-item', ...base, text: bullet[2]!, marker: bullet[1]! };
  const cells = trimmed.split('\t').map((c) => c.trim());
  const pair = LABEL_VALUE.exec(trimmed);
  if (pair && pair[1]!.trim().split(/\s+/).length <= MAX_LABEL_WORDS) {
    return { kind: 'label-value', ...base, label: pair[1]!.trim(), value: pair[2]!.replace(/\t/g, ' ').trim() };
  }
  if (cells.filter((c) => c !== '').length >= 2) return { kind: 'table-row', ...base, cells };
  return { kind: 'paragraph', ...base };
}

interface Message {
  lines: PageLine[];
  bubble: number;
  side: 'left' | 'right';
}

/** A sender's name above a bubble: one to three capitalised words, no digit, no end punctuation. */
const SENDER = /^\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){0,2}$/u;

/**
 * A chat message from its bubble's lines. A bubble on the left takes as its sender the name standing alone right
 * above it (a group chat), which then leaves the blocks.
 */
function chatMessage(lines: readonly PageLine[], side: 'left' | 'right', blocks: PageBlock[]): PageBlock {
  const isName = (text: string) => SENDER.test(text.trim()) && text.trim().length <= 30;
  // Names are set smaller than the messages, or stand short above lines that fill the bubble (a message's text
  // wraps, so its first line is never much shorter than the next): a one-word message ("Thanks") is not a name.
  const small = (line: PageLine, than: readonly PageLine[]) =>
    than.length > 0 &&
    (line.box[3] <= 0.85 * Math.min(...than.map((l) => l.box[3])) ||
      line.box[2] * 2 <= Math.max(...than.map((l) => l.box[2])));
  // The name as the bubble's first line (OCR read it with the bubble).
  if (side === 'left' && lines.length >= 2 && isName(lines[0]!.text) && small(lines[0]!, lines.slice(1))) {
    return { kind: 'chat-message', ...merged(lines.slice(1)), side, sender: lines[0]!.text.trim() };
  }
  const message: PageBlock = { kind: 'chat-message', ...merged(lines), side };
  const prev = blocks.at(-1);
  const name = prev && !prev.text.includes('\n') && isName(prev.text) ? prev.text.trim() : '';
  const above = prev && lines[0]!.box[1] - (prev.box[1] + prev.box[3]) <= 1.5 * lines[0]!.box[3];
  // The name right above the bubble: a line of its own, or a "bubble" of the name alone set smaller.
  const nameLine =
    prev?.kind === 'paragraph' ||
    (prev?.kind === 'chat-message' && prev.side === 'left' && prev.box[3] <= 0.85 * lines[0]!.box[3]);
  if (side === 'left' && name && above && nameLine) {
    blocks.pop();
    return { ...message, sender: name };
  }
  return message;
}

/** Where the page's heading stands in its lines: one line, or two when it wraps (as recognize.ts finds it). */
function headingLines(lines: readonly (PageLine | null)[], heading: string | null): [number, number] | null {
  if (!heading) return null;
  const wanted = squash(heading);
  for (let i = 0; i < lines.length; i++) {
    const one = lines[i];
    if (!one) continue;
    if (squash(one.text) === wanted) return [i, i + 1];
    const two = lines[i + 1];
    if (two && squash(`${one.text} ${two.text}`) === wanted) return [i, i + 2];
  }
  return null;
}

/**
 * The blocks of a page from its lines in reading order (null: a paragraph break). `heading` is the page's heading
 * as OCR found it (the largest line near the top, recognize.ts); its line or lines become one heading block.
 */
export function blocksOf(lines: readonly (PageLine | null)[], heading: string | null): PageBlock[] {
  const code = looksLikeCode(lines.map((l) => l?.text ?? '').join('\n'));
  const title = headingLines(lines, heading);
  const chat = code ? null : bubbleSides(lines);
  const blocks: PageBlock[] = [];
  let paragraph: PageLine[] = [];
  let message: Message | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', ...merged(paragraph) });
    paragraph = [];
    const done = message as Message | null;
    if (done) blocks.push(chatMessage(done.lines, done.side, blocks));
    message = null;
  };
  const order = chat?.order ?? lines.map((_, i) => i);
  const taken = new Set<number>();
  for (const i of order) {
    if (taken.has(i)) continue;
    const line = lines[i];
    const bubble = chat?.sides[i];
    if (line && bubble) {
      if (paragraph.length || message?.bubble !== bubble.bubble) {
        flush();
        message = { lines: [], bubble: bubble.bubble, side: bubble.side };
      }
      message!.lines.push(line);
      continue;
    }
    // Inside a chat, a bubble's lines may come with breaks between them: the bubble, not the break, ends a message.
    if (chat && !(line && line.text.trim())) {
      if (paragraph.length) flush();
      continue;
    }
    if (message) flush();
    if (title && i === title[0]) {
      flush();
      const parts = lines.slice(title[0], title[1]) as PageLine[];
      // One line of text from the heading's printed lines: its box is theirs, it has no lines of its own.
      const { lines: _, ...head } = merged(parts);
      blocks.push({ kind: 'heading', ...head, text: parts.map((l) => l.text.trim()).join(' ') });
      for (let j = title[0]; j < title[1]; j++) taken.add(j);
      continue;
    }
    if (!line || line.text.trim() === '') {
      flush();
      continue;
    }
    const block = lineBlock(line, code);
    if (block.kind === 'paragraph') paragraph.push(line);
    else {
      flush();
      blocks.push(block);
    }
  }
  flush();
  return withLostMarkers(blocks).slice(0, MAX_PAGE_BLOCKS);
}

/**
 * A list item whose bullet OCR did not see (a small "•" in a light colour, read as nothing): a one-line paragraph
 * standing between two items of the same marker, as high as they are, its text starting just right of where their
 * markers stand (where their text starts), the list's line pitch kept above and below it. It becomes an item of the
 * same marker; a paragraph between items that differs in any of these (a wrapped line, an indented note, a gap) stays.
 */
function withLostMarkers(blocks: PageBlock[]): PageBlock[] {
  return blocks.map((b, i) => {
    const before = blocks[i - 1];
    const after = blocks[i + 1];
    if (b.kind !== 'paragraph' || b.text.includes('\n')) return b;
    if (before?.kind !== 'list-item' || after?.kind !== 'list-item' || before.marker !== after.marker) return b;
    if (/\d/.test(before.marker)) return b; // a numbered list's lost number is not ours to invent
    const [x, top, , h] = b.box;
    const [bx, btop, , bh] = before.box;
    const [ax, atop, , ah] = after.box;
    const lineHeight = (bh + ah) / 2;
    const sameHeight = h >= lineHeight * 0.7 && h <= lineHeight * 1.4;
    const markerWidth = x - Math.min(bx, ax);
    const textWhereTheirsIs =
      Math.abs(bx - ax) <= lineHeight * 0.5 && markerWidth > 0 && markerWidth <= lineHeight * 2.5;
    const above = top - btop;
    const below = atop - top;
    const samePitch = above > 0 && below > 0 && Math.abs(above - below) <= Math.max(above, below) * 0.25;
    if (!(sameHeight && textWhereTheirsIs && samePitch)) return b;
    return { kind: 'list-item', text: b.text, confidence: b.confidence, box: b.box, marker: before.marker };
  });
}
