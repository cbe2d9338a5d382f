/**
 * The classifier loads on first use (issue 24, idle memory): without an idle period (IDLE_RELEASE_MS=0) and without
 * `preload`, creating the moderator starts no thread and loads no model; the first image starts it, and it then stays
 * (no release) for the images after it. The real model on wasm.
 */
import { renderPhotoOfPage, SAMPLE_TEXT } from '@snapnotes/testing/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModerators } from '../src/compose.js';
import { createNsfwImageModerator, type NsfwImageModerator } from '../src/nsfw.js';
import { renderFlaggedByClassifier } from './fixtures.js';
import { recordingLogger } from './helpers.js';

let moderator: NsfwImageModerator;
let photo: Buffer;
let flagged: Buffer;

beforeAll(async () => {
  [photo, flagged] = await Promise.all([renderPhotoOfPage([...SAMPLE_TEXT.lectureNotes]), renderFlaggedByClassifier()]);
  moderator = await createNsfwImageModerator({ threshold: 0.7, logger: recordingLogger(), idleMs: 0 });
}, 60_000);
afterAll(async () => {
  await moderator?.close();
});

describe('createNsfwImageModerator without an idle period', () => {
  it('starts no classifier thread before the first image', async () => {
    expect(moderator.loaded()).toBe(false);
    expect(moderator.backend).toBe('not loaded');
    expect(await moderator.memory()).toEqual({ numTensors: 0, numBytes: 0 });
    expect(moderator.loaded()).toBe(false);
  });

  it('loads the model for the first image and keeps it', async () => {
    expect((await moderator.classify(flagged, 'Image 1')).flagged).toBe(true);
    expect(moderator.loaded()).toBe(true);
    expect(moderator.backend).toBe('wasm');
    expect((await moderator.memory()).numTensors).toBeGreaterThan(0);
    expect((await moderator.classify(photo, 'Image 2')).flagged).toBe(false);
    expect(moderator.loaded()).toBe(true);
    expect(moderator.releases()).toBe(0);
  });

  it('is what the product builds: createModerators with IDLE_RELEASE_MS=0 loads nothing at once', async () => {
    // The product's moderators share the process's one classifier thread: closing the test's moderator first makes
    // the shared thread end, so the product's composition starts from nothing.
    await moderator.close();
    const { image, close } = await createModerators({
      config: {
        openaiEnabled: false,
        OPENAI_MODERATION: 'off',
        MODERATION_IMAGE_CLASSIFIER: true,
        MODERATION_NSFW_THRESHOLD: 0.7,
        IDLE_RELEASE_MS: 0,
      },
      logger: recordingLogger(),
    });
    try {
      expect(image.name).toBe('nsfwjs');
      const probe = await createNsfwImageModerator({ threshold: 0.7, logger: recordingLogger() });
      expect(probe.loaded()).toBe(false);
      expect((await image.classify(flagged, 'Image 1')).flagged).toBe(true);
      expect(probe.loaded()).toBe(true);
      await probe.close();
    } finally {
      await close();
    }
  });
});
