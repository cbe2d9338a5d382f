/**
 * pnpm bench:moderation: how well SnapNotes tells inappropriate uploads from ordinary ones, on the moderation corpus
 * (packages/text-moderation/test/corpus: 84 benign screenshots and photos, 34 flagged, plus the explicit-image
 * fixtures), rendered by Chromium and read by the real OCR.
 *
 * Three runs, per sub-category:
 *   text alone   the local text filter on each item's text as written (no image, no OCR);
 *   local        each image uploaded through the product's stages with no model configured: the image classifier
 *                beside OCR, then the text filter on the OCR text (what a new user gets);
 *   openai       the same with OpenAI moderation on, answered by the OpenAI stand-in with the corpus's scores.
 * Benign rows count rejections (false positives, target 0); flagged rows count catches (target ≥ 95% of what the
 * local checks judge; threats are judged by a model only, docs/DECISIONS.md).
 *
 * Each image is read once: the OpenAI run reuses the local run's OCR pages (only the moderation decision differs).
 *
 * Knobs: BENCH_MODERATION_FILTER=<text>[,<text>…] keeps items whose id contains one of them;
 * BENCH_MODERATION_SMOKE=1 (CI's smoke run, bench/test/benches-smoke.int.test.ts) keeps a handful (SMOKE_ITEMS: two
 * benign, one of each flagged category, one explicit image), the same three runs and targets;
 * BENCH_MODERATION_OPENAI=0 skips the OpenAI run; BENCH_MODERATION_VERBOSE=1 prints every wrong decision with its
 * OCR text and confidences.
 */
import { performance } from 'node:perf_hooks';
import {
  explicitImages,
  renderItems,
  startCorpusPipeline,
  tally,
  type Outcome,
  type RenderedItem,
} from '@snapnotes/moderation/corpus';
import type { OcrPageResult } from '@snapnotes/contracts';
import { buildOcrStage } from '@snapnotes/ocr';
import { buildSummariseStage } from '@snapnotes/summarise';
import { startOpenAIStandin } from '@snapnotes/testing/openai-standin';
import { createLocalTextFilter } from '@snapnotes/text-moderation';
import { CORPUS, recordedScores, type CorpusItem } from '@snapnotes/text-moderation/corpus';

/** The smoke run's items: benign pages (one with a word that is a slur elsewhere), each flagged kind, an image. */
const SMOKE_ITEMS = [
  'receipt-pharmacy',
  'recipe-spotted-dick',
  'sexual-explicit-sexting-1',
  'slur-bus',
  'threat-ex',
  'explicit-image-213',
];
const smoke = process.env.BENCH_MODERATION_SMOKE === '1';
const filters = smoke ? SMOKE_ITEMS : (process.env.BENCH_MODERATION_FILTER ?? '').split(',');
const kept = (id: string) => filters.some((f) => id.includes(f.trim()));
const withOpenAI = process.env.BENCH_MODERATION_OPENAI !== '0';
const verbose = process.env.BENCH_MODERATION_VERBOSE === '1';
const log = (message: string) => process.stderr.write(`${message}\n`);

type Row = { side: CorpusItem['side']; category: string; id: string; rejected: boolean; expected: boolean };

/** OCR pages by item: read by the first run, reused by the next. */
const pages = new Map<string, OcrPageResult>();

