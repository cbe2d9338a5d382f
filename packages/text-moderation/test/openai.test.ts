import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, recordingLogger } from '@snapnotes/testing/logger';
import { startOpenAIStandin, type OpenAIStandin } from '@snapnotes/testing/openai-standin';
import { createTextModerator, type TextModerationConfig } from '../src/compose.js';
import { createLocalTextFilter } from '../src/filter.js';
import {
  ModerationUnavailableError,
  TEXT_SCORE_THRESHOLDS,
  createOpenAITextModerator,
  decideByScores,
  withoutUncertainWords,
} from '../src/openai.js';
import { CORPUS, recordedScores } from './corpus/index.js';

let standin: OpenAIStandin;
const client = () => new OpenAI({ apiKey: 'sk-test', baseURL: standin.url, maxRetries: 0, timeout: 5_000 });
const auto: TextModerationConfig = { openaiEnabled: true, OPENAI_MODERATION: 'auto' };
const sentTexts = () =>
  standin.requests
    .filter((r) => r.path === '/v1/moderations')
    .map((r) => ((r.body as { input: { text: string }[] }).input[0]?.text ?? '') as string);

beforeAll(async () => {
  standin = await startOpenAIStandin();
});
afterAll(() => standin.close());
beforeEach(() => {
  standin.requests.length = 0;
  standin.setBehaviour({ moderation: 'ok', moderationScores: (text) => recordedScores(text) });
});

describe('decideByScores', () => {
  it('rejects at or over a threshold, naming the category furthest over its own', () => {
    expect(decideByScores({ sexual: 0.79, hate: 0.2 }, TEXT_SCORE_THRESHOLDS)).toEqual({ flagged: false });
    expect(decideByScores({ sexual: 0.8 }, TEXT_SCORE_THRESHOLDS)).toMatchObject({ flagged: true, category: 'sexual' });
    expect(decideByScores({ sexual: 0.85, 'sexual/minors': 0.4 }, TEXT_SCORE_THRESHOLDS)).toMatchObject({
      category: 'sexual/minors',
    });
  });

  it('never rejects for harassment, violence, self-harm or illicit scores, however high', () => {
    const high = { harassment: 0.99, violence: 0.99, 'violence/graphic': 0.99, 'self-harm': 0.99, illicit: 0.99 };
    expect(decideByScores(high, TEXT_SCORE_THRESHOLDS)).toEqual({ flagged: false });
  });
});

describe('withoutUncertainWords', () => {
  it('blanks the words OCR was unsure of, keeping every offset', () => {
    const text = 'Totals kike 1,204 North';
    const out = withoutUncertainWords(text, [
      [7, 11, 40],
      [18, 23, 85],
    ]);
    expect(out).toBe('Totals      1,204 North');
    expect(out).toHaveLength(text.length);
    expect(withoutUncertainWords(text, undefined)).toBe(text);
  });
});

describe('OpenAI text moderation on the corpus texts (stand-in answering their recorded scores)', () => {
  it.each(CORPUS.map((i) => [i.id, i] as const))('%s', async (_id, item) => {
    const openai = createOpenAITextModerator({ client: client(), logger: recordingLogger() });
    const v = await openai.check({ text: item.text });
    expect(v.flagged).toBe(item.expect.openai);
    if (v.flagged) expect(v.reason).toMatch(/^openai:[a-z/-]+ 0\.\d\d$/);
  });

  it('lets swearing through even where the API itself flags it (harassment)', async () => {
    const swearing = CORPUS.filter((i) => i.side === 'benign' && (i.openai.harassment ?? 0) >= 0.5);
    expect(swearing.length).toBeGreaterThan(0);
    const openai = createOpenAITextModerator({ client: client(), logger: recordingLogger() });
    for (const item of swearing) await expect(openai.check({ text: item.text })).resolves.toEqual({ flagged: false });
  });

  it('together with the local filter: flags exactly what either should', async () => {
    const moderator = createTextModerator({ config: auto, openai: client(), logger: recordingLogger() });
    expect(moderator.name).toBe('text-filter+openai');
    for (const item of CORPUS) {
      const v = await moderator.check({ text: item.text });
      expect(v.flagged, item.id).toBe(item.expect.local || item.expect.openai);
    }
  });

  it('does not show the model the words OCR was unsure of', async () => {
    const text = 'Quarterly totals by region: North 1,204 and South 988';
    const at = text.indexOf('region');
    await createOpenAITextModerator({ client: client(), logger: recordingLogger() }).check({
      text,
      uncertain: [[at, at + 6, 35]],
    });
    expect(sentTexts()).toEqual([text.replace('region', '      ')]);
  });
});

