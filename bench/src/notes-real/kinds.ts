/**
 * Real forms (FUNSD) and tables (PubTabNet) of ../shared/ocr-real in `pnpm bench:notes`: read by the product's OCR
 * and summarised locally (read.ts), each scored on a key fact derived from its truth and counted only where OCR read
 * it (the rubric's kindFacts: a form's label–value pairs, a table's column headers and size).
 */
import type { SummaryDraft } from '@snapnotes/contracts';
import { loadRealCorpus } from '@snapnotes/ocr/corpus';
import { junkRule, kindFacts } from '@snapnotes/summarise/rubric';
import type { Logger } from '@snapnotes/contracts';
import { type ReadNote, readAndSummarise } from './read.js';

export interface KindScore {
  id: string;
  kind: 'form' | 'table';
  /** Facts OCR read, and those the note carries. */
  read: number;
  carried: number;
  missed: string[];
  junk: string[];
  draft: SummaryDraft;
}

/** Reads, summarises and scores the corpus's forms and tables (`smoke`: one of each). */
export async function runKinds(dir: string, logger: Logger, smoke: boolean): Promise<KindScore[]> {
  const take = (source: string) => loadRealCorpus(dir, source).slice(0, smoke ? 1 : undefined);
  return scoreKinds(await readAndSummarise([...take('funsd'), ...take('pubtabnet')], logger));
}

/** Scores the notes of forms and tables on their truth's key facts. */
export function scoreKinds(notes: readonly ReadNote[]): KindScore[] {
  return notes.map(({ image, reading, draft }) => {
    const kind = image.source === 'funsd' ? 'form' : 'table';
    const { read, missed } = kindFacts(kind, image.truth, reading.text, draft);
    const junk = draft.keyPoints.filter(
      (k) =>
        junkRule(k, { id: image.id, kind: kind === 'form' ? 'settings' : 'spreadsheet', text: '', subject: [] }) !==
        null,
    );
    return { id: image.id, kind, read, carried: read - missed.length, missed, junk, draft };
  });
}

const pct = (n: number, of: number) => `${of === 0 ? 0 : Math.round((n / of) * 100)}%`;
/** Issue 21: other kinds' key facts ≥ 95%. */
const KIND_TARGET = 0.95;

/** The report per kind, and whether each kind meets its target with no junk key point. */
export function kindsReport(scores: readonly KindScore[], show: boolean): { text: string; ok: boolean } {
  const lines = ['kind    pages  key facts carried (of those OCR read)  junk key points'];
  let ok = true;
  for (const kind of ['form', 'table'] as const) {
    const list = scores.filter((s) => s.kind === kind);
    const read = list.reduce((n, s) => n + s.read, 0);
    const carried = list.reduce((n, s) => n + s.carried, 0);
    const junk = list.reduce((n, s) => n + s.junk.length, 0);
    lines.push(
      `${kind.padEnd(7)} ${String(list.length).padStart(5)}  ${`${carried}/${read}`.padStart(9)}  ${pct(carried, read).padStart(4)}  (target ≥ ${KIND_TARGET * 100}%)        ${junk}`,
    );
    ok = ok && list.length > 0 && carried >= KIND_TARGET * read && junk === 0;
  }
  for (const s of scores) {
    if (!show && s.missed.length === 0 && s.junk.length === 0) continue;
    lines.push(`  ${s.id}: ${s.missed.length ? `missed ${s.missed.join('; ')}` : 'ok'}`, `    title: ${s.draft.title}`);
    lines.push(...s.draft.keyPoints.map((k) => `    - ${k}${s.junk.includes(k) ? '   [junk]' : ''}`));
  }
  return { text: lines.join('\n'), ok };
}
