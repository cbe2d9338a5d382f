/**
 * OCR-checked title words. A title word is trusted when it is an English dictionary word (the `word-list` package,
 * MIT, ~275,000 words, read once and kept as one sorted string), occurs at least twice in the page's text, or is
 * not a word at all (a number, a version, a file or code name, a short acronym). Any other word is corrected to the
 * nearest trusted word that OCR could have misread it from (rn/m, l/i/1, 0/o, e/o, v/y, c/e…: "Werkshep" →
 * "Workshop" when the page says "workshop"); when there is none, it is dropped, unless it is shaped like a name
 * (capitalised letters: "Marco", "Bellini"), which no word list holds. Pages in other languages have no word list
 * here: their words are only corrected towards words of the page itself.
 */
import { readFile } from 'node:fs/promises';
import wordListPath from 'word-list';

/** A sorted word list searched in place: one string and the offsets of its words (about 4 MB in memory). */
export class Dictionary {
  constructor(
    private readonly text: string,
    private readonly starts: Uint32Array,
  ) {}

  get size(): number {
    return this.starts.length;
  }

  private wordAt(i: number): string {
    const start = this.starts[i]!;
    const end = i + 1 < this.starts.length ? this.starts[i + 1]! - 1 : this.text.length;
    return this.text.slice(start, end);
  }

  has(word: string): boolean {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const w = this.wordAt(mid);
      if (w === word) return true;
      if (w < word) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  static fromWords(words: string[]): Dictionary {
    const sorted = [...new Set(words.map((w) => w.trim().toLowerCase()).filter(Boolean))].sort();
    const starts = new Uint32Array(sorted.length);
    let at = 0;
    sorted.forEach((w, i) => {
      starts[i] = at;
      at += w.length + 1;
    });
    return new Dictionary(sorted.join('\n'), starts);
  }
}

let dictionaryPromise: Promise<Dictionary> | undefined;

/** Reads the English word list once per process (about 150 ms). */
export function loadDictionary(): Promise<Dictionary> {
  dictionaryPromise ??= readFile(wordListPath, 'utf8').then((raw) => Dictionary.fromWords(raw.split('\n')));
  return dictionaryPromise;
}

/** Characters OCR confuses, both ways, and the multi-letter ones. */
const CONFUSIONS: [string, string][] = [
  ['i', 'l'],
  ['i', 'j'],
  ['i', '1'],
  ['l', '1'],
  ['o', '0'],
  ['o', 'e'],
  ['o', 'a'],
  ['c', 'e'],
  ['c', 'o'],
  ['u', 'v'],
  ['v', 'y'],
  ['n', 'h'],
  ['h', 'b'],
  ['s', '5'],
  ['g', 'q'],
  ['t', 'f'],
  ['rn', 'm'],
  ['cl', 'd'],
  ['vv', 'w'],
  ['ii', 'u'],
];
const SWAPS = new Map<string, string[]>();
for (const [a, b] of CONFUSIONS) {
  SWAPS.set(a, [...(SWAPS.get(a) ?? []), b]);
  SWAPS.set(b, [...(SWAPS.get(b) ?? []), a]);
}

/** Spellings OCR could have misread as `word`: one or two confusions away, fewest first. */
function confusedSpellings(word: string): string[][] {
  const one = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    for (const len of [1, 2]) {
      const part = word.slice(i, i + len);
      for (const to of SWAPS.get(part) ?? []) one.add(word.slice(0, i) + to + word.slice(i + len));
    }
  }
  const two = new Set<string>();
  if (word.length >= 5) {
    for (const w of one) {
      for (let i = 0; i < w.length; i++) {
        for (const to of SWAPS.get(w[i]!) ?? []) {
          const v = w.slice(0, i) + to + w.slice(i + 1);
          if (v !== word && !one.has(v)) two.add(v);
        }
      }
    }
  }
  return [[...one], [...two]];
}

function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** Lower-case words of a text and how often each occurs (hyphenated words also count as their parts). */
export function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (w: string) => counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}'’_.-]+/u)) {
    const w = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!w) continue;
    add(w);
    if (/[-’']/.test(w)) for (const part of w.split(/[-’']/)) if (part) add(part);
  }
  return counts;
}

export interface WordCheck {
  /** The English word list, or null for pages in other languages. */
  dictionary: Dictionary | null;
  /** `wordCounts` of the page's text. */
  counts: Map<string, number>;
}

