/**
 * The `match` of a search result: which field matched, a plain-text snippet of where, and the [start, end) ranges of
 * the matched words inside the snippet (UTF-16 code units, as JavaScript indexes strings). Plain text on purpose:
 * the client highlights by ranges, so nothing the user's notes contain is ever interpreted as markup.
 *
 * Full text matches (exact and fuzzy tiers) come with a ts_headline() excerpt of the matched field whose matched
 * words PostgreSQL wrapped in two private-use characters (the stemming of the note's language decides what matched,
 * which only PostgreSQL knows); the excerpt is found again in the field and re-cut here, so every snippet is made
 * the same way. Literal matches are found here (the query as typed, case-insensitively), and anything else falls back
 * to the word of the note most similar to a query word (trigram similarity, as pg_trgm computes it).
 */
import type { NoteSearchField, NoteSearchMatch } from '@snapnotes/contracts';

/** Markers ts_headline puts around matched words (StartSel/StopSel); removed from the fields it is given. */
export const START_SEL = '\uE000';
export const STOP_SEL = '\uE001';

/** Target length of a snippet, before the ellipses. */
const SNIPPET_CHARS = 160;
/** Characters of context kept before the first highlight. */
const LEAD_CHARS = 50;

export interface SnippetNote {
  title: string;
  keyPoints: readonly string[];
  detailedSummary: string;
  originalText: string;
}

type Range = [number, number];

const FIELDS: readonly NoteSearchField[] = ['title', 'keyPoints', 'detailedSummary', 'originalText'];

/** A field as one text; key points one a line, as notes_key_points_text() joins them in the database. */
function fieldText(note: SnippetNote, field: NoteSearchField): string {
  return field === 'keyPoints' ? note.keyPoints.join('\n') : note[field];
}

/** The part of the field a snippet may span: the key point holding `at`, or the whole field. */
function segmentOf(note: SnippetNote, field: NoteSearchField, at: number): [number, number] {
  if (field !== 'keyPoints') return [0, fieldText(note, field).length];
  let start = 0;
  for (const [i, point] of note.keyPoints.entries()) {
    const end = start + point.length;
    if (at < end || i === note.keyPoints.length - 1) return [start, end];
    start = end + 1;
  }
  return [0, 0];
}

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);

/**
 * Cuts a snippet of text[segStart, segEnd) around the first range: about SNIPPET_CHARS long, on word boundaries,
 * whitespace runs (line breaks included) shown as one space, "…" where it cuts the text. Ranges are text offsets.
 */
export function cutSnippet(
  text: string,
  ranges: readonly Range[],
  segment: [number, number] = [0, text.length],
): Pick<NoteSearchMatch, 'snippet' | 'highlights'> {
  const [segStart, segEnd] = segment;
  const inside = ranges
    .filter(([a, b]) => a >= segStart && b <= segEnd && b > a)
    .sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const first = inside[0];
  let start = segStart;
  if (first && first[0] - LEAD_CHARS > segStart) {
    start = first[0] - LEAD_CHARS;
    // Start at the beginning of a word (not before the highlight).
    if (!isSpace(text[start - 1])) {
      let i = start;
      while (i < first[0] && !isSpace(text[i])) i++;
      start = i < first[0] ? i + 1 : start;
    }
  }
  while (start < segEnd && isSpace(text[start])) start++;
  let end = Math.min(segEnd, start + SNIPPET_CHARS);
  if (first && end < first[1]) end = Math.min(segEnd, first[1]);
  if (end < segEnd && !isSpace(text[end])) {
    // End at the end of a word, but keep the first highlight.
    let i = end;
    while (i > start && !isSpace(text[i - 1])) i--;
    if (i > start && (!first || i >= first[1])) end = i;
  }
  while (end > start && isSpace(text[end - 1])) end--;

  // Compact whitespace, remembering where each offset went.
  const at: number[] = [];
  let out = '';
  for (let i = start; i < end; i++) {
    at.push(out.length);
    const ch = text[i]!;
    if (isSpace(ch)) {
      if (!out.endsWith(' ')) out += ' ';
    } else out += ch;
  }
  at.push(out.length);
  const prefix = start > segStart ? '…' : '';
  const suffix = end < segEnd ? '…' : '';
  const shift = prefix.length;
  const highlights: Range[] = [];
  for (const [a, b] of inside) {
    if (a < start || b > end) continue;
    const r: Range = [at[a - start]! + shift, at[b - start]! + shift];
    const last = highlights.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else if (r[1] > r[0]) highlights.push(r);
  }
  return { snippet: prefix + out + suffix, highlights };
}

