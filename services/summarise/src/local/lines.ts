/**
 * What one line of a page is, and how it reads: the line rules the summariser applies to the lines OCR hands over
 * (pages.ts and blocks.ts). Characters and spaces normalised, stray marks (lone symbols, OCR specks) recognised,
 * a word hyphenated at a line end joined again, a "|" read for "I" put right, a list item's marker (with the glyphs
 * OCR reads a round bullet as), a line of source code, a chat's "Name 10:42" speaker line. Pure functions, no I/O.
 */
import { CLOCK_RE } from '../furniture.js';

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
export const TERMINAL_RE = /[.!?…。！？]["'”’)\]]*$/u;

/** Replaces ligatures, odd spaces, zero-width and soft-hyphen characters, and unifies line ends (TABs stay). */
export function normaliseCharacters(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n\n')
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
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

/** A list item line: its marker's kind (and number) and the item's text, or null. */
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

/**
 * Which of these lines are source code: runs of code-like lines (bracket-only, blank or indented lines between them
 * go with them) holding at least two.
 */
export function codeRuns(lines: readonly string[]): boolean[] {
  const codeish = lines.map((l) => isCodeLine(l));
  const inCode = new Array<boolean>(lines.length).fill(false);
  for (let i = 0; i < lines.length;) {
    if (!codeish[i]) {
      i++;
      continue;
    }
    let count = 0;
    let last = i;
    for (let j = i; j < lines.length; j++) {
      const l = lines[j] ?? '';
      if (codeish[j]) {
        count++;
        last = j;
      } else if (!(l.trim() === '' || BRACKET_ONLY_RE.test(l) || (/^\s{2,}\S/.test(l) && j > i))) break;
    }
    if (count >= 2) for (let k = i; k <= last; k++) inCode[k] = true;
    i = last + 1;
  }
  return inCode;
}

const BEFORE_I_RE =
  /\b(what|when|why|how|where|who|if|and|but|so|as|that|because|then|than|until|while|where|now|today)\s\|(?=\s)/giu;

/** A lone "|" that OCR read for the pronoun "I": before a lower-case word, or after "what", "when", "but"… */
export function fixPipeI(line: string): string {
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

export function startsLower(s: string): boolean {
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