describe('createTextModerator', () => {
  it('auto: falls back to the local filter when the server has no /v1/moderations, and logs it once', async () => {
    standin.setBehaviour({ moderation: 'missing' });
    const logger = recordingLogger();
    const moderator = createTextModerator({ config: auto, openai: client(), logger });
    await expect(moderator.check({ text: 'this lecture is shit' })).resolves.toMatchObject({ flagged: false });
    await expect(moderator.check({ text: 'you kike' })).resolves.toMatchObject({ flagged: true, rule: 'hate.slur' });
    expect(sentTexts()).toHaveLength(1);
    expect(messages(logger.entries, 'warn')).toEqual([
      'OpenAI-compatible server has no /v1/moderations: text is checked by the local filter only',
    ]);
    expect(moderator.name).toBe('text-filter');
  });

  it('auto: a server error is transient — it propagates, and OpenAI is still used afterwards', async () => {
    standin.setBehaviour({ moderation: 'server-error' });
    const moderator = createTextModerator({ config: auto, openai: client(), logger: recordingLogger() });
    await expect(moderator.check({ text: 'hello there' })).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    standin.setBehaviour({ moderation: 'ok' });
    await expect(moderator.check({ text: 'hello there' })).resolves.toMatchObject({ flagged: false });
    expect(moderator.name).toBe('text-filter+openai');
  });

  it('on: a missing endpoint fails every check (logged once); without OpenAI it refuses to start', async () => {
    standin.setBehaviour({ moderation: 'missing' });
    const logger = recordingLogger();
    const on: TextModerationConfig = { openaiEnabled: true, OPENAI_MODERATION: 'on' };
    const moderator = createTextModerator({ config: on, openai: client(), logger });
    await expect(moderator.check({ text: 'a' })).rejects.toBeInstanceOf(ModerationUnavailableError);
    await expect(moderator.check({ text: 'b' })).rejects.toBeInstanceOf(ModerationUnavailableError);
    expect(messages(logger.entries, 'error')).toHaveLength(1);
    expect(() => createTextModerator({ config: { ...on, openaiEnabled: false }, logger: recordingLogger() })).toThrow(
      /^OPENAI_MODERATION=on requires OpenAI/,
    );
  });

  it('off: never calls OpenAI, even when it is configured', async () => {
    const moderator = createTextModerator({
      config: { openaiEnabled: true, OPENAI_MODERATION: 'off' },
      openai: client(),
      logger: recordingLogger(),
    });
    const explicit = CORPUS.find((i) => i.category === 'threat')!;
    await expect(moderator.check({ text: explicit.text })).resolves.toMatchObject({ flagged: false });
    expect(sentTexts()).toHaveLength(0);
    expect(moderator.name).toBe('text-filter');
  });

  it('joins both verdicts: the local rule and the model category in one reason', async () => {
    const moderator = createTextModerator({ config: auto, openai: client(), logger: recordingLogger() });
    const item = CORPUS.find((i) => i.id === 'slur-reply')!;
    const v = await moderator.check({ text: item.text });
    expect(v).toMatchObject({ flagged: true, category: 'hate', rule: 'hate.slur' });
    expect(v.reason).toBe('text-filter:hate.slur; openai:hate 0.96');
  });

  it('the local filter alone decides every corpus text as the corpus expects', async () => {
    const local = createLocalTextFilter();
    for (const item of CORPUS)
      expect((await local.check({ text: item.text })).flagged, item.id).toBe(item.expect.local);
  });
});