function matchIn(note: SnippetNote, field: NoteSearchField, ranges: Range[]): NoteSearchMatch {
  const text = fieldText(note, field);
  const segment = segmentOf(note, field, ranges[0]?.[0] ?? 0);
  return { field, ...cutSnippet(text, ranges, segment) };
}

/** Splits a ts_headline() excerpt into its plain text and the ranges its markers wrapped. */
export function parseHeadline(headline: string): { plain: string; ranges: Range[] } {
  let plain = '';
  const ranges: Range[] = [];
  let open = -1;
  for (const ch of headline) {
    if (ch === START_SEL) open = plain.length;
    else if (ch === STOP_SEL) {
      if (open >= 0 && plain.length > open) ranges.push([open, plain.length]);
      open = -1;
    } else plain += ch;
  }
  return { plain, ranges };
}

/** The match of a full text hit, from the headline of its matched field; null when the headline marks nothing. */
export function headlineMatch(note: SnippetNote, field: NoteSearchField, headline: string): NoteSearchMatch | null {
  const { plain, ranges } = parseHeadline(headline);
  if (ranges.length === 0) return null;
  const text = fieldText(note, field).replace(/[\uE000\uE001]/g, '');
  const offset = text.indexOf(plain);
  if (offset < 0) {
    // Not found again (should not happen: ts_headline copies the field's own text): show the excerpt itself.
    return { field, ...cutSnippet(plain, ranges) };
  }
  return matchIn(
    note,
    field,
    ranges.map(([a, b]) => [a + offset, b + offset]),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Where the query occurs literally (case-insensitively), in the first field holding it; null when nowhere. */
export function literalMatch(note: SnippetNote, q: string): NoteSearchMatch | null {
  if (q.length === 0) return null;
  const re = new RegExp(escapeRegExp(q), 'giu');
  for (const field of FIELDS) {
    const ranges: Range[] = [];
    if (field === 'keyPoints') {
      // Point by point: a match may not run from one key point into the next.
      let base = 0;
      for (const point of note.keyPoints) {
        for (const m of point.matchAll(re)) ranges.push([base + m.index, base + m.index + m[0].length]);
        base += point.length + 1;
      }
    } else {
      for (const m of fieldText(note, field).matchAll(re)) ranges.push([m.index, m.index + m[0].length]);
    }
    if (ranges.length > 0) return matchIn(note, field, ranges);
  }
  return null;
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** pg_trgm's similarity(): shared trigrams over all trigrams of the two words. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared || 1);
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The words of the note most similar to a word of the query (a fuzzy match PostgreSQL did not mark), in the first
 * field holding the best; else the start of the title, with nothing highlighted.
 */
export function similarWordMatch(note: SnippetNote, q: string): NoteSearchMatch {
  const words = [...q.matchAll(WORD)].map((m) => m[0]).filter((w) => w.length >= 3);
  let best: { field: NoteSearchField; ranges: Range[]; score: number } | null = null;
  for (const field of FIELDS) {
    const text = fieldText(note, field);
    const scored = [...text.matchAll(WORD)].map((m) => ({
      range: [m.index, m.index + m[0].length] as Range,
      score: Math.max(0, ...words.map((w) => trigramSimilarity(w, m[0]))),
    }));
    const top = Math.max(0, ...scored.map((s) => s.score));
    if (top >= 0.3 && (!best || top > best.score)) {
      best = { field, score: top, ranges: scored.filter((s) => s.score >= top - 0.05).map((s) => s.range) };
    }
  }
  return best ? matchIn(note, best.field, best.ranges) : matchIn(note, 'title', []);
}
