import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_TEXT, renderScreenshot } from '@snapnotes/testing/images';
import { ModerationUnavailableError, createOpenAIModerator, isModerationUnavailable } from '../src/openai.js';
import { errorReply, moderationResponse, startModerationServer, type ModerationServer } from './moderation-server.js';
import { recordingLogger } from './helpers.js';

let server: ModerationServer;
let png: Buffer;

beforeAll(async () => {
  server = await startModerationServer();
  png = await renderScreenshot({ lines: SAMPLE_TEXT.chat, width: 400, height: 500, fontSize: 14 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.reply = () => ({ status: 200, body: moderationResponse() });
});

function moderator(timeout?: number) {
  return createOpenAIModerator({ client: server.client({ timeout }), logger: recordingLogger() });
}

describe('createOpenAIModerator', () => {
  it('sends an image as a base64 data URL to omni-moderation-latest and passes an unflagged result', async () => {
    await expect(moderator().classify(png, 'chat.png')).resolves.toEqual({ flagged: false });
    expect(server.requests).toHaveLength(1);
    const { path, body } = server.requests[0]!;
    expect(path).toBe('/v1/moderations');
    expect(body.model).toBe('omni-moderation-latest');
    expect(body.input).toEqual([
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
    ]);
  });

  it('labels a JPEG data URL as image/jpeg', async () => {
    const jpeg = await renderScreenshot({
      lines: SAMPLE_TEXT.chat,
      format: 'jpeg',
      width: 400,
      height: 500,
      fontSize: 14,
    });
    await moderator().classify(jpeg, 'chat.jpg');
    const item = server.requests[0]!.body.input![0]!;
    expect(item.type === 'image_url' && item.image_url.url.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);
  });

  it('flags an image the server flags, naming the categories', async () => {
    server.reply = () => ({ status: 200, body: moderationResponse(['sexual', 'violence/graphic'], 'image') });
    await expect(moderator().classify(png, 'x.png')).resolves.toEqual({
      flagged: true,
      reason: 'openai:sexual,violence/graphic',
    });
  });

  it('sends text as a text item and flags or passes it by the server result', async () => {
    server.reply = (req) => {
      const item = req.body.input?.[0];
      const text = item?.type === 'text' ? item.text : '';
      return { status: 200, body: moderationResponse(text.includes('threat') ? ['harassment/threatening'] : []) };
    };
    const m = moderator();
    await expect(m.check('a polite sentence')).resolves.toEqual({ flagged: false });
    await expect(m.check('a threat')).resolves.toEqual({ flagged: true, reason: 'openai:harassment/threatening' });
    expect(server.requests.map((r) => r.body.input)).toEqual([
      [{ type: 'text', text: 'a polite sentence' }],
      [{ type: 'text', text: 'a threat' }],
    ]);
  });

  it('does not call the server for empty text', async () => {
    await expect(moderator().check('   ')).resolves.toEqual({ flagged: false });
    expect(server.requests).toHaveLength(0);
  });

  it.each([404, 405, 501])('reports HTTP %i as a missing endpoint (ModerationUnavailableError)', async (status) => {
    server.reply = () => errorReply(status, 'not implemented');
    const err = await moderator()
      .classify(png, 'x.png')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModerationUnavailableError);
    expect(isModerationUnavailable(err)).toBe(true);
    expect((err as ModerationUnavailableError).status).toBe(status);
    expect((err as Error).message).toContain(`HTTP ${status}`);
    await expect(moderator().check('hello')).rejects.toBeInstanceOf(ModerationUnavailableError);
  });

  it('treats a 500 as a transient error (rethrown as the SDK error, not "unavailable")', async () => {
    server.reply = () => errorReply(500, 'upstream exploded');
    const err = await moderator()
      .classify(png, 'x.png')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.InternalServerError);
    expect(isModerationUnavailable(err)).toBe(false);
  });

  it('treats a 429 as a transient error', async () => {
    server.reply = () => errorReply(429, 'slow down');
    await expect(moderator().check('hello')).rejects.toBeInstanceOf(OpenAI.RateLimitError);
  });

  it('treats a timeout as a transient error', async () => {
    server.reply = () => ({ status: 200, body: moderationResponse(), delayMs: 1_000 });
    const err = await moderator(150)
      .check('hello')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect(isModerationUnavailable(err)).toBe(false);
  });

  it('rejects a reply without results with a clear error', async () => {
    server.reply = () => ({ status: 200, body: { id: 'modr-x', model: 'm', results: [] } });
    await expect(moderator().check('hello')).rejects.toThrow(
      'OpenAI moderation returned no result (expected results[0].flagged)',
    );
  });

  it('refuses an image that is not PNG, JPEG, WebP or GIF before calling the server', async () => {
    await expect(moderator().classify(Buffer.from('hello world, not an image'), 'x.png')).rejects.toThrow(
      'Image for OpenAI moderation must be PNG, JPEG, WebP or GIF',
    );
    expect(server.requests).toHaveLength(0);
  });
});
