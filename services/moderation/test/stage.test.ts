import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { isVerdictError, type ImageModerator, type ImageRef, type UploadJob } from '@snapnotes/contracts';
import { createMemoryStore } from '@snapnotes/testing/memory-store';
import { SAMPLE_TEXT, corruptPng, renderNoTextImage, renderScreenshot } from '@snapnotes/testing/images';
import { createNsfwImageModerator } from '../src/nsfw.js';
import { createModerationStage } from '../src/stage.js';
import { renderFlaggedByClassifier } from './fixtures.js';
import { messages, recordingLogger } from './helpers.js';

let nsfw: ImageModerator;
let screenshot: Buffer;
let picture: Buffer;
let flaggedImage: Buffer;

beforeAll(async () => {
  nsfw = await createNsfwImageModerator({ threshold: 0.7, logger: recordingLogger(), preload: true });
  [screenshot, picture, flaggedImage] = await Promise.all([
    renderScreenshot({ lines: SAMPLE_TEXT.lectureNotes }),
    renderNoTextImage({ format: 'png' }),
    renderFlaggedByClassifier(),
  ]);
}, 60_000); // loads the classifier's model and renders with Chromium: seconds, more on a loaded machine

/** Puts the files in a memory store and builds the job the gateway would send. */
function upload(files: { name: string; data: Buffer }[]) {
  const uploadId = randomUUID();
  const store = createMemoryStore();
  const images: ImageRef[] = files.map((f, index) => {
    const key = `users/7/uploads/${uploadId}/${index}.png`;
    store.objects.set(key, f.data);
    return { index, fileName: f.name, key, contentType: 'image/png', bytes: f.data.length, width: 224, height: 224 };
  });
  const job: UploadJob = {
    jobId: uploadId,
    purpose: { kind: 'upload' },
    userId: 7,
    correlationId: 'corr-1',
    premium: false,
    languages: ['eng'],
    images,
  };
  return { store, job };
}

describe('createModerationStage', () => {
  it('passes an upload with no flagged image and reports what ran', async () => {
    const { store, job } = upload([
      { name: 'notes.png', data: screenshot },
      { name: 'lake.png', data: picture },
    ]);
    const logger = recordingLogger();
    const stage = createModerationStage({ store, image: nsfw, logger });
    await expect(stage(job)).resolves.toEqual({ checked: 2, engine: 'nsfwjs', flagged: [] });
    expect(messages(logger.entries, 'info')).toContain('images checked');
  });

  it('reports every flagged file in upload order, without failing the job', async () => {
    const { store, job } = upload([
      { name: 'first-bad.png', data: flaggedImage },
      { name: 'notes.png', data: screenshot },
      { name: 'second-bad.png', data: flaggedImage },
      { name: 'lake.png', data: picture },
      { name: 'third-bad.png', data: flaggedImage },
    ]);
    // Shuffle the array: the verdict must follow the images' index, not the array order.
    job.images = [job.images[3]!, job.images[0]!, job.images[4]!, job.images[1]!, job.images[2]!];
    const logger = recordingLogger();
    const stage = createModerationStage({ store, image: nsfw, logger, parallelism: 3 });
    const result = await stage(job);
    expect(result.checked).toBe(5);
    expect(result.flagged.map((f) => [f.index, f.fileName])).toEqual([
      [0, 'first-bad.png'],
      [2, 'second-bad.png'],
      [4, 'third-bad.png'],
    ]);
    expect(result.flagged.every((f) => /^nsfw:/.test(f.reason))).toBe(true);
    // The log says which images by position and why; their names are the user's.
    const flaggedLines = logger.entries.filter((e) => e.msg === 'image flagged').map((e) => e.obj as { index: number });
    expect(flaggedLines.map((e) => e.index).sort()).toEqual([0, 2, 4]);
    expect(JSON.stringify(logger.entries)).not.toMatch(/bad\.png|notes\.png|lake\.png/);
  });

  it('classifies every image even when the first one is flagged', async () => {
    const { store, job } = upload([
      { name: 'bad.png', data: flaggedImage },
      { name: 'a.png', data: screenshot },
      { name: 'b.png', data: picture },
    ]);
    const seen: string[] = [];
    const counting: ImageModerator = {
      name: 'nsfwjs',
      async classify(data, fileName) {
        seen.push(fileName);
        return nsfw.classify(data, fileName);
      },
    };
    const stage = createModerationStage({ store, image: counting, logger: recordingLogger(), parallelism: 1 });
    const result = await stage(job);
    expect(result.flagged.map((f) => f.fileName)).toEqual(['bad.png']);
    expect(seen).toEqual(['Image 1', 'Image 2', 'Image 3']);
  });

  it('keeps at most `parallelism` images in flight', async () => {
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, data: screenshot }));
    const { store, job } = upload(files);
    let inFlight = 0;
    let most = 0;
    const tracking: ImageModerator = {
      name: 'nsfwjs',
      async classify(data, fileName) {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          return await nsfw.classify(data, fileName);
        } finally {
          inFlight--;
        }
      },
    };
    const stage = createModerationStage({ store, image: tracking, logger: recordingLogger(), parallelism: 2 });
    await expect(stage(job)).resolves.toEqual({ checked: 6, engine: 'nsfwjs', flagged: [] });
    expect(most).toBe(2);
  });

  it('fails with a clear error naming, by position, a file that does not decode, without crashing', async () => {
    const { store, job } = upload([
      { name: 'ok.png', data: screenshot },
      { name: 'broken.png', data: await corruptPng() },
    ]);
    const stage = createModerationStage({ store, image: nsfw, logger: recordingLogger() });
    const err = await stage(job).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^Image 2 could not be decoded/);
    expect(isVerdictError(err)).toBe(false);
  });

  it('propagates a store error for a missing object', async () => {
    const { store, job } = upload([{ name: 'gone.png', data: screenshot }]);
    store.objects.clear();
    const stage = createModerationStage({ store, image: nsfw, logger: recordingLogger() });
    await expect(stage(job)).rejects.toThrow(/NoSuchKey/);
  });

  it('rejects a bad parallelism setting', () => {
    expect(() =>
      createModerationStage({ store: createMemoryStore(), image: nsfw, logger: recordingLogger(), parallelism: 0 }),
    ).toThrow('parallelism must be a positive integer, got 0');
  });
});
