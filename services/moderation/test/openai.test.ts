import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_TEXT, renderScreenshot } from '@snapnotes/testing/images';
import {
  IMAGE_SCORE_THRESHOLDS,
  ModerationUnavailableError,
  createOpenAIImageModerator,
  isModerationUnavailable,
} from '../src/openai.js';
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
  return createOpenAIImageModerator({ client: server.client({ timeout }), logger: recordingLogger() });
}

/** A reply with these category scores (every other category near 0) and OpenAI's own `flagged` as given. */
function scored(scores: Record<string, number>, flagged = false) {
  const body = moderationResponse([], 'image') as { results: { flagged: boolean; category_scores: object }[] };
  body.results[0]!.flagged = flagged;
  body.results[0]!.category_scores = { ...body.results[0]!.category_scores, ...scores };
  return { status: 200, body };
}

describe('createOpenAIImageModerator', () => {
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

  it('flags an image by its category scores, naming the category furthest over its threshold', async () => {
    server.reply = () => ({ status: 200, body: moderationResponse(['sexual', 'violence/graphic'], 'image') });
    await expect(moderator().classify(png, 'x.png')).resolves.toEqual({ flagged: true, reason: 'openai:sexual 0.97' });
  });

  it("decides by the scores, not by the server's own `flagged`", async () => {
    // Flagged by the server for harassment or violence: neither rejects an image.
    server.reply = () => scored({ harassment: 0.95, violence: 0.9 }, true);
    await expect(moderator().classify(png, 'x.png')).resolves.toEqual({ flagged: false });
    // Not flagged by the server, but its sexual score is over ours.
    server.reply = () => scored({ sexual: IMAGE_SCORE_THRESHOLDS.sexual! + 0.01 }, false);
    await expect(moderator().classify(png, 'x.png')).resolves.toMatchObject({ flagged: true });
    server.reply = () => scored({ sexual: IMAGE_SCORE_THRESHOLDS.sexual! - 0.01 }, true);
    await expect(moderator().classify(png, 'x.png')).resolves.toEqual({ flagged: false });
    server.reply = () => scored({ 'violence/graphic': 0.9 });
    await expect(moderator().classify(png, 'x.png')).resolves.toEqual({
      flagged: true,
      reason: 'openai:violence/graphic 0.90',
    });
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
    await expect(moderator().classify(png, 'y.png')).rejects.toBeInstanceOf(ModerationUnavailableError);
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
    await expect(moderator().classify(png, 'x.png')).rejects.toBeInstanceOf(OpenAI.RateLimitError);
  });

  it('treats a timeout as a transient error', async () => {
    server.reply = () => ({ status: 200, body: moderationResponse(), delayMs: 1_000 });
    const err = await moderator(150)
      .classify(png, 'x.png')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    expect(isModerationUnavailable(err)).toBe(false);
  });

  it('rejects a reply without results with a clear error', async () => {
    server.reply = () => ({ status: 200, body: { id: 'modr-x', model: 'm', results: [] } });
    await expect(moderator().classify(png, 'x.png')).rejects.toThrow(
      'OpenAI moderation returned no result (expected results[0].category_scores)',
    );
  });

  it('refuses an image that is not PNG, JPEG, WebP or GIF before calling the server', async () => {
    await expect(moderator().classify(Buffer.from('hello world, not an image'), 'x.png')).rejects.toThrow(
      'Image for OpenAI moderation must be PNG, JPEG, WebP or GIF',
    );
    expect(server.requests).toHaveLength(0);
  });
});
