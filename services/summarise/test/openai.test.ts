import type { Summariser } from '@snapnotes/contracts';
import { type OpenAIStandin, startOpenAIStandin } from '@snapnotes/testing/openai-standin';
import OpenAI from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { SummariserUnavailableError, createOpenAISummariser, parseModelReply, stripCodeFences } from '../src/openai.js';
import { contentKindOf, modelTopics, noteTags } from '../src/tags.js';
import { graphicImage, photoImage } from './images.js';
import { type LogEntry, recordingLogger } from './logger.js';

const API_KEY = 'sk-test-secret-123';
const PAGE =
  'Photosynthesis\nPlants turn light into chemical energy.\nIt happens in chloroplasts.\nThe Calvin cycle fixes carbon.\nOxygen is released.';

let standin: OpenAIStandin;
let local: Summariser;
let entries: LogEntry[];

function make(overrides: Partial<Parameters<typeof createOpenAISummariser>[0]> = {}, baseURL = standin.url) {
  entries = [];
  const logger = recordingLogger(entries);
  return createOpenAISummariser({
    client: new OpenAI({ apiKey: API_KEY, baseURL, maxRetries: 0 }),
    model: 'gpt-4o-mini',
    timeoutMs: 5_000,
    logger,
    fallback: local,
    ...overrides,
  });
}

const request = (premium = false, language: string | null = 'eng') => ({
  pages: [{ fileName: 'slide.png', text: PAGE }],
  premium,
  language,
});

beforeAll(async () => {
  standin = await startOpenAIStandin();
  local = await createLocalSummariser({ logger: recordingLogger() });
});

afterAll(async () => {
  await standin.close();
});

beforeEach(() => {
  standin.requests.length = 0;
  standin.setBehaviour({ chat: 'ok', chatQueue: [], slowMs: 5_000 });
});

describe('openai tags (issue 25)', () => {
  it('asks the model for topic tags; its usable ones tag the note, the unusable ones leave it its key words', async () => {
    const topics = {
      pages: [{ fileName: 'trip.png', text: 'Kyoto trip\nKyoto Temples\n#Ramen\nJR Pass' }],
      premium: false,
      language: 'eng',
    };
    const d = await make().summarise(topics);
    const sent = standin.requests[0]!.body as {
      response_format: { json_schema: { schema: { properties: { tags: { type: string } } } } };
      messages: { content: string }[];
    };
    expect(sent.response_format.json_schema.schema.properties.tags.type).toBe('array');
    expect(sent.messages[0]!.content).toContain('"tags"');
    expect(d.tags).toEqual(['Kyoto Temples', '#Ramen', 'JR Pass']);
    const text = topics.pages[0]!.text;
    expect(noteTags({ ...d, text, language: 'eng', kind: contentKindOf(topics.pages), modelTags: d.tags })).toEqual([
      'article',
      'english',
      'kyoto temples',
      'ramen',
      'jr pass',
    ]);

    // Lines too long to be tags (the stand-in's answer for PAGE): the note keeps its own key words.
    const long = await make().summarise(request());
    expect(modelTopics(long.tags)).toEqual([]);
    expect(noteTags({ ...long, text: PAGE, language: 'eng', kind: 'article', modelTags: long.tags })).toContain(
      'photosynthesis',
    );
  });
});

