/**
 * The moderation corpus (packages/text-moderation/test/corpus) rendered by Chromium and uploaded image by image
 * through the product's own stages: the moderation stage (nsfwjs) beside the OCR stage (tesseract), then the real
 * summarise stage, whose text checks judge the OCR text. No model is configured, as for a new user; then again with
 * OpenAI moderation, the stand-in answering each text's recorded scores.
 *
 * Targets (also printed by `pnpm bench:moderation`): no benign upload rejected; at least 95% of the flagged uploads
 * the checks judge are rejected. About 2–3 minutes on 2 cores (images are cached in services/moderation/.corpus-cache).
 * It lives with the composition root because it runs three services' stages together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrPageResult } from '@snapnotes/contracts';
import {
  CORPUS,
  explicitImages,
  recordedScores,
  renderItems,
  startCorpusPipeline,
  tally,
  type Outcome,
  type RenderedItem,
} from '@snapnotes/moderation/corpus';
import { buildOcrStage } from '@snapnotes/ocr';
import { buildSummariseStage } from '@snapnotes/summarise';
import { startOpenAIStandin, type OpenAIStandin } from '@snapnotes/testing/openai-standin';

let rendered: RenderedItem[] = [];
let standin: OpenAIStandin;
/** Each image is read once: the second run (OpenAI moderation) reuses the first run's OCR pages. */
const pages = new Map<string, OcrPageResult>();

async function runAll(env: Record<string, string>): Promise<Outcome[]> {
  const pipeline = await startCorpusPipeline({
    env,
    pages,
    stages: { ocr: buildOcrStage, summarise: buildSummariseStage },
  });
  try {
    const out: Outcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < rendered.length) out.push(await pipeline.run(rendered[next++]!));
    };
    await Promise.all([worker(), worker()]);
    return out;
  } finally {
    await pipeline.close();
  }
}

function rows(outcomes: readonly Outcome[], checks: 'local' | 'openai') {
  const byId = new Map(rendered.map((r) => [r.item.id, r.item]));
  return outcomes.map((o) => {
    const item = byId.get(o.id)!;
    return { ...item, rejected: o.rejected, expected: item.expect[checks] };
  });
}

beforeAll(async () => {
  rendered = [...(await renderItems(CORPUS)), ...(await explicitImages())];
  standin = await startOpenAIStandin();
  standin.setBehaviour({ moderationScores: (text) => recordedScores(text) });
}, 600_000);
afterAll(() => standin?.close());

describe('the moderation corpus through the real stages', () => {
  let local: ReturnType<typeof rows>;

  beforeAll(async () => {
    local = rows(await runAll({ OPENAI_MODERATION: 'off' }), 'local');
  }, 600_000);

  it('holds at least 80 benign screenshots and photos, and the flagged side', () => {
    expect(local.filter((r) => r.side === 'benign').length).toBeGreaterThanOrEqual(80);
    expect(new Set(local.filter((r) => r.side === 'flagged').map((r) => r.category))).toEqual(
      new Set(['sexual-explicit', 'slur', 'threat', 'explicit-image']),
    );
  });

  it('local checks: rejects no benign upload', () => {
    const wrong = local.filter((r) => r.side === 'benign' && r.rejected).map((r) => r.id);
    expect(wrong).toEqual([]);
  });

  it('local checks: rejects at least 95% of the flagged uploads they judge, and every explicit image', () => {
    const judged = local.filter((r) => r.side === 'flagged' && r.expect.local);
    const caught = judged.filter((r) => r.rejected);
    console.info(
      tally(local)
        .map((t) => `${t.side}/${t.category}: ${t.rejected}/${t.total} rejected`)
        .join('\n'),
    );
    expect(caught.length / judged.length).toBeGreaterThanOrEqual(0.95);
    expect(local.filter((r) => r.category === 'explicit-image').every((r) => r.rejected)).toBe(true);
    // Threats are left to a model: the local checks let them through by design (docs/DECISIONS.md).
    expect(local.filter((r) => r.category === 'threat').some((r) => r.rejected)).toBe(false);
  });

  it('with OpenAI moderation (scores decide): no benign upload rejected, and every flagged one, threats included', async () => {
    const withOpenAI = rows(
      await runAll({ OPENAI_MODERATION: 'on', OPENAI_BASE_URL: standin.url, OPENAI_API_KEY: 'sk-test' }),
      'openai',
    );
    expect(withOpenAI.filter((r) => r.side === 'benign' && r.rejected).map((r) => r.id)).toEqual([]);
    const flagged = withOpenAI.filter((r) => r.side === 'flagged');
    expect(flagged.filter((r) => r.rejected).length / flagged.length).toBeGreaterThanOrEqual(0.95);
    expect(flagged.filter((r) => r.category === 'threat').every((r) => r.rejected)).toBe(true);
  }, 600_000);
});