/** Not a word to check: numbers, versions, file and code names, acronyms, single letters. */
function notAWord(token: string): boolean {
  return (
    !/\p{L}/u.test(token) ||
    /\d|[_./()#@]/.test(token) ||
    token.length === 1 ||
    (/^\p{Lu}{2,5}s?$/u.test(token) && token.length <= 6) ||
    /\p{Ll}\p{Lu}/u.test(token)
  );
}

function inDictionary(dictionary: Dictionary, lower: string): boolean {
  if (dictionary.has(lower)) return true;
  const base = lower.replace(/['’](?:s|ll|re|ve|d|m|t)$|n['’]t$/, '').replace(/^(?:[ldjnmstc]|qu)['’]/, '');
  if (base !== lower && base && dictionary.has(base)) return true;
  return lower.includes('-') && lower.split('-').every((p) => p.length > 0 && dictionary.has(p));
}

function trusted(lower: string, check: WordCheck): boolean {
  if ((check.counts.get(lower) ?? 0) >= 2) return true;
  return check.dictionary !== null && inDictionary(check.dictionary, lower);
}

/** Writes `word` with the letter case of `like` (UPPER, Capitalised or lower). */
function inCaseOf(word: string, like: string): string {
  if (like.length > 1 && like === like.toUpperCase()) return word.toUpperCase();
  if (/^\p{Lu}/u.test(like)) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

/** The trusted word OCR most likely misread as `lower`, or null. */
function correction(lower: string, check: WordCheck): string | null {
  // Words of the page itself first: a misread word is usually spelled right elsewhere on the page.
  let best: { word: string; d: number } | null = null;
  for (const w of check.counts.keys()) {
    if (w === lower || w.length < 3 || Math.abs(w.length - lower.length) > 1 || /[^\p{L}'’-]/u.test(w)) continue;
    const d = levenshtein(lower, w);
    const limit = lower.length >= 6 ? 2 : 1;
    if (d <= limit && (best === null || d < best.d) && trusted(w, check)) best = { word: w, d };
  }
  if (best) return best.word;
  if (!check.dictionary) return null;
  for (const level of confusedSpellings(lower)) {
    const found = level.filter((w) => !/\d/.test(w) && check.dictionary!.has(w));
    if (found.length === 1) return found[0]!;
    if (found.length > 1) return found.find((w) => check.counts.has(w)) ?? null;
  }
  return null;
}

/**
 * Rejoins a word OCR split at a thin letter ("E m" for "Elm", "Wo rld"): two short neighbours that are not words
 * themselves but make a trusted word with nothing, an l or an i between them.
 */
function joinSplitWords(tokens: string[], check: WordCheck): string[] {
  const out = [...tokens];
  for (let i = 0; i + 2 < out.length; i += 2) {
    const [a, b] = [out[i]!, out[i + 2]!];
    if (!/^\p{L}{1,3}$/u.test(a) || !/^\p{L}{1,4}$/u.test(b)) continue;
    if (trusted(a.toLowerCase(), check) || trusted(b.toLowerCase(), check)) continue;
    const options = ['', 'l', 'i'].map((x) => a + x + b);
    const joined =
      options.find((w) => check.counts.has(w.toLowerCase())) ?? options.find((w) => trusted(w.toLowerCase(), check));
    if (joined) out.splice(i, 3, joined);
  }
  return out;
}

/**
 * The title with every untrusted word corrected, or dropped (see the top of this file). Returns null when fewer
 * than half of the title's words survive: such a title is too damaged to use.
 */
export function checkTitle(title: string, check: WordCheck): string | null {
  const tokens = joinSplitWords(title.split(/(\s+)/), check);
  let words = 0;
  let dropped = 0;
  const out = tokens.map((token) => {
    if (/^\s*$/.test(token)) return token;
    const m = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(token)!;
    const [, lead, core, tail] = m as unknown as [string, string, string, string];
    if (!core || notAWord(core)) return token;
    words++;
    const lower = core.toLowerCase();
    if (trusted(lower, check)) return token;
    const fixed = correction(lower, check);
    if (fixed) return lead + inCaseOf(fixed, core) + tail;
    const nameShaped = /^\p{Lu}\p{Ll}+(?:['’-]\p{Lu}?\p{Ll}+)*$/u.test(core) && /[aeiouyàâäéèêëíîïóôöúùûü]/i.test(core);
    if (nameShaped || check.dictionary === null) return token;
    dropped++;
    return lead.trim() || tail.trim() ? `${lead}${tail}`.trim() : '';
  });
  if (words > 0 && dropped * 2 > words) return null;
  const result = out
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '')
    .trim();
  return result || null;
}