describe('openai summarise', () => {
  it('asks for strict JSON-schema output and returns the validated summary', async () => {
    const d = await make().summarise(request());
    expect(d).toEqual({
      title: 'Photosynthesis',
      keyPoints: [
        'Plants turn light into chemical energy.',
        'It happens in chloroplasts.',
        'The Calvin cycle fixes carbon.',
      ],
      detailedSummary: PAGE.split('\n').join(' '),
      engine: 'openai:gpt-4o-mini',
      // The stand-in fills every array with the text's lines, the tags too (tags.ts keeps only usable ones).
      tags: [
        'Plants turn light into chemical energy.',
        'It happens in chloroplasts.',
        'The Calvin cycle fixes carbon.',
      ],
    });
    expect(standin.requests).toHaveLength(1);
    const sent = standin.requests[0]!;
    expect(sent.authorized).toBe(true);
    expect(sent.model).toBe('gpt-4o-mini');
    expect(sent.responseFormat).toBe('json_schema');
    const body = sent.body as {
      response_format: { json_schema: { strict: boolean; schema: { required: string[] } } };
      messages: { role: string; content: string }[];
    };
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.required).toEqual(['title', 'keyPoints', 'detailedSummary', 'tags']);
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: PAGE });
    // The key never reaches the logs.
    expect(JSON.stringify(entries)).not.toContain(API_KEY);
  });

  it('separates several pages with a marker naming the file', async () => {
    await make().summarise({
      pages: [
        { fileName: 'a.png', text: 'First page' },
        { fileName: 'b.png', text: 'Second page' },
      ],
      premium: false,
      language: 'eng',
    });
    const body = standin.requests[0]!.body as { messages: { content: string }[] };
    expect(body.messages.at(-1)!.content).toBe('First page\n\n--- page 2: b.png ---\nSecond page');
  });

  it('strips a code fence around the JSON', async () => {
    standin.setBehaviour({ chat: 'code-fenced' });
    const d = await make().summarise(request());
    expect(d.title).toBe('Photosynthesis');
    expect(d.engine).toBe('openai:gpt-4o-mini');
    expect(standin.requests).toHaveLength(1);
  });

  it('retries once with a plain instruction after invalid JSON, and uses the retry', async () => {
    standin.setBehaviour({ chatQueue: ['invalid-json'] });
    const d = await make().summarise(request());
    expect(d.engine).toBe('openai:gpt-4o-mini');
    expect(d.title).toBe('Photosynthesis');
    expect(standin.requests.map((r) => r.behaviour)).toEqual(['invalid-json', 'ok']);
    const retry = standin.requests[1]!.body as { messages: { role: string; content: string }[] };
    expect(retry.messages.at(-1)!.content).toMatch(/not valid JSON/);
    expect(retry.messages.at(-2)!.role).toBe('assistant');
  });

  it('falls back to the local summariser when the retry is invalid too, and logs it', async () => {
    standin.setBehaviour({ chat: 'invalid-json' });
    const d = await make().summarise(request());
    expect(d.engine).toBe('local');
    expect(d.title).toBe('Photosynthesis');
    expect(d.keyPoints.length).toBeGreaterThanOrEqual(1);
    expect(standin.requests).toHaveLength(2);
    expect(entries.some((e) => e.level === 'warn' && /using the local summariser/.test(e.msg ?? ''))).toBe(true);
  });

  it('logs a refusal and a prose reply by what they are and their length, never the words they quote', async () => {
    const words = 'Photosynthesis chloroplasts Calvin';
    const replies = [
      { content: null, refusal: `I can't help with "${PAGE}"` },
      { content: `Photosynthesis: here is the note about ${words}`, refusal: null },
    ];
    const client = new OpenAI({
      apiKey: API_KEY,
      baseURL: standin.url,
      maxRetries: 0,
      fetch: async () => {
        const message = replies.shift() ?? { content: '', refusal: null };
        const completion = {
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 0,
          model: 'gpt-4o-mini',
          choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop', logprobs: null }],
        };
        return new Response(JSON.stringify(completion), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const d = await make({ client }).summarise(request());
    expect(d.engine).toBe('local');
    const unusable = entries.filter((e) => e.msg === 'unusable OpenAI reply').map((e) => e.obj as { reason: string });
    expect(unusable.map((e) => e.reason)).toEqual([
      `model refused (${`I can't help with "${PAGE}"`.length} characters)`,
      expect.stringMatching(/^invalid JSON/),
    ]);
    const logged = JSON.stringify(entries);
    for (const word of ['Photosynthesis', 'chloroplasts', 'Calvin', 'help with']) expect(logged).not.toContain(word);
  });

  it('retries a 5xx once (no hidden SDK retries), then falls back to the local summariser', async () => {
    standin.setBehaviour({ chat: 'server-error' });
    const d = await make().summarise(request());
    expect(d.engine).toBe('local');
    expect(d.title).toBe('Photosynthesis');
    expect(standin.requests.map((r) => r.status)).toEqual([500, 500]);
    expect(entries.some((e) => e.level === 'warn' && /using the local summariser/.test(e.msg ?? ''))).toBe(true);
  });

  it('uses the retry when the 5xx was passing', async () => {
    standin.setBehaviour({ chatQueue: ['server-error'] });
    const d = await make().summarise(request());
    expect(d.engine).toBe('openai:gpt-4o-mini');
    expect(standin.requests.map((r) => r.status)).toEqual([500, 200]);
  });

  it('throws a transient error on a rate limit, for the queue to retry', async () => {
    const client = new OpenAI({
      apiKey: API_KEY,
      baseURL: standin.url,
      maxRetries: 0,
      fetch: async () =>
        new Response(JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests' } }), {
          status: 429,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const err = await make({ client })
      .summarise(request())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SummariserUnavailableError);
    expect((err as Error).message).toMatch(/429/);
  });

  it('throws a transient error on a timeout', async () => {
    standin.setBehaviour({ chat: 'slow', slowMs: 5_000 });
    const started = Date.now();
    const err = await make({ timeoutMs: 300 })
      .summarise(request())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SummariserUnavailableError);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('falls back to the local summariser when the endpoint refuses the request (wrong URL: 404), logging an error', async () => {
    const d = await make({}, standin.url.replace(/\/v1$/, '/nope')).summarise(request());
    expect(d.engine).toBe('local');
    expect(entries.some((e) => e.level === 'error')).toBe(true);
  });

  it('uses the premium model for premium requests when one is set', async () => {
    const s = make({ premiumModel: 'gpt-4o' });
    expect((await s.summarise(request(true))).engine).toBe('openai:gpt-4o');
    expect((await s.summarise(request(false))).engine).toBe('openai:gpt-4o-mini');
    expect((await make().summarise(request(true))).engine).toBe('openai:gpt-4o-mini');
    expect(standin.requests.map((r) => r.model)).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4o-mini']);
    const premiumBody = standin.requests[0]!.body as { messages: { content: string }[] };
    expect(premiumBody.messages[0]!.content).toMatch(/Be thorough/);
  });

  it('asks for the note in the language of the text', async () => {
    await make().summarise(request(false, 'fra'));
    const body = standin.requests[0]!.body as { messages: { content: string }[] };
    expect(body.messages[0]!.content).toMatch(/write the note in French/);
  });
});

describe('openai describe', () => {
  const img = async () => [
    { fileName: 'beach.jpg', data: await photoImage(320, 200), contentType: 'image/jpeg', width: 320, height: 200 },
    { fileName: 'logo.png', data: await graphicImage(400), contentType: 'image/png', width: 400, height: 400 },
  ];

  it('sends the images as base64 image_url parts to the vision model', async () => {
    const images = await img();
    const d = await make({ visionModel: 'gpt-4o' }).describe({ images, premium: false });
    expect(d.engine).toBe('openai:gpt-4o');
    expect(d.title).toBe('Stand-in description of 2 images');
    const sent = standin.requests[0]!;
    expect(sent.model).toBe('gpt-4o');
    expect(sent.images).toEqual([
      { mimeType: 'image/jpeg', bytes: images[0]!.data.length },
      { mimeType: 'image/png', bytes: images[1]!.data.length },
    ]);
    const body = sent.body as { messages: { content: { type: string; text?: string }[] }[] };
    expect(body.messages[1]!.content[0]!.text).toBe(
      'Image 1: beach.jpg, 320 × 200 pixels\nImage 2: logo.png, 400 × 400 pixels',
    );
  });

  it('uses the main model when no vision model is set, and shrinks very large images first', async () => {
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    await make().describe({
      images: [{ fileName: 'big.png', data: big, contentType: 'image/png', width: 3000, height: 1500 }],
      premium: false,
    });
    const sent = standin.requests[0]!;
    expect(sent.model).toBe('gpt-4o-mini');
    const url = (sent.body as { messages: { content: { image_url?: { url: string } }[] }[] }).messages[1]!.content[1]!
      .image_url!.url;
    const meta = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([1536, 768]);
  });

  it('falls back to the local describer when the server rejects images (400)', async () => {
    standin.setBehaviour({ chat: 'reject-images' });
    const d = await make({ visionModel: 'text-only-model' }).describe({ images: await img(), premium: false });
    expect(d.engine).toBe('local');
    expect(d.title).toBe('2 images: 1 photo and 1 graphic');
    expect(standin.requests).toHaveLength(1);
    expect(standin.requests[0]!.status).toBe(400);
  });

  it('falls back to the local describer after a 5xx and its retry', async () => {
    standin.setBehaviour({ chat: 'server-error' });
    const d = await make().describe({ images: await img(), premium: false });
    expect(d.engine).toBe('local');
    expect(standin.requests).toHaveLength(2);
  });
});

describe('reply parsing', () => {
  it('strips code fences and prose around a JSON object', () => {
    expect(stripCodeFences('```json\n{"a":1}\n```')).toBe('{"a":1}');
    expect(stripCodeFences('```\n{"a":1}\n```')).toBe('{"a":1}');
    expect(stripCodeFences('Here is the summary:\n```json\n{"a":1}\n```\nHope it helps!')).toBe('{"a":1}');
    expect(stripCodeFences('Sure! {"a":1} Done.')).toBe('{"a":1}');
    expect(stripCodeFences('{"a":1}')).toBe('{"a":1}');
  });

  it('accepts key points as one string with a point per line', () => {
    const r = parseModelReply(JSON.stringify({ title: 'T', keyPoints: 'one\ntwo\n\nthree', detailedSummary: 'S' }));
    expect(r).toEqual({ ok: true, value: { title: 'T', keyPoints: ['one', 'two', 'three'], detailedSummary: 'S' } });
  });

  it('says what is wrong with an unusable reply', () => {
    expect(parseModelReply('')).toEqual({ ok: false, reason: 'empty reply' });
    expect(parseModelReply('{"title": "x"')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^invalid JSON/),
    });
    const missing = parseModelReply(JSON.stringify({ title: '  ', keyPoints: [] }));
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.reason).toMatch(/title: title is empty/);
    expect(!missing.ok && missing.reason).toMatch(/keyPoints: keyPoints is empty/);
    expect(!missing.ok && missing.reason).toMatch(/detailedSummary/);
  });

  it("never quotes the reply in the reason (it is logged, and a reply quotes the user's text)", () => {
    const prose = parseModelReply('Here is your note about quokkas');
    expect(prose).toEqual({ ok: false, reason: 'invalid JSON' });
    expect(parseModelReply('{"title": "quokka" x}')).toEqual({ ok: false, reason: 'invalid JSON (at position 19)' });
    const wrongTypes = parseModelReply(JSON.stringify({ title: 7, keyPoints: [1], detailedSummary: { quokka: 1 } }));
    expect(wrongTypes.ok).toBe(false);
    expect(!wrongTypes.ok && wrongTypes.reason).toMatch(/^reply does not match the schema: title: invalid_type/);
    expect(JSON.stringify(wrongTypes)).not.toContain('quokka');
  });
});
