/**
 * Cleaning of OCR text before it is summarised (DESIGN §4: re-join hyphenated words, unwrap lines,
 * keep bullets, treat short unpunctuated lines as headings). Pure functions, no I/O.
 *
 * Tesseract returns one line of text per printed line. A paragraph that wraps over five printed lines
 * arrives as five lines, words split at a line end arrive as "informa-" + "tion", list items arrive as
 * "• item" lines, and stray marks (rules, icons, bullets on their own) arrive as lines of lone symbols.
 * `parseBlocks` turns that into headings, paragraphs, lists and code blocks; `prepareSummaryText` renders the
 * blocks back to plain text, one paragraph per line, blocks separated by a blank line.
 */

import { countWords } from '@snapnotes/contracts';
import { BARE_MESSAGE_TIME_RE, CLOCK_RE, MESSAGE_TIME_RE, furnitureOf, isStatusBar } from './furniture.js';

export type Block =
  | { type: 'heading'; text: string }
  /** A line of page furniture (a button row, a count, a byline, a page number): see furniture.ts. */
  | { type: 'furniture'; text: string }
  | { type: 'paragraph'; text: string }
  /** `start` is the first number of an ordered list (lists may continue across pages). */
  | { type: 'list'; ordered: boolean; start: number; items: string[] }
  /** Source code, kept line by line with its indentation. */
  | { type: 'code'; lines: string[] };

/** Words that are commonly the first half of a hyphenated compound: "well-\nknown" stays "well-known". */
// prettier-ignore
const COMPOUND_FIRST = new Set([
  'self', 'well', 'ill', 'all', 'ex', 'half', 'cross', 'long', 'short', 'high', 'low', 'full', 'part',
  'so', 'state', 'real', 'open', 'user', 'end', 'built', 'time', 'cost', 'one', 'two', 'three', 'four',
  'five', 'six', 'seven', 'eight', 'nine', 'ten', 'first', 'second', 'third', 'non', 'pre', 'post',
  'anti', 'co', 'semi', 'multi', 'sub', 'inter', 'out', 'over', 'under', 'up', 'down', 'far', 'near',
  'hands', 'old', 'new', 'top', 'left', 'right', 'front', 'back', 'mid', 'third', 'read', 'write',
]);

const LIGATURES: Record<string, string> = { ﬀ: 'ff', ﬁ: 'fi', ﬂ: 'fl', ﬃ: 'ffi', ﬄ: 'ffl', ﬅ: 'st', ﬆ: 'st' };

/** Bullet glyphs, including the ones tesseract commonly reads a round bullet as ("«", "°", "»"). */
const BULLET_RE = /^([-–—*•·▪▫◦‣●○■□➢➤►▶▸✓✔✗→>«»°])\s+(.*)$/u;
const ORDERED_RE = /^(?:(\d{1,3})[.)]|\((\d{1,3})\)|([a-z])[.)]|\(([a-z])\)|([A-Z])\))\s+(.*)$/;
const TERMINAL_RE = /[.!?…。！？]["'”’)\]]*$/u;
const CONNECTIVE_END_RE = /\b(?:and|or|but|of|the|a|an|to|in|for|with|on|by|from|as|at|that|which|is|are|was|were)$/i;
const SEPARATOR_RE = /^([-=_*~#.·•])(?:\s*\1){2,}$/u;

/** Replaces ligatures, odd spaces, zero-width and soft-hyphen characters, and unifies line ends. */
export function normaliseCharacters(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n\n')
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
    .replace(/\t/g, '  ')
    .replace(/[ﬀﬁﬂﬃﬄﬅﬆ]/g, (c) => LIGATURES[c] ?? c);
}

/** Collapses runs of spaces and removes spaces before closing punctuation ("word ," → "word,"). */
export function normaliseSpaces(line: string): string {
  return line
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?%)\]])(?=\s|$)/g, '$1')
    .replace(/([([]) /g, '$1')
    .trim();
}

/** A line of lone symbols or OCR specks: no letter or digit, or a single character. */
export function isNoiseLine(line: string): boolean {
  const t = line.trim();
  if (t.length === 0) return false;
  const alnum = t.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  if (alnum === 0) return true;
  if (t.length === 1)
    return !/\p{N}/u.test(t) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(t);
  // e.g. "~ | ." or "» |": mostly symbols with at most one letter.
  return t.length <= 6 && alnum === 1 && !/^\p{L}[.)]?$/u.test(t) && !/^\p{N}+$/u.test(t);
}

/** A list item line: returns the marker kind and the item text, or null. */
export function parseBulletLine(line: string): { ordered: boolean; number: number; text: string } | null {
  const t = line.trim();
  const b = BULLET_RE.exec(t);
  if (b && b[2] && /[\p{L}\p{N}]/u.test(b[2])) {
    // "> quote" and "- 5" are rare in screenshots; "-" followed by text is a bullet.
    return { ordered: false, number: 0, text: b[2] };
  }
  const o = ORDERED_RE.exec(t);
  if (o && o[6] && /[\p{L}\p{N}]/u.test(o[6])) {
    const digits = o[1] ?? o[2];
    const letter = o[3] ?? o[4] ?? o[5];
    const number = digits !== undefined ? Number(digits) : letter ? letter.toLowerCase().charCodeAt(0) - 96 : 1;
    return { ordered: true, number, text: o[6] };
  }
  return null;
}

