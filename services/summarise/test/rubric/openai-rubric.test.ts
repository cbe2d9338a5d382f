/**
 * The notes rubric with a model configured: the same corpus sent to the OpenAI stand-in, configured as an operator
 * would (OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_PREMIUM_MODEL through @snapnotes/config). It proves the JSON-schema
 * path (every request asks for the strict schema, every answer is the stand-in's recorded one), the fallback to the
 * local summariser (invalid JSON twice, a refusal twice, a 5xx twice: the note is the local one, with the local
 * rubric's quality), and that the premium model serves premium users only.
 */
import { type Config, loadConfig } from '@snapnotes/config';
import type { Summariser, TextModerator, UploadJob } from '@snapnotes/contracts';
import { createOpenAIFromConfig } from '@snapnotes/runtime';
import { createMemoryStore } from '@snapnotes/testing/memory-store';
import { type OpenAIStandin, startOpenAIStandin } from '@snapnotes/testing/openai-standin';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../../src/local.js';
import type { NOTE_JSON_SCHEMA } from '../../src/openai.js';
import { createOpenAISummariser } from '../../src/openai.js';
import { normaliseDraft } from '../../src/text.js';
import { buildSummariseStage } from '../../src/wire.js';
import { recordingLogger } from '../logger.js';
import { CORPUS } from './corpus/index.js';
import { figures, report, requestFor, runRubric } from './score.js';

let standin: OpenAIStandin;
let local: Summariser;
let config: Config;

/** One item of every kind: enough to prove a path, quick to run. */
const ONE_PER_KIND = CORPUS.filter((item, i) => CORPUS.findIndex((x) => x.kind === item.kind) === i);

beforeAll(async () => {
  standin = await startOpenAIStandin();
  local = await createLocalSummariser({ logger: recordingLogger() });
  config = loadConfig({
    NODE_ENV: 'test',
    OPENAI_BASE_URL: standin.url,
    OPENAI_API_KEY: 'sk-test-rubric',
    OPENAI_MODEL: 'gpt-4o-mini',
    OPENAI_PREMIUM_MODEL: 'gpt-4o',
  });
});

afterAll(async () => {
  await standin.close();
});

beforeEach(() => {
  standin.requests.length = 0;
  standin.setBehaviour({ chat: 'ok', chatQueue: [] });
});

/** The summariser as wire.ts builds it from the configuration; `client` replaces the SDK client when given. */
function summariser(client?: OpenAI): Summariser {
  return createOpenAISummariser({
    client: client ?? createOpenAIFromConfig(config)!,
    model: config.OPENAI_MODEL,
    premiumModel: config.OPENAI_PREMIUM_MODEL,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    logger: recordingLogger(),
    fallback: local,
    serverErrorRetryMs: 1,
  });
}

