/**
 * The upload progress tracker (uploads/progress.ts, issue 23): the stage from the stages done, the owner check, and
 * records that end with the upload. The port is a small in-memory one; the real ones run in
 * apps/embedded/test/upload-progress.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { ProgressPort, StagesDone } from '@snapnotes/queue';
import { pipelineStage, UploadProgressTracker } from '../src/uploads/progress.js';

const ID = '0f8e6a34-5d1c-4f4e-9b1e-2f7c1d9a8b77';

function fakePort(stages: Map<string, StagesDone | null>): ProgressPort & { records: Map<string, object> } {
  const records = new Map<string, Record<string, string>>();
  return {
    records,
    write: async (key, value) => void records.set(key, { ...value }),
    read: async (key) => records.get(key) ?? null,
    remove: async (key) => void records.delete(key),
    stagesDone: async (uploadId) => stages.get(uploadId) ?? null,
  };
}

describe('pipelineStage', () => {
  const done = (moderation: boolean, pagesRead: number, summary = false) => ({ moderation, pagesRead, summary });
  it('follows moderation beside OCR, then summarise, then the note', () => {
    expect(pipelineStage(done(false, 0), 3)).toBe('checking');
    expect(pipelineStage(done(true, 0), 3)).toBe('reading');
    expect(pipelineStage(done(false, 2), 3)).toBe('reading');
    expect(pipelineStage(done(false, 3), 3)).toBe('processing');
    expect(pipelineStage(done(true, 3), 3)).toBe('summarising');
    expect(pipelineStage(done(true, 3, true), 3)).toBe('saving');
  });
});

describe('UploadProgressTracker', () => {
  it('answers only the uploader, stage by stage, and forgets the upload when it is answered', async () => {
    const stages = new Map<string, StagesDone | null>();
    const port = fakePort(stages);
    const tracker = new UploadProgressTracker(port, 60_000, pino({ level: 'silent' }));
    const reporter = tracker.start(7, ID);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await tracker.read(7, ID)).toEqual({ stage: 'receiving', pagesRead: 0, pages: 0 });
    expect(await tracker.read(8, ID)).toBeNull(); // another user: nothing
    reporter.checking(2);
    reporter.pipeline('upload-1', 2);
    stages.set('upload-1', { moderation: true, pagesRead: 1, summary: false });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await tracker.read(7, ID)).toEqual({ stage: 'reading', pagesRead: 1, pages: 2 });
    expect(await tracker.read(8, ID)).toBeNull();
    // Out of the pipeline (its results dropped): saving, never back to checking.
    stages.set('upload-1', null);
    expect(await tracker.read(7, ID)).toEqual({ stage: 'saving', pagesRead: 2, pages: 2 });
    await reporter.end();
    expect(await tracker.read(7, ID)).toBeNull();
    expect(port.records.size).toBe(0);
  });

  it('reports nothing for a missing or malformed id', async () => {
    const port = fakePort(new Map());
    const tracker = new UploadProgressTracker(port, 60_000, pino({ level: 'silent' }));
    tracker.start(7, undefined).checking(1);
    tracker.start(7, 'bad id!').checking(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(port.records.size).toBe(0);
    expect(await tracker.read(7, 'bad id!')).toBeNull();
  });
});