const CODE_PATTERNS: RegExp[] = [
  /^(?:\/\/|\/\*|\*\/|#!|<!--|-->)/, // comments
  /\{\s*$/, // opens a block
  /^[}\]]/, // closes a block
  /=>|===|!==|&&|\|\||\+\+|\+=|-=|::/,
  /^(?:const|let|var)\s+[\w${[\]]+\s*[=:;]/,
  /^(?:async\s+)?function\b\s*\*?\s*[\w$]*\s*\(/,
  /^(?:def|fn|func)\s+\w+\s*\(/,
  /^(?:export\s+)?(?:default\s+)?(?:abstract\s+)?(?:class|interface|enum|type)\s+[A-Z]\w*\b.*(?:[:{=]|extends|implements)/,
  /^import\s+(?:\{|\*|[\w$]+\s*(?:,|from\b)|['"])/,
  /^import\s+[\w.]+(?:\s+as\s+\w+)?$/,
  /^from\s+[\w.]+\s+import\s+\S/,
  /^export\s+(?:default|const|let|function|class|interface|type|async|\{|\*)/,
  /^return(?:\s.*)?;$/,
  /^return\s+[\w$.[\]]+\(.*\)\s*;?$/,
  /^import\s*\($/,
  /^(?:public|private|protected)\s+(?:static\s+)?(?:final\s+)?[\w<>[\]]+\s+\w+\s*[({=;]/,
  /^#include\s*[<"]/,
  /^package\s+[\w.]+;?$/,
  /^(?:print|printf|println|puts|console\.\w+|System\.out\.\w+)\s*\(/,
  /^(?:if|for|while|switch)\s*\(.*\)\s*\{?$/,
  /^(?:if|elif|while)\s+.*(?:[=<>!]=|[<>]|\bnot\b|\bin\b|\bis\b).*:$/,
  /^for\s+\w+(?:,\s*\w+)*\s+in\s+.+:$/,
  /^(?:else|try|finally):$/,
  /^except\b.*:$/,
  /^(?:case\s+.+|default):$/,
  /;$/, // only counted together with code punctuation, see below
  /^[A-Za-z_$][\w$.]*(?:\[[^\]]*\])?\s*=\s*[^=\s]/, // assignment
  /\b[\w$]+\.[\w$]+\([^)]*\)/, // method call
  /^(?:SELECT|INSERT|UPDATE|DELETE|CREATE)\s+\S.*\b(?:FROM|INTO|TABLE|SET|WHERE)\b/,
];

/** Lines that look like source code rather than prose. */
export function isCodeLine(line: string): boolean {
  const t = line.trim();
  if (t.length === 0) return false;
  // Bullet items with an arrow ("- light -> ATP") are notes, not code.
  if (parseBulletLine(t) && !/[;{]$/.test(t)) return false;
  return CODE_PATTERNS.some((re) => {
    if (re.source === ';$')
      return /;$/.test(t) && /[=()[\]{}"']/.test(t) && !/^\p{Lu}\p{Ll}+\s+\p{Ll}+\s+\p{Ll}+/u.test(t);
    return re.test(t);
  });
}

const BRACKET_ONLY_RE = /^[\s{}()[\];,]+$/;

const BEFORE_I_RE =
  /\b(what|when|why|how|where|who|if|and|but|so|as|that|because|then|than|until|while|where|now|today)\s\|(?=\s)/giu;

/** A lone "|" that OCR read for the pronoun "I": before a lower-case word, or after "what", "when", "but"… */
function fixPipeI(line: string): string {
  return line.replace(/(^|\s)\|(?=\s+\p{Ll})/gu, '$1I').replace(BEFORE_I_RE, '$1 I');
}

const CLOCK_G = new RegExp(CLOCK_RE.source, 'g');
const DAY_WORDS_RE = /\b(?:today|yesterday|heute|gestern|aujourd'hui|hier|hoy|ayer|at|um|à|a las)\b/giu;

/**
 * The speaker of a chat's "Name 10:42 AM" or "Name Today at 4:12 PM" line, or null when the line is not one: a name
 * is one to four capitalised words (or one user name), and a message that ends with its time ("See you there 17:47
 * ✓✓") is not a speaker line.
 */
export function chatSpeaker(line: string): string | null {
  const t = line.trim();
  if (!CLOCK_RE.test(t) || /[✓✔]/u.test(t) || t.length > 48 || t.split(/\s+/).length > 7) return null;
  const name = t
    .replace(CLOCK_G, ' ')
    .replace(DAY_WORDS_RE, ' ')
    .replace(/[[\]()|,·•:–—-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!name || TERMINAL_RE.test(name)) return null;
  const words = name.split(' ');
  const capitalised = words.length <= 4 && words.every((w) => /^[\p{Lu}\p{Lt}][\p{L}'’.]*$/u.test(w));
  const userName = words.length === 1 && /^[a-z][a-z0-9]*[._][a-z0-9._]+$/.test(name);
  return capitalised || userName ? name : null;
}

function isChatMetaLine(t: string): boolean {
  return chatSpeaker(t) !== null;
}

function startsLower(s: string): boolean {
  return /^[\p{Ll}]/u.test(s);
}

/**
 * Joins a wrapped line onto the text before it: "informa-" + "tion" → "information",
 * "well-" + "known" → "well-known", "COVID-" + "19" → "COVID-19", otherwise with a space.
 */
export function joinWrapped(before: string, after: string): string {
  const a = before.trimEnd();
  const b = after.trimStart();
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const hy = /(\p{L}+)-$/u.exec(a);
  if (hy && hy[1]) {
    if (startsLower(b) && !COMPOUND_FIRST.has(hy[1].toLowerCase())) return a.slice(0, -1) + b;
    if (!/^\s/.test(b)) return a + b;
  }
  return `${a} ${b}`;
}

type Line =
  | { kind: 'blank' }
  | { kind: 'break' }
  | { kind: 'furniture'; text: string }
  | { kind: 'bullet'; ordered: boolean; number: number; text: string }
  | { kind: 'text'; text: string; indent: number }
  | { kind: 'code'; raw: string };

function classifyLines(text: string): Line[] {
  const raw = normaliseCharacters(text)
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''));
  // Code runs first: a run of code-like lines (and bracket-only or blank lines between them) with at least two code lines.
  const codeish = raw.map((l) => isCodeLine(l));
  const inCode = new Array<boolean>(raw.length).fill(false);
  for (let i = 0; i < raw.length;) {
    if (!codeish[i]) {
      i++;
      continue;
    }
    let j = i;
    let count = 0;
    let last = i;
    while (j < raw.length) {
      const l = raw[j] ?? '';
      if (codeish[j]) {
        count++;
        last = j;
      } else if (!(l.trim() === '' || BRACKET_ONLY_RE.test(l) || (/^\s{2,}\S/.test(l) && j > i))) {
        break;
      }
      j++;
    }
    if (count >= 2) for (let k = i; k <= last; k++) inCode[k] = true;
    i = last + 1;
  }

  const out: Line[] = [];
  raw.forEach((l, i) => {
    if (inCode[i]) {
      out.push({ kind: 'code', raw: l });
      return;
    }
    // A back arrow before a screen's title ("< Settings", "< Marco Bellini") is an icon, not text.
    const t = l.trim().replace(/^[<‹←]\s+(?=[\p{Lu}\p{N}])/u, '');
    if (t === '') out.push({ kind: 'blank' });
    else if (SEPARATOR_RE.test(t)) out.push({ kind: 'break' });
    else if (isNoiseLine(t) || isStatusBar(t)) return;
    else if (!isChatMetaLine(t) && (furnitureOf(t) || BARE_MESSAGE_TIME_RE.test(t)))
      out.push({ kind: 'furniture', text: normaliseSpaces(t) });
    else {
      const bullet = parseBulletLine(fixPipeI(t));
      if (bullet) out.push({ kind: 'bullet', ...bullet, text: normaliseSpaces(bullet.text) });
      else out.push({ kind: 'text', text: normaliseSpaces(fixPipeI(t)), indent: l.length - l.trimStart().length });
    }
  });
  return out;
}

/** Parses OCR text into headings, paragraphs, lists and code blocks, in reading order. */
export function parseBlocks(text: string): Block[] {
  const lines = classifyLines(text);
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
      if (prev?.type === 'heading' && !isChatMetaLine(prev.text)) {
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
      if (open && next?.kind === 'text' && !isChatMetaLine(next.text) && startsLower(next.text)) continue;
    }

    if (line.kind === 'blank' || line.kind === 'break') {
      closePara();
      // A blank line inside a list does not end it (items are often spaced); a separator does.
      if (line.kind === 'break') closeList();
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
      if (continues && !previousWasBlank && !isChatMetaLine(t)) {
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
    const chatMeta = isChatMetaLine(t);
    const nextOk =
      next !== undefined &&
      !(next.kind === 'text' && startsLower(next.text)) &&
      !(next.kind === 'text' && isChatMetaLine(next.text) && !chatMeta);
    // After a chat "Name 10:42" line comes the message, however short.
    const prev = prevBlock();
    const afterHeading = para === null && prev?.type === 'heading' && isChatMetaLine(prev.text) && !chatMeta;
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

/** Cleans OCR text for summarising: the rendering of `parseBlocks`. */
export function prepareSummaryText(text: string): string {
  return renderBlocks(parseBlocks(text));
}

/**
 * The extracted text as the user sees it ("Original Text"): the OCR output, only lightly tidied:
 * unified line ends, no trailing spaces, no invisible characters, at most one blank line in a row.
 */
export function tidyOriginalText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