/** A client whose chat completions come back as refusals (the stand-in answers, the model declines). */
function refusingClient(): OpenAI {
  return new OpenAI({
    apiKey: 'sk-test-rubric',
    baseURL: standin.url,
    maxRetries: 0,
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (!String(input).endsWith('/chat/completions') || !res.ok) return res;
      const body = (await res.json()) as { choices: { message: { content: string | null; refusal: string | null } }[] };
      for (const c of body.choices) {
        c.message.content = null;
        c.message.refusal = "I'm sorry, I can't help with that.";
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
}

describe('notes rubric with a model configured (OpenAI stand-in)', () => {
  it('asks for the strict JSON schema of every page’s kind and returns the recorded answers', async () => {
    const s = summariser();
    const scores = await runRubric((req) => s.summarise(req));
    expect(standin.requests).toHaveLength(CORPUS.length);
    const schemas: string[] = [];
    for (const r of standin.requests) {
      expect(r.model).toBe('gpt-4o-mini');
      expect(r.responseFormat).toBe('json_schema');
      const body = r.body as { response_format: { json_schema: typeof NOTE_JSON_SCHEMA } };
      const { name, strict, schema } = body.response_format.json_schema;
      expect(strict).toBe(true);
      schemas.push(name);
      // Prose gets the note and its topic tags; each other kind its facts besides (a receipt's total, a chat's
      // participants…).
      expect(schema.required).toEqual(
        name === 'note_summary'
          ? ['title', 'keyPoints', 'detailedSummary', 'tags']
          : ['title', 'keyPoints', 'detailedSummary', 'tags', 'facts'],
      );
    }
    expect(new Set(schemas)).toEqual(
      new Set(['note_summary', 'note_receipt', 'note_table', 'note_chat', 'note_code', 'note_slides']),
    );
    for (const [k, s] of scores.entries()) {
      expect(s.draft.engine).toBe('openai:gpt-4o-mini');
      const name = (standin.requests[k]!.body as { response_format: { json_schema: { name: string } } }).response_format
        .json_schema.name;
      // The stand-in's facts are lines of the page, which a receipt's note takes as its shop, date and total.
      if (name === 'note_receipt') continue;
      // The stand-in's answer for a page: its first line as the title, the next lines as key points.
      const lines = requestFor(s.item)
        .pages[0]!.text.split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const expected = normaliseDraft({
        title: lines[0]!,
        keyPoints: lines.slice(1, 4),
        detailedSummary: lines.join(' '),
        engine: 'openai:gpt-4o-mini',
      });
      // The model's topic tags ride along (the stand-in answers array fields with lines of the page).
      const { tags, ...draft } = s.draft;
      expect(tags).toEqual(expect.arrayContaining([expect.any(String)]));
      expect(draft).toEqual(expected);
    }
  });

  const failures: [string, () => void, (() => OpenAI) | undefined][] = [
    ['invalid JSON twice', () => standin.setBehaviour({ chat: 'invalid-json' }), undefined],
    ['a 500 twice', () => standin.setBehaviour({ chat: 'server-error' }), undefined],
    ['a refusal twice', () => undefined, refusingClient],
  ];

  it.each(failures)(
    'falls back to the local summariser on %s, with the local rubric figures',
    async (_, setUp, client) => {
      setUp();
      const s = summariser(client?.());
      const scores = await runRubric((req) => s.summarise(req), ONE_PER_KIND);
      console.info(`Notes rubric, model failing (${_}):\n${report(scores)}`);
      expect(scores.every((x) => x.draft.engine === 'local')).toBe(true);
      // Each page was asked twice (the request and its retry), then written locally.
      expect(standin.requests).toHaveLength(2 * ONE_PER_KIND.length);
      const all = figures(scores).at(-1)!;
      expect(all.titlesNamingSubject / all.items).toBeGreaterThanOrEqual(0.9);
      expect(all.junkKeyPoints).toBe(0);
    },
  );

  it("uses the premium model for premium users' uploads only", async () => {
    const allowAll: TextModerator = { name: 'allow-all', check: async () => ({ flagged: false }) };
    const { handler } = await buildSummariseStage(config, {
      store: createMemoryStore(),
      openai: createOpenAIFromConfig(config),
      textModerator: allowAll,
      logger: recordingLogger(),
    });
    const item = CORPUS.find((i) => i.id === 'article-bike-lanes')!;
    const job = (premium: boolean): UploadJob => ({
      purpose: { kind: 'upload' },
      jobId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      userId: premium ? 2 : 1,
      correlationId: `rubric-${premium}`,
      premium,
      languages: ['eng'],
      images: [
        {
          index: 0,
          fileName: 'a.png',
          key: 'users/1/uploads/x/0.png',
          contentType: 'image/png',
          bytes: 1000,
          width: 1280,
          height: 800,
        },
      ],
    });
    const page = { index: 0, fileName: 'a.png', text: item.text, confidence: 90, hasText: true, durationMs: 1 };
    const free = await handler({ job: job(false), pages: [page] });
    const premium = await handler({ job: job(true), pages: [page] });
    expect(free.engine).toBe('openai:gpt-4o-mini');
    expect(premium.engine).toBe('openai:gpt-4o');
    expect(standin.requests.map((r) => r.model)).toEqual(['gpt-4o-mini', 'gpt-4o']);
  });
});
