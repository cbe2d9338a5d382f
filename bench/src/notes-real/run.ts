/**
 * The real-receipt part of `pnpm bench:notes`: every receipt of ../shared/ocr-real (scanned and photographed, with
 * SROIE's own key fields: company, date, total) read by the product's OCR (startOcrReader: tesseract, PP-OCRv4 where
 * tesseract is unsure, the page's structure) and summarised by the local summariser from that reading — the path an
 * upload takes. Scores per receipt: the total in a key point, the date in a key point, the shop in the title, and
 * the key points that are page furniture.
 */
import type { SummaryDraft } from '@snapnotes/contracts';
import { loadRealCorpus, type RealImage } from '@snapnotes/ocr/corpus';
import { dateFound, junkRule, shopFound, totalFound } from '@snapnotes/summarise/rubric';
import type { Logger } from '@snapnotes/contracts';
import { readAndSummarise } from './read.js';

export interface ReceiptScore {
  id: string;
  facts: NonNullable<RealImage['facts']>;
  draft: SummaryDraft;
  total: boolean;
  date: boolean;
  shop: boolean;
  junk: string[];
}

/** The receipts of the corpus with facts (`smoke`: the first only). */
export function realReceipts(dir: string, smoke: boolean): RealImage[] {
  const all = loadRealCorpus(dir, 'receipt').filter((i) => i.facts);
  return smoke ? all.slice(0, 1) : all;
}

/** Reads and summarises every receipt (read.ts), and scores its note. */
export async function runReceipts(images: readonly RealImage[], logger: Logger): Promise<ReceiptScore[]> {
  const notes = await readAndSummarise(images, logger);
  return notes
    .map(({ image, draft }) => {
      const facts = image.facts!;
      return {
        id: image.id,
        facts,
        draft,
        total: totalFound(facts.total, draft.keyPoints),
        date: dateFound(facts.date, draft.keyPoints),
        shop: shopFound(facts.company, draft.title),
        junk: draft.keyPoints.filter((k) => receiptJunk(k, image.id)),
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** What is never a receipt's key point: the rubric's furniture, and a receipt's own (thanks, address, contact). */
const RECEIPT_FURNITURE_RE =
  /\b(?:thank\s*you|come\s*again|returnable|refundable|exchange|tel|fax|e-?mail|gst\s*(?:id|reg)|reg\.?\s*no|jalan|jln|taman|road|street|avenue)\b|www\.|\S@\S+\.\p{L}/iu;

function receiptJunk(point: string, id: string): boolean {
  return RECEIPT_FURNITURE_RE.test(point) || junkRule(point, { id, kind: 'receipt', text: '', subject: [] }) !== null;
}

const pct = (n: number, of: number) => `${of === 0 ? 0 : Math.round((n / of) * 100)}%`;

/** The targets of issue 21 for real receipts. */
export const RECEIPT_TARGETS = { total: 0.9, date: 0.8, shop: 0.8 } as const;

/** The report, and whether every target is met. */
export function receiptReport(scores: readonly ReceiptScore[], show: boolean): { text: string; ok: boolean } {
  const n = scores.length;
  const count = (k: 'total' | 'date' | 'shop') => scores.filter((s) => s[k]).length;
  const junk = scores.reduce((m, s) => m + s.junk.length, 0);
  const lines = [
    `real receipts          ${n}`,
    `  total in a key point ${String(count('total')).padStart(3)}/${n}  ${pct(count('total'), n).padStart(4)}  (target ≥ ${RECEIPT_TARGETS.total * 100}%)`,
    `  date in a key point  ${String(count('date')).padStart(3)}/${n}  ${pct(count('date'), n).padStart(4)}  (target ≥ ${RECEIPT_TARGETS.date * 100}%)`,
    `  shop in the title    ${String(count('shop')).padStart(3)}/${n}  ${pct(count('shop'), n).padStart(4)}  (target ≥ ${RECEIPT_TARGETS.shop * 100}%)`,
    `  junk key points      ${String(junk).padStart(3)}`,
  ];
  for (const s of scores) {
    const missed = (['total', 'date', 'shop'] as const).filter((k) => !s[k]);
    if (!show && missed.length === 0 && s.junk.length === 0) continue;
    lines.push(
      `  ${s.id}: ${missed.length ? `missed ${missed.join(', ')}` : 'ok'} (truth: ${s.facts.company} | ${s.facts.date} | ${s.facts.total})`,
      `    title: ${s.draft.title}`,
      ...s.draft.keyPoints.map((k) => `    - ${k}${s.junk.includes(k) ? '   [junk]' : ''}`),
    );
  }
  const ok =
    n > 0 &&
    count('total') / n >= RECEIPT_TARGETS.total &&
    count('date') / n >= RECEIPT_TARGETS.date &&
    count('shop') / n >= RECEIPT_TARGETS.shop &&
    junk === 0;
  return { text: lines.join('\n'), ok };
}
