/**
 * pnpm bench:notes: the notes rubric. The local summariser (no model configured) writes a note for every screenshot
 * of the corpus (services/summarise/test/rubric: 46 pages of 16 kinds, as OCR reads them), and this prints per kind
 * how many titles name the subject (target ≥ 90%), how many key points are page furniture (target 0) and how many
 * detailed summaries of long texts fail (longer than the text, or out of order).
 *
 * BENCH_NOTES_OCR=1 also draws every page as a screen, renders it with Debian's Chromium, reads it with the product's
 * OCR engine (startOcrReader) and scores the notes written from that real OCR output (about 2 s a page).
 * The real part (on by default when ../shared/ocr-real is there; BENCH_NOTES_REAL=0 leaves it out): the corpus's 60
 * real receipts read by the product's OCR and summarised locally, scored on SROIE's own key fields (total and date in
 * a key point, shop in the title; targets 90%, 80%, 80%, no junk key point), then its 50 real forms and 40 real tables
 * scored on a key fact derived from their truth (notes-real/kinds.ts: a form's label–value pairs, a table's column
 * headers and size; target ≥ 95% of those OCR read, no junk key point). BENCH_NOTES_OCR_CACHE=<dir> keeps the OCR
 * readings for the next run (notes-real/read.ts).
 *
 * BENCH_NOTES_SMOKE=1 is CI's smoke run (bench/test/benches-smoke.int.test.ts): the rubric and the facts part whole
 * (no OCR: seconds) and judged; the real part reads one receipt, one form and one table, its targets printed but not
 * judged (one page missing a fact would be a third of a kind).
 *
 * The facts part (notes-facts.ts): the facts rubric's pages of every kind (receipts, tables, forms, code, chats, slides,
 * prose in the seven offered languages, several images, overlapping scrolls) summarised locally and through the OpenAI
 * stand-in; per kind the key facts present (target ≥ 95%), junk key points (0), the summary's share of a long text's
 * words (prose ≤ 60%) and the images of a note represented (all).
 *
 * BENCH_NOTES_SHOW=1 prints every note (with the facts part: every note that misses a fact). Exits non-zero when a
 * target is missed.
 */
import { startOcrReader } from '@snapnotes/ocr';
import { realCorpusDir } from '@snapnotes/ocr/corpus';
import pino from 'pino';
import { createLocalSummariser, detectLanguage, summaryText } from '@snapnotes/summarise';
import { CORPUS, type ItemScore, figures, report, runRubric, scoreItem } from '@snapnotes/summarise/rubric';
import { launchChromium, renderItem } from './notes-render.js';
import { runFactsPart } from './notes-facts.js';
import { kindsReport, runKinds } from './notes-real/kinds.js';
import { realReceipts, receiptReport, runReceipts } from './notes-real/run.js';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const show = process.env.BENCH_NOTES_SHOW === '1';
const smoke = process.env.BENCH_NOTES_SMOKE === '1';

function print(label: string, scores: ItemScore[]): boolean {
  console.log(`\n${label}\n${report(scores)}`);
  if (show) {
    for (const s of scores) {
      console.log(`\n## ${s.item.id}\ntitle: ${s.draft.title}\n${s.draft.keyPoints.map((k) => `- ${k}`).join('\n')}`);
    }
  }
  const all = figures(scores).at(-1)!;
  return all.titlesNamingSubject / all.items >= 0.9 && all.junkKeyPoints === 0 && all.summaryFailures === 0;
}

console.log(
  `Notes bench${smoke ? ' (smoke run: the real part reads one receipt, form and table; its targets are not judged)' : ''}`,
);
const started = Date.now();
const local = await createLocalSummariser({ logger });
const scores = await runRubric((req) => local.summarise(req));
let ok = print(`Notes rubric: the corpus's OCR-like text, local summariser (${Date.now() - started} ms)`, scores);

if (process.env.BENCH_NOTES_OCR === '1') {
  const t0 = Date.now();
  const browser = await launchChromium();
  const reader = await startOcrReader({ languages: ['eng', 'fra', 'deu', 'spa'], poolSize: 2, logger });
  try {
    const ocrScores = await Promise.all(
      CORPUS.map(async (item) => {
        const png = await renderItem(browser, item);
        const read = await reader.read(png, item.language ? [item.language] : ['eng']);
        const text = summaryText({ text: read.text });
        const draft = await local.summarise({
          pages: [{ fileName: `${item.id}.png`, text, ...(read.heading ? { heading: read.heading } : {}) }],
          premium: false,
          language: read.language ?? detectLanguage(text),
        });
        if (show) console.log(`\n## ${item.id} (OCR heading: ${read.heading ?? '—'})\n${read.text}`);
        return scoreItem(item, draft, read.text);
      }),
    );
    ok = print(`Notes rubric: the same pages rendered and read by real OCR (${Date.now() - t0} ms)`, ocrScores) && ok;
  } finally {
    await reader.close();
    await browser.close();
  }
}

const realDir = realCorpusDir();
if (process.env.BENCH_NOTES_REAL !== '0' && realDir) {
  const t0 = Date.now();
  const receipts = realReceipts(realDir, smoke);
  const scores = await runReceipts(receipts, logger);
  const { text, ok: met } = receiptReport(scores, show);
  console.log(
    `\nFacts rubric: real receipts read by the product's OCR, local summariser (${Date.now() - t0} ms)\n${text}`,
  );
  ok = (smoke || met) && ok;
  const t1 = Date.now();
  const kinds = kindsReport(await runKinds(realDir, logger, smoke), show);
  console.log(
    `\nFacts rubric: real forms (FUNSD) and tables (PubTabNet) read by the product's OCR, local summariser (${Date.now() - t1} ms)\n${kinds.text}`,
  );
  ok = (smoke || kinds.ok) && ok;
}

// The facts rubric: pages of every kind (notes-facts.ts), locally and through the OpenAI stand-in.
ok = (await runFactsPart(logger, show)) && ok;

if (!ok) {
  console.log('\nA target was missed (≥ 90% of titles naming the subject, 0 junk key points, 0 failing summaries,');
  console.log(
    'real receipts: total ≥ 90%, date ≥ 80%, shop ≥ 80%; facts: key facts ≥ 95% per kind, no junk key point,',
  );
  console.log(
    'prose summaries ≤ 60% of the words, every image of a note represented, every stand-in note by the model).',
  );
  // A smoke run checks that the bench runs (CI); what it measures is judged by the full run.
  if (smoke) console.log('(smoke run: targets printed, not judged)');
  else process.exitCode = 1;
}
