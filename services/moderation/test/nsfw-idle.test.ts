/**
 * The classifier's idle release (IDLE_RELEASE_MS): with an idle period the nsfwjs thread starts with the first image,
 * ends (its model and TensorFlow.js heap with it) once no image has come for that long, and starts again for the next
 * image, which gets the same scores as before. The real model on wasm.
 */
import { renderPhotoOfPage, SAMPLE_TEXT } from '@snapnotes/testing/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNsfwImageModerator, type NsfwImageModerator } from '../src/nsfw.js';
import { renderFlaggedByClassifier } from './fixtures.js';
import { recordingLogger } from './helpers.js';

const IDLE_MS = 1000;
let moderator: NsfwImageModerator;
let photo: Buffer;
let flagged: Buffer;

beforeAll(async () => {
  photo = await renderPhotoOfPage([...SAMPLE_TEXT.lectureNotes]);
  flagged = await renderFlaggedByClassifier();
  moderator = await createNsfwImageModerator({ threshold: 0.7, logger: recordingLogger(), idleMs: IDLE_MS });
});
afterAll(async () => {
  await moderator?.close();
});

async function releasedWithin(limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (!moderator.loaded()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('createNsfwImageModerator with an idle period', () => {
  let first: Awaited<ReturnType<NsfwImageModerator['scores']>>;

  it('loads nothing until the first image', async () => {
    expect(moderator.loaded()).toBe(false);
    expect(await moderator.memory()).toEqual({ numTensors: 0, numBytes: 0 });
    expect(moderator.loaded()).toBe(false);
  });

  it('starts the classifier for an image', async () => {
    first = await moderator.scores(flagged);
    expect(moderator.loaded()).toBe(true);
    expect(moderator.backend).toBe('wasm');
    expect((await moderator.classify(flagged, 'Image 1')).flagged).toBe(true);
    expect((await moderator.memory()).numTensors).toBeGreaterThan(0);
  });

  it('ends it after the idle period, tensors and all', async () => {
    expect(await releasedWithin(IDLE_MS + 5000)).toBe(true);
    expect(moderator.releases()).toBe(1);
    expect(await moderator.memory()).toEqual({ numTensors: 0, numBytes: 0 });
  });

  it('starts it again for the next image, with the same scores and verdicts', async () => {
    const again = await moderator.scores(flagged);
    for (const [k, v] of Object.entries(first)) expect(again[k as keyof typeof again]).toBeCloseTo(v, 5);
    expect((await moderator.classify(flagged, 'Image 1')).flagged).toBe(true);
    expect((await moderator.classify(photo, 'Image 2')).flagged).toBe(false);
    expect(await releasedWithin(IDLE_MS + 5000)).toBe(true);
    expect(moderator.releases()).toBe(2);
  });
});
