import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_TEXT, renderScreenshot } from '@snapnotes/testing/images';
import { createModerators, type ModerationConfig } from '../src/compose.js';
import { ModerationUnavailableError } from '../src/openai.js';
import { renderFlaggedByClassifier } from './fixtures.js';
import { messages, recordingLogger } from './helpers.js';
import { errorReply, moderationResponse, startModerationServer, type ModerationServer } from './moderation-server.js';

let server: ModerationServer;
let screenshot: Buffer;
let flaggedImage: Buffer;

const base: ModerationConfig = {
  openaiEnabled: true,
  OPENAI_MODERATION: 'auto',
  MODERATION_IMAGE_CLASSIFIER: true,
  MODERATION_NSFW_THRESHOLD: 0.7,
};

beforeAll(async () => {
  server = await startModerationServer();
  [screenshot, flaggedImage] = await Promise.all([
    renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes }),
    renderFlaggedByClassifier(),
  ]);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.reply = () => ({ status: 200, body: moderationResponse() });
});

describe('createModerators', () => {
  it('runs the local classifier and OpenAI on every image when both are configured', async () => {
    const { image } = await createModerators({
      config: base,
      openai: server.client(),
      logger: recordingLogger(),
    });
    expect(image.name).toBe('nsfwjs+openai');
    await expect(image.classify(screenshot, 'notes.png')).resolves.toEqual({ flagged: false });
    expect(server.requests).toHaveLength(1);
  });

  it('flags an image when only OpenAI flags it', async () => {
    server.reply = () => ({ status: 200, body: moderationResponse(['sexual'], 'image') });
    const { image } = await createModerators({ config: base, openai: server.client(), logger: recordingLogger() });
    await expect(image.classify(screenshot, 'notes.png')).resolves.toEqual({
      flagged: true,
      reason: 'openai:sexual 0.97',
    });
  });

  it('flags an image when only the local classifier flags it', async () => {
    const { image } = await createModerators({ config: base, openai: server.client(), logger: recordingLogger() });
    const verdict = await image.classify(flaggedImage, 'shapes.png');
    expect(verdict.flagged).toBe(true);
    expect(verdict.reason).toMatch(/^nsfw:Hentai 0\.\d\d$/);
  });

  it('combines both reasons when both flag', async () => {
    server.reply = () => ({ status: 200, body: moderationResponse(['sexual'], 'image') });
    const { image } = await createModerators({ config: base, openai: server.client(), logger: recordingLogger() });
    const verdict = await image.classify(flaggedImage, 'shapes.png');
    expect(verdict.reason).toMatch(/^nsfw:Hentai 0\.\d\d; openai:sexual 0\.97$/);
  });

  it('auto: falls back to local checks when the server has no /v1/moderations, and logs it once', async () => {
    server.reply = () => errorReply(404, 'Not Found');
    const logger = recordingLogger();
    const { image } = await createModerators({ config: base, openai: server.client(), logger });
    await expect(image.classify(screenshot, 'a.png')).resolves.toEqual({ flagged: false });
    expect((await image.classify(flaggedImage, 'b.png')).flagged).toBe(true);
    await expect(image.classify(screenshot, 'c.png')).resolves.toEqual({ flagged: false });
    // One probe found the endpoint missing; later checks don't ask again.
    expect(server.requests).toHaveLength(1);
    expect(messages(logger.entries, 'warn')).toEqual([
      'OpenAI-compatible server has no /v1/moderations: using local moderation only',
    ]);
    expect(image.name).toBe('nsfwjs');
  });

  it('auto: a 5xx is transient — it propagates and OpenAI is still used afterwards', async () => {
    server.reply = () => errorReply(503, 'overloaded');
    const { image } = await createModerators({ config: base, openai: server.client(), logger: recordingLogger() });
    await expect(image.classify(screenshot, 'a.png')).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    server.reply = () => ({ status: 200, body: moderationResponse(['violence/graphic'], 'image') });
    await expect(image.classify(screenshot, 'a.png')).resolves.toEqual({
      flagged: true,
      reason: 'openai:violence/graphic 0.97',
    });
    expect(image.name).toBe('nsfwjs+openai');
  });

  it('on: a missing endpoint fails every check (logged once) instead of silently moderating less', async () => {
    server.reply = () => errorReply(405, 'Method Not Allowed');
    const logger = recordingLogger();
    const { image } = await createModerators({
      config: { ...base, OPENAI_MODERATION: 'on' },
      openai: server.client(),
      logger,
    });
    await expect(image.classify(screenshot, 'a.png')).rejects.toBeInstanceOf(ModerationUnavailableError);
    await expect(image.classify(screenshot, 'b.png')).rejects.toBeInstanceOf(ModerationUnavailableError);
    expect(messages(logger.entries, 'error')).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('on: refuses to start without OpenAI configured', async () => {
    await expect(
      createModerators({
        config: { ...base, openaiEnabled: false, OPENAI_MODERATION: 'on' },
        logger: recordingLogger(),
      }),
    ).rejects.toThrow(/^OPENAI_MODERATION=on requires OpenAI: set OPENAI_API_KEY or OPENAI_BASE_URL/);
  });

  it('off: never calls OpenAI even when it is configured', async () => {
    server.reply = () => ({ status: 200, body: moderationResponse(['sexual']) });
    const { image } = await createModerators({
      config: { ...base, OPENAI_MODERATION: 'off' },
      openai: server.client(),
      logger: recordingLogger(),
    });
    await expect(image.classify(screenshot, 'a.png')).resolves.toEqual({ flagged: false });
    expect(server.requests).toHaveLength(0);
    expect(image.name).toBe('nsfwjs');
  });

  it('uses only OpenAI for images when the local classifier is disabled', async () => {
    const { image } = await createModerators({
      config: { ...base, MODERATION_IMAGE_CLASSIFIER: false },
      openai: server.client(),
      logger: recordingLogger(),
    });
    expect(image.name).toBe('openai');
    // The local classifier would flag this one; OpenAI (the stand-in) does not.
    await expect(image.classify(flaggedImage, 'shapes.png')).resolves.toEqual({ flagged: false });
  });

  it('warns that images are unmoderated when neither check is available', async () => {
    const logger = recordingLogger();
    const { image } = await createModerators({
      config: { ...base, openaiEnabled: false, MODERATION_IMAGE_CLASSIFIER: false },
      logger,
    });
    expect(image.name).toBe('none');
    expect(messages(logger.entries, 'warn')).toEqual([
      'image moderation is disabled (MODERATION_IMAGE_CLASSIFIER=false and no OpenAI moderation)',
    ]);
    await expect(image.classify(flaggedImage, 'shapes.png')).resolves.toEqual({ flagged: false });
  });
});
