/**
 * The facts part of `pnpm bench:notes` (issue 21): pages of every kind as the OCR stage hands them over
 * (services/summarise/test/rubric/facts: receipts, tables, forms, code, chats, slides, prose in the seven offered
 * languages, notes of several images, overlapping scrolls), each with the facts its note must carry. Prints per kind
 * the key facts present, the junk key points, the longest summary of a long text as a share of its words and the
 * images represented, first for the local summariser (targets: key facts ≥ 95% per kind, no junk key point, prose
 * summarised in ≤ 60% of its words, every image represented), then through the OpenAI stand-in (the SDK pointed at
 * @snapnotes/testing's stand-in, configured as an operator would): its canned answers echo the page's first lines,
 * so those figures show the plumbing (every note written by the model path, none fallen back), not a model's quality.
 */
import { loadConfig } from '@snapnotes/config';
import type { Logger } from '@snapnotes/contracts';
import { createOpenAIFromConfig } from '@snapnotes/runtime';
import { createLocalSummariser, createOpenAISummariser } from '@snapnotes/summarise';
import {
  FACT_CORPUS,
  type FactScore,
  factFigures,
  factReport,
  missedTargets,
  runFacts,
} from '@snapnotes/summarise/rubric';
import { startOpenAIStandin } from '@snapnotes/testing/openai-standin';

/** Whether every kind meets its targets. */
const targetsMet = (scores: readonly FactScore[]) => factFigures(scores).every((f) => missedTargets(f).length === 0);

/** Runs the facts rubric locally and through the stand-in, prints both tables; false when a target is missed. */
export async function runFactsPart(logger: Logger, show: boolean): Promise<boolean> {
  const t0 = Date.now();
  const local = await createLocalSummariser({ logger });
  const scores = await runFacts((req) => local.summarise(req));
  console.log(
    `\nFacts rubric: ${FACT_CORPUS.length} pages of every kind as OCR hands them over, local summariser (${Date.now() - t0} ms)`,
  );
  console.log(factReport(scores, { misses: true, notes: show }));
  const localOk = targetsMet(scores);

  const t1 = Date.now();
  const standin = await startOpenAIStandin();
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      OPENAI_BASE_URL: standin.url,
      OPENAI_API_KEY: 'sk-bench-facts',
      OPENAI_MODEL: 'gpt-4o-mini',
    });
    const openai = createOpenAISummariser({
      client: createOpenAIFromConfig(config)!,
      model: config.OPENAI_MODEL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      logger,
      fallback: local,
      serverErrorRetryMs: 1,
    });
    const viaModel = await runFacts((req) => openai.summarise(req));
    const fellBack = viaModel.filter((s) => !s.draft.engine.startsWith('openai:')).map((s) => s.item.id);
    const asked = standin.requests.filter((r) => r.path === '/v1/chat/completions').length;
    console.log(
      `\nFacts rubric through the OpenAI stand-in (canned answers echoing the page's first lines: the plumbing, not a model's quality; ${Date.now() - t1} ms)`,
    );
    console.log(factReport(viaModel, { notes: show }));
    console.log(
      `stand-in: ${asked} requests for ${viaModel.length} notes, ${viaModel.length - fellBack.length} written by the model path` +
        (fellBack.length ? `, fell back to the local summariser: ${fellBack.join(', ')}` : ''),
    );
    return localOk && fellBack.length === 0 && asked === viaModel.length;
  } finally {
    await standin.close();
  }
}
