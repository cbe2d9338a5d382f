/**
 * Whether a note carries the key fact of a real form (FUNSD) or table (PubTabNet) of ../shared/ocr-real, derived from
 * the dataset's own text and counted only where OCR read it (the summariser is judged on what it was handed):
 *
 * - a form: its label–value pairs. A truth row "Label: value" (a label of one to five words with a letter, a value of
 *   one to eight words, one colon in the row) is a pair; OCR read it when its label's and its value's words are in
 *   the reading. The note carries it when one key point or one line of the summary holds the label's words and then
 *   the value's (80% of each, one OCR slip allowed in a word of four letters or more).
 * - a table: its column headers and its size. The truth's first row holds the headers; OCR read them when 60% of
 *   their words are in the reading. The note carries them when 80% of those words stand in its title or its summary's
 *   Markdown header row; its size when a key point says "<n> rows" ("1 row") within a quarter (at least one) of
 *   the truth's rows below the header (a multi-level header or a wrapped cell moves the count by a row).
 *
 * Used by `pnpm bench:notes` (bench/src/notes-real/kinds.ts) and the real documents' end-to-end test.
 */
import type { SummaryDraft } from '@snapnotes/contracts';

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

function near(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const tail = (x: string, y: string) =>
    x.slice(i + 1) === y.slice(i + 1) || x.slice(i + 1) === y.slice(i) || x.slice(i) === y.slice(i + 1);
  return tail(a, b);
}

/** Whether 80% (or `share`) of the words are among the haystack's words, and from where on (-1: not). */
function wordsIn(want: string[], hay: string[], share = 0.8, from = 0): number {
  if (want.length === 0) return -1;
  let found = 0;
  let last = -1;
  for (const w of want) {
    const at = hay.findIndex((h, k) => k >= from && near(w, h));
    if (at >= 0) {
      found++;
      last = Math.max(last, at);
    }
  }
  return found >= share * want.length ? last : -1;
}

/** FUNSD writes spaces around punctuation ("Date : 9/ 3/ 92"). */
const tidyTruth = (s: string) =>
  s
    .replace(/\s+([:,.;)])/g, '$1')
    .replace(/([(/])\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();

/** The truth's label–value pairs of a form. */
function formPairs(truth: string): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  for (const raw of truth.split('\n')) {
    const line = tidyTruth(raw);
    if ((line.match(/:/g) ?? []).length !== 1) continue;
    const m = /^([^:]*\p{L}[^:]*):\s*(\S.*)$/u.exec(line);
    if (!m) continue;
    const label = words(m[1]!);
    const value = words(m[2]!);
    if (label.length >= 1 && label.length <= 5 && value.length >= 1 && value.length <= 8)
      out.push({ label: m[1]!.trim(), value: m[2]!.trim() });
  }
  return out;
}

/** The note's lines: its key points and its summary's lines. */
const noteLines = (d: SummaryDraft) => [...d.keyPoints, ...d.detailedSummary.split('\n')];

function pairCarried(pair: { label: string; value: string }, draft: SummaryDraft): boolean {
  return noteLines(draft).some((line) => {
    const hay = words(line);
    const end = wordsIn(words(pair.label), hay);
    return end >= 0 && wordsIn(words(pair.value), hay, 0.8, end + 1) >= 0;
  });
}

/** The note's Markdown header row (its summary's first table row) with its title. */
function headerPlace(draft: SummaryDraft): string[] {
  const row = draft.detailedSummary.split('\n').find((l) => l.trim().startsWith('|')) ?? '';
  return words(`${draft.title} ${row}`);
}

function sizeRight(rows: number, draft: SummaryDraft): boolean {
  return draft.keyPoints.some((k) => {
    const m = /\b(\d+)\s+rows?\b/i.exec(k);
    return m !== null && Math.abs(Number(m[1]) - rows) <= Math.max(1, Math.round(rows / 4));
  });
}

/** The key facts of a real form or table that OCR read (`reading`), and those of them the note misses. */
export function kindFacts(
  kind: 'form' | 'table',
  truth: string,
  reading: string,
  draft: SummaryDraft,
): { read: number; missed: string[] } {
  const ocr = words(reading);
  const missed: string[] = [];
  let read = 0;
  if (kind === 'form') {
    for (const pair of formPairs(truth)) {
      if (wordsIn(words(pair.label), ocr) < 0 || wordsIn(words(pair.value), ocr) < 0) continue;
      read++;
      if (!pairCarried(pair, draft)) missed.push(`${pair.label}: ${pair.value}`);
    }
    return { read, missed };
  }
  const [header = '', ...body] = truth.split('\n').filter((l) => l.trim());
  const wanted = words(header).filter((w) => w.length >= 3 && ocr.some((o) => near(w, o)));
  if (wanted.length >= 0.6 * words(header).filter((w) => w.length >= 3).length && wanted.length > 0) {
    read++;
    if (wordsIn(wanted, headerPlace(draft)) < 0) missed.push(`headers: ${header}`);
  }
  read++;
  if (!sizeRight(body.length, draft)) missed.push(`size: ${body.length} rows`);
  return { read, missed };
}