async function runAll(rendered: readonly RenderedItem[], env: Record<string, string>) {
  const pipeline = await startCorpusPipeline({
    env,
    pages,
    stages: { ocr: buildOcrStage, summarise: buildSummariseStage },
  });
  const outcomes = new Map<string, Outcome>();
  const started = performance.now();
  try {
    // Two uploads at a time: the OCR pool has two workers.
    let next = 0;
    const worker = async () => {
      while (next < rendered.length) {
        const r = rendered[next++]!;
        outcomes.set(r.item.id, await pipeline.run(r));
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    await pipeline.close();
  }
  return { outcomes, engine: pipeline.textEngine, seconds: (performance.now() - started) / 1000 };
}

const pct = (n: number, d: number) => (d === 0 ? '   –  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

function report(
  title: string,
  rows: Row[],
  expectFlag: (id: string) => boolean,
): { fp: number; caught: number; judged: number } {
  const tallies = tally(rows);
  console.log(`\n${title}`);
  console.log(
    `  ${'sub-category'.padEnd(22)} ${'n'.padStart(4)}  ${'rejected'.padStart(8)}  rate    (wrong: decided against the rules)`,
  );
  for (const side of ['benign', 'flagged'] as const) {
    for (const t of tallies.filter((x) => x.side === side)) {
      const byDesign = t.category === 'threat' && t.rejected === 0 && t.wrong.length === 0 ? '  (left to a model)' : '';
      const wrong = t.wrong.length ? `  wrong: ${t.wrong.join(', ')}` : byDesign;
      console.log(
        `  ${`${side}/${t.category}`.padEnd(22)} ${String(t.total).padStart(4)}  ${String(t.rejected).padStart(8)}  ${pct(t.rejected, t.total)}${wrong}`,
      );
    }
  }
  const benign = rows.filter((r) => r.side === 'benign');
  const judged = rows.filter((r) => r.side === 'flagged' && expectFlag(r.id));
  const fp = benign.filter((r) => r.rejected).length;
  const caught = judged.filter((r) => r.rejected).length;
  const flagged = rows.filter((r) => r.side === 'flagged');
  console.log(`  false positives: ${fp}/${benign.length} benign (${pct(fp, benign.length).trim()})   target 0`);
  console.log(
    `  caught: ${caught}/${judged.length} of the flagged set these checks judge (${pct(caught, judged.length).trim()})   target ≥ 95%` +
      `;  whole flagged set ${flagged.filter((r) => r.rejected).length}/${flagged.length}`,
  );
  return { fp, caught, judged: judged.length };
}

function explain(outcome: Outcome): void {
  if (!verbose) return;
  console.log(
    `\n--- ${outcome.id}: rejected=${outcome.rejected} image=${outcome.byImage} text=${outcome.textReason ?? '-'}`,
  );
  console.log(
    `ignored ${JSON.stringify(outcome.ignored)}  confidence ${outcome.page.confidence}  hasText ${outcome.page.hasText}`,
  );
  const { text, uncertain = [] } = outcome.page;
  console.log(text);
  console.log(`uncertain: ${uncertain.map(([s, e, c]) => `${text.slice(s, e)}@${c}`).join(' ')}`);
}

async function main() {
  const items = CORPUS.filter((i) => kept(i.id));
  log(`rendering ${items.length} corpus items (cached in services/moderation/.corpus-cache)…`);
  const rendered = [...(await renderItems(items, { log })), ...(await explicitImages()).filter((r) => kept(r.item.id))];
  if (smoke) {
    const missing = SMOKE_ITEMS.filter((id) => !rendered.some((r) => r.item.id === id));
    if (missing.length) throw new Error(`BENCH_MODERATION_SMOKE: no corpus item ${missing.join(', ')}`);
    console.log(`Moderation bench (smoke run): ${SMOKE_ITEMS.join(', ')}`);
  }
  const byId = new Map(rendered.map((r) => [r.item.id, r]));
  const rowOf = (id: string, rejected: boolean, checks: 'local' | 'openai' = 'local'): Row => {
    const { item } = byId.get(id)!;
    return { side: item.side, category: item.category, id, rejected, expected: item.expect[checks] };
  };

  // 1. The text filter on the texts as written.
  const local = createLocalTextFilter();
  const textRows = items.map((i) => rowOf(i.id, local.judge({ text: i.text }).flagged));
  report(
    'text alone (local text filter, no OCR)',
    textRows,
    (id) => byId.get(id)!.item.expect.local && byId.get(id)!.item.text !== '',
  );

  // 2. The local checks on the images, through the product's stages.
  log('uploading every image through moderation + OCR + summarise (local checks)…');
  const localRun = await runAll(rendered, { OPENAI_MODERATION: 'off' });
  const localRows = [...localRun.outcomes.values()].map((o) => rowOf(o.id, o.rejected));
  const target = report(
    `local checks (image classifier + ${localRun.engine} on real OCR text), ${localRun.seconds.toFixed(0)} s`,
    localRows,
    (id) => byId.get(id)!.item.expect.local,
  );
  for (const [id, o] of localRun.outcomes) if (o.rejected !== byId.get(id)!.item.expect.local) explain(o);

  // 3. With OpenAI moderation, the stand-in answering the corpus's scores for the text it is sent.
  if (withOpenAI) {
    const standin = await startOpenAIStandin();
    standin.setBehaviour({ moderationScores: (text) => recordedScores(text) });
    try {
      log('again with OpenAI moderation (stand-in with the corpus scores)…');
      const run = await runAll(rendered, {
        OPENAI_MODERATION: 'on',
        OPENAI_BASE_URL: standin.url,
        OPENAI_API_KEY: 'sk-bench',
      });
      const rows = [...run.outcomes.values()].map((o) => rowOf(o.id, o.rejected, 'openai'));
      report(
        `with OpenAI moderation (${run.engine}, scores decide), ${run.seconds.toFixed(0)} s`,
        rows,
        (id) => byId.get(id)!.item.expect.openai,
      );
      for (const [id, o] of run.outcomes) if (o.rejected !== byId.get(id)!.item.expect.openai) explain(o);
    } finally {
      await standin.close();
    }
  }

  const ok = target.fp === 0 && target.caught >= 0.95 * target.judged;
  console.log(
    `\nlocal checks: ${target.fp} benign rejected, ${pct(target.caught, target.judged).trim()} caught: ${ok ? 'targets met' : 'TARGETS MISSED'}`,
  );
  process.exitCode = ok ? 0 : 1;
}

await main();
