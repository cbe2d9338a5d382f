import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpenAIStandin, markImageForStandinFlag, startOpenAIStandin } from '../src/openai-standin.js';

let standin: OpenAIStandin;

beforeAll(async () => {
  standin = await startOpenAIStandin();
});
afterAll(async () => {
  await standin.close();
});
beforeEach(() => {
  standin.requests.length = 0;
  standin.setBehaviour({ chat: 'ok', chatQueue: [], moderation: 'ok', slowMs: 5_000, moderationScores: null });
});

async function post(path: string, body: unknown, auth: string | null = 'Bearer sk-test') {
  const res = await fetch(`${standin.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* plain text */
  }
  // Response bodies are checked field by field with expect(); a loose type keeps those checks readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, json: json as Record<string, any>, text };
}

const schema = {
  type: 'json_schema',
  json_schema: {
    name: 'note',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        keyPoints: { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 6 },
        detailedSummary: { type: 'string' },
        meta: {
          type: 'object',
          properties: { pages: { type: 'integer' }, ok: { type: 'boolean' }, kind: { enum: ['text', 'image'] } },
          required: ['pages', 'ok', 'kind'],
          additionalProperties: false,
        },
      },
      required: ['title', 'keyPoints', 'detailedSummary', 'meta'],
      additionalProperties: false,
    },
  },
};

const pngDataUrl = async (buf?: Buffer) =>
  `data:image/png;base64,${(
    buf ??
    (await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer())
  ).toString('base64')}`;

describe('chat completions', () => {
  it('answers a chat.completion whose content satisfies the JSON schema, computed from the user text', async () => {
    const { status, json } = await post('/chat/completions', {
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Summarise.' },
        { role: 'user', content: 'Line one\nLine two\nLine three' },
      ],
      response_format: schema,
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant' } }],
    });
    expect(json.usage.total_tokens).toBe(json.usage.prompt_tokens + json.usage.completion_tokens);
    expect(JSON.parse(json.choices[0].message.content)).toEqual({
      title: 'Line one',
      keyPoints: ['Line two', 'Line three', 'Point 3'],
      detailedSummary: 'Line one Line two Line three',
      meta: { pages: 0, ok: false, kind: 'text' },
    });
    expect(standin.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      model: 'gpt-4o-mini',
      responseFormat: 'json_schema',
      authorized: true,
      status: 200,
    });
  });

  it('wraps the JSON in a code fence or breaks it on request, once or always', async () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'Hello' }], response_format: schema };
    standin.setBehaviour({ chatQueue: ['code-fenced', 'invalid-json'] });
    const fenced = await post('/chat/completions', body);
    expect(fenced.json.choices[0].message.content).toMatch(/^```json\n\{.*\}\n```$/s);
    const broken = await post('/chat/completions', body);
    expect(() => JSON.parse(broken.json.choices[0].message.content)).toThrow();
    const ok = await post('/chat/completions', body);
    expect(JSON.parse(ok.json.choices[0].message.content).title).toBe('Hello');
  });

  it('returns OpenAI-shaped errors: 500, 400 for images to a text-only model, 401 without a key', async () => {
    standin.setBehaviour({ chat: 'server-error' });
    const e500 = await post('/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(e500.status).toBe(500);
    expect(e500.json.error).toMatchObject({
      type: 'server_error',
      message: expect.any(String),
      param: null,
      code: null,
    });

    standin.setBehaviour({ chat: 'reject-images' });
    const withImage = {
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'what is this' },
            { type: 'image_url', image_url: { url: await pngDataUrl() } },
          ],
        },
      ],
    };
    const e400 = await post('/chat/completions', withImage);
    expect(e400.status).toBe(400);
    expect(e400.json.error).toMatchObject({ type: 'invalid_request_error', param: 'messages.[0].content.[1].type' });
    // Text-only requests still work under 'reject-images'.
    expect((await post('/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] })).status).toBe(
      200,
    );

    const e401 = await post('/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] }, null);
    expect(e401.status).toBe(401);
    expect(e401.json.error.message).toMatch(/API key/);
    const bad = await post('/chat/completions', '{not json');
    expect(bad.status).toBe(400);
    const noModel = await post('/chat/completions', { messages: [{ role: 'user', content: 'x' }] });
    expect(noModel.json.error.param).toBe('model');
  });

  it('records image parts and describes them', async () => {
    const url = await pngDataUrl();
    const { json } = await post('/chat/completions', {
      model: 'vision',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe' },
            { type: 'image_url', image_url: { url } },
          ],
        },
      ],
      response_format: schema,
    });
    expect(JSON.parse(json.choices[0].message.content).title).toBe('Stand-in description of 1 image');
    expect(standin.requests[0]!.images).toEqual([
      { mimeType: 'image/png', bytes: Buffer.from(url.split(',')[1]!, 'base64').length },
    ]);
  });

  it('answers slowly on request, and close() does not wait for a slow reply', async () => {
    standin.setBehaviour({ chat: 'slow', slowMs: 250 });
    const started = Date.now();
    const { status } = await post('/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);

    const other = await startOpenAIStandin();
    other.setBehaviour({ chat: 'slow', slowMs: 60_000 });
    const pending = fetch(`${other.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
    }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    const closing = Date.now();
    await other.close();
    // At once when idle; the regression waited for the 60 s slow reply.
    expect(Date.now() - closing).toBeLessThan(5_000);
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe('moderations', () => {
  it('flags text containing FLAG-ME, one result per string', async () => {
    const { status, json } = await post('/moderations', {
      model: 'omni-moderation-latest',
      input: ['hello there', 'please FLAG-ME now'],
    });
    expect(status).toBe(200);
    expect(json.model).toBe('omni-moderation-latest');
    expect(json.results.map((r: { flagged: boolean }) => r.flagged)).toEqual([false, true]);
    expect(json.results[1].categories.harassment).toBe(true);
    expect(Object.keys(json.results[0].categories)).toContain('violence/graphic');
    expect(json.results[0].category_scores.sexual).toBeLessThan(0.01);
  });

  it('answers recorded category scores for the texts it is given them for', async () => {
    standin.setBehaviour({
      moderationScores: (text) => (text.startsWith('recorded') ? { harassment: 0.62, sexual: 0.31 } : undefined),
    });
    const { json } = await post('/moderations', { input: ['recorded text', 'other text'] });
    const [recorded, other] = json.results;
    expect(recorded.category_scores).toMatchObject({ harassment: 0.62, sexual: 0.31, hate: 0.0001 });
    // The category booleans are set at 0.5 (the real API's own cut-offs are undisclosed).
    expect(recorded.categories).toMatchObject({ harassment: true, sexual: false });
    expect(recorded.flagged).toBe(true);
    expect(other.flagged).toBe(false);
    expect(other.category_scores.harassment).toBe(0.0001);
  });

  it('flags marked PNG and JPEG images and not unmarked ones', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0000ff' } })
      .jpeg()
      .toBuffer();
    const markedPng = await markImageForStandinFlag(png);
    const markedJpeg = await markImageForStandinFlag(jpeg);
    // Still valid images with the same pixels.
    expect(await sharp(markedPng).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
    expect((await sharp(markedJpeg).metadata()).width).toBe(16);

    const check = async (buf: Buffer, mime: string) => {
      const { json } = await post('/moderations', {
        model: 'omni-moderation-latest',
        input: [{ type: 'image_url', image_url: { url: `data:${mime};base64,${buf.toString('base64')}` } }],
      });
      return json.results[0] as {
        flagged: boolean;
        categories: Record<string, boolean>;
        category_applied_input_types: Record<string, string[]>;
      };
    };
    expect((await check(png, 'image/png')).flagged).toBe(false);
    expect((await check(jpeg, 'image/jpeg')).flagged).toBe(false);
    const flagged = await check(markedPng, 'image/png');
    expect(flagged.flagged).toBe(true);
    expect(flagged.categories.sexual).toBe(true);
    expect(flagged.category_applied_input_types.sexual).toEqual(['image']);
    expect((await check(markedJpeg, 'image/jpeg')).flagged).toBe(true);
    expect(standin.requests.at(-1)!.images[0]).toMatchObject({ mimeType: 'image/jpeg' });
  });

  it('refuses to mark something that is not a PNG or JPEG', async () => {
    await expect(markImageForStandinFlag(Buffer.from('GIF89a....'))).rejects.toThrow(/expected a PNG or JPEG/);
  });

  it("answers 404 like Ollama when 'missing', 500 on 'server-error', 400 without input", async () => {
    standin.setBehaviour({ moderation: 'missing' });
    const missing = await post('/moderations', { input: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('404 page not found');
    standin.setBehaviour({ moderation: 'server-error' });
    expect((await post('/moderations', { input: 'x' })).status).toBe(500);
    standin.setBehaviour({ moderation: 'ok' });
    const noInput = await post('/moderations', {});
    expect(noInput.status).toBe(400);
    expect(noInput.json.error.param).toBe('input');
  });
});

describe('models and routing', () => {
  it('lists models and answers unknown routes with an OpenAI 404', async () => {
    const res = await fetch(`${standin.url}/models`, { headers: { authorization: 'Bearer k' } });
    const body = (await res.json()) as { object: string; data: { id: string; object: string }[] };
    expect(body.object).toBe('list');
    expect(body.data.map((m) => m.id)).toContain('gpt-4o-mini');
    const unknown = await post('/embeddings', { input: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe('Invalid URL (POST /v1/embeddings)');
  });

  it('rejects an invalid slowMs', () => {
    expect(() => standin.setBehaviour({ slowMs: -1 })).toThrow(/slowMs/);
  });
});
