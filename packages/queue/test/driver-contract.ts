/**
 * The behaviour both drivers share, run against each of them (in-process.test.ts, bullmq.int.test.ts).
 */
import { inappropriate, nothingExtracted } from '@snapnotes/contracts';
import type { StageHandlers } from '@snapnotes/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { PipelineFailure } from '../src/index.js';
import type { PipelineDriver } from '../src/index.js';
import { gate, makeUpload, openAllGates, recordingHandlers, sleep, waitFor } from './helpers.js';
import type { LogRecord } from './helpers.js';

export interface DriverHarness {
  /** Starts a driver whose stages run `handlers`; OCR pages run `ocrConcurrency` at a time. */
  start(
    handlers: StageHandlers,
    opts: { ocrConcurrency: number; attempts?: number; backoffMs?: number },
  ): Promise<PipelineDriver>;
  /** Stops what start() created. */
  stop(): Promise<void>;
  /** Everything the driver logged since start(). */
  logs(): LogRecord[];
}

async function failureOf(p: Promise<unknown>): Promise<PipelineFailure> {
  const err = await p.then(
    () => {
      throw new Error('expected the upload to fail, but it produced a note');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PipelineFailure);
  return err as PipelineFailure;
}

export function describeDriverContract(name: string, harness: DriverHarness): void {
  describe(`${name}: shared driver behaviour`, () => {
    afterEach(async () => {
      openAllGates();
      await harness.stop();
    });
    const timeoutMs = 15_000;

    it('runs a one-image upload through every stage and returns the note', async () => {
      const { handlers, rec } = recordingHandlers();
      const driver = await harness.start(handlers, { ocrConcurrency: 2 });
      const job = makeUpload(1);

      const note = await driver.run(job, { timeoutMs });

      expect(note).toEqual({ noteId: 1, created: true });
      expect(rec.moderation.map((j) => j.jobId)).toEqual([job.jobId]);
      expect(rec.ocr.map((i) => i.image.index)).toEqual([0]);
      expect(rec.summarise).toHaveLength(1);
      expect(rec.summarise[0]?.pages.map((p) => p.fileName)).toEqual(['page-0.png']);
      expect(rec.summarise[0]?.moderation).toEqual({ checked: 1, engine: 'test', flagged: [] });
      expect(rec.notes[0]?.summary.originalText).toBe('Text of page-0.png');
      expect(rec.notes[0]?.job).toEqual(job);
    });

    it('runs the pages of a five-image upload in parallel and keeps upload order', async () => {
      // Later pages finish first, so arrival order is the reverse of upload order.
      const { handlers, rec } = recordingHandlers({}, (index) => 400 - index * 60);
      const driver = await harness.start(handlers, { ocrConcurrency: 3 });
      const job = makeUpload(5);

      const started = Date.now();
      await driver.run(job, { timeoutMs });
      const elapsed = Date.now() - started;

      expect(rec.ocr.map((i) => i.image.index).sort()).toEqual([0, 1, 2, 3, 4]);
      expect(rec.summarise[0]?.pages.map((p) => p.index)).toEqual([0, 1, 2, 3, 4]);
      expect(rec.notes[0]?.summary.originalText.split('\n\n')).toEqual(job.images.map((i) => `Text of ${i.fileName}`));
      expect(rec.ocrMaxActive).toBeGreaterThanOrEqual(2);
      expect(rec.ocrMaxActive).toBeLessThanOrEqual(3);
      const sequential = [0, 1, 2, 3, 4].reduce((sum, i) => sum + 400 - i * 60, 0); // 1400 ms
      expect(elapsed).toBeLessThan(sequential);
    });

    it('hands a moderation verdict with every flagged file to the caller, without retrying', async () => {
      const { handlers, rec } = recordingHandlers({
        moderation: async () => {
          throw inappropriate(['page-1.png', 'page-3.png']);
        },
      });
      const driver = await harness.start(handlers, { ocrConcurrency: 2, attempts: 3, backoffMs: 20 });

      const failure = await failureOf(driver.run(makeUpload(4), { timeoutMs }));

      expect(failure.kind).toBe('verdict');
      expect(failure.stage).toBe('moderation');
      expect(failure.verdict).toEqual({
        code: 'INAPPROPRIATE_CONTENT',
        message: 'One or more images contain inappropriate content and cannot be processed',
        files: ['page-1.png', 'page-3.png'],
      });
      expect(failure.message).toBe(failure.verdict?.message);
      expect(rec.moderation).toHaveLength(1);
      expect(rec.summarise).toHaveLength(0);
      expect(rec.notes).toHaveLength(0);
    });

    it('runs moderation beside OCR and hands its image flags to summarise', async () => {
      const { handlers, rec } = recordingHandlers({
        moderation: async (job) => {
          // Only finishes once OCR has started: a pipeline that ran them one after the other would time out.
          await waitFor(() => rec.ocr.length > 0, 5000, 'OCR to start beside moderation');
          return {
            checked: job.images.length,
            engine: 'test',
            flagged: [
              { index: 0, fileName: 'page-0.png', reason: 'nsfw:Porn 0.93' },
              { index: 2, fileName: 'page-2.png', reason: 'nsfw:Hentai 0.88' },
            ],
          };
        },
      });
      const driver = await harness.start(handlers, { ocrConcurrency: 2 });

      const failure = await failureOf(driver.run(makeUpload(3), { timeoutMs }));

      expect(failure.kind).toBe('verdict');
      expect(failure.stage).toBe('summarise');
      expect(failure.verdict).toMatchObject({ code: 'INAPPROPRIATE_CONTENT', files: ['page-0.png', 'page-2.png'] });
      expect(rec.summarise[0]?.moderation?.flagged.map((f) => f.index)).toEqual([0, 2]);
      expect(rec.notes).toHaveLength(0);
    });

    it("runs a note's re-read without the image checks, as a flow of its own each time", async () => {
      const { handlers, rec } = recordingHandlers();
      const driver = await harness.start(handlers, { ocrConcurrency: 2 });
      const purpose = { kind: 'reread', noteId: 42, requireText: true } as const;
      const [first, second] = [makeUpload(2, { purpose }), makeUpload(2, { purpose })];

      expect(await driver.run(first!, { timeoutMs })).toEqual({ noteId: 1, created: true });
      expect(await driver.run(second!, { timeoutMs })).toEqual({ noteId: 2, created: true });

      expect(rec.moderation).toEqual([]);
      expect(rec.ocr).toHaveLength(4);
      expect(rec.summarise.map((input) => input.moderation)).toEqual([undefined, undefined]);
      expect(rec.notes.map((input) => [input.job.jobId, input.job.purpose])).toEqual([
        [first!.jobId, purpose],
        [second!.jobId, purpose],
      ]);
    });

    it('hands a verdict from summarise to the caller', async () => {
      const { handlers, rec } = recordingHandlers({
        summarise: async () => {
          throw nothingExtracted();
        },
      });
      const driver = await harness.start(handlers, { ocrConcurrency: 2, attempts: 3, backoffMs: 20 });

      const failure = await failureOf(driver.run(makeUpload(3), { timeoutMs }));

      expect(failure.kind).toBe('verdict');
      expect(failure.stage).toBe('summarise');
      expect(failure.verdict?.code).toBe('NOTHING_EXTRACTED');
      expect(rec.ocr).toHaveLength(3);
      expect(rec.summarise).toHaveLength(1);
      expect(rec.notes).toHaveLength(0);
    });

    it('retries a transient error and then succeeds, writing one note', async () => {
      let calls = 0;
      const { handlers, rec, base } = recordingHandlers({
        summarise: async (input) => {
          calls++;
          if (calls === 1) throw new Error('ECONNRESET: summariser connection reset');
          return base.summarise(input);
        },
      });
      const driver = await harness.start(handlers, { ocrConcurrency: 2, attempts: 3, backoffMs: 20 });

      const note = await driver.run(makeUpload(2), { timeoutMs });

      expect(note).toEqual({ noteId: 1, created: true });
      expect(rec.summarise).toHaveLength(2);
      expect(rec.notes).toHaveLength(1);
      expect(rec.moderation).toHaveLength(1);
    });

    it('does not retry an error marked retryable: false', async () => {
      const { handlers, rec, base } = recordingHandlers({
        ocr: async (input) => {
          if (input.image.index === 0)
            throw Object.assign(new Error('page-0.png is not a decodable image'), { retryable: false });
          return base.ocr(input);
        },
      });
      const driver = await harness.start(handlers, { ocrConcurrency: 2, attempts: 3, backoffMs: 20 });

      const failure = await failureOf(driver.run(makeUpload(2), { timeoutMs }));

      expect(failure.kind).toBe('error');
      expect(failure.message).toContain('page-0.png is not a decodable image');
      expect(rec.ocr.filter((i) => i.image.index === 0)).toHaveLength(1);
      expect(rec.notes).toHaveLength(0);
    });

    it('surfaces the real message of a permanent error after the last attempt', async () => {
      const { handlers, rec, base } = recordingHandlers({
        ocr: async (input) => {
          if (input.image.index === 1) throw new Error('tesseract crashed on page-1.png');
          return base.ocr(input);
        },
      });
      const driver = await harness.start(handlers, { ocrConcurrency: 2, attempts: 2, backoffMs: 20 });

      const job = makeUpload(3);
      const failure = await failureOf(driver.run(job, { timeoutMs }));

      expect(failure.kind).toBe('error');
      expect(failure.stage).toBe('ocr');
      expect(harness.logs()).toContainEqual(
        expect.objectContaining({
          level: 'error',
          obj: expect.objectContaining({
            jobId: job.jobId,
            correlationId: job.correlationId,
            stage: 'ocr',
            err: 'tesseract crashed on page-1.png',
          }),
        }),
      );
      expect(failure.message).toContain('tesseract crashed on page-1.png');
      expect(failure.message).not.toMatch(/child .* failed/);
      const retries = harness
        .logs()
        .filter((r) => r.level === 'warn' && /retry/.test(r.msg ?? '') && r.obj.jobId === job.jobId);
      expect(retries).toHaveLength(1);
      expect(rec.ocr.filter((i) => i.image.index === 1)).toHaveLength(2);
      expect(rec.summarise).toHaveLength(0);
      expect(rec.notes).toHaveLength(0);
    });

    it('gives up after timeoutMs and does not run the later stages', async () => {
      const slow = gate();
      const { handlers, rec, base } = recordingHandlers({
        summarise: async (input) => {
          await slow.wait();
          return base.summarise(input);
        },
      });
      const driver = await harness.start(handlers, { ocrConcurrency: 2 });

      const started = Date.now();
      const failure = await failureOf(driver.run(makeUpload(1), { timeoutMs: 600 }));
      const elapsed = Date.now() - started;

      expect(failure.kind).toBe('timeout');
      expect(failure.stage).toBe('summarise');
      expect(failure.message).toContain('600 ms');
      expect(elapsed).toBeGreaterThanOrEqual(550);
      expect(elapsed).toBeLessThan(3000);
      slow.open();
      await sleep(600);
      expect(rec.summarise).toHaveLength(1);
      expect(rec.notes).toHaveLength(0);
    });

    it('rejects an invalid upload job before any stage runs', async () => {
      const { handlers, rec } = recordingHandlers();
      const driver = await harness.start(handlers, { ocrConcurrency: 2 });
      const bad = { ...makeUpload(1), jobId: 'not-a-uuid', images: [] };

      const failure = await failureOf(driver.run(bad, { timeoutMs }));

      expect(failure.kind).toBe('error');
      expect(failure.message).toMatch(/^Invalid upload job: /);
      expect(failure.message).toContain('jobId');
      expect(failure.message).toContain('images');
      expect(rec.moderation).toHaveLength(0);
    });

    it('fails loudly, without retrying, when a stage payload does not match its schema', async () => {
      const { handlers, rec, base } = recordingHandlers({
        // A broken OCR adapter: confidence must be a number.
        ocr: async (input) => ({ ...(await base.ocr(input)), confidence: 'high' as unknown as number }),
      });
      const driver = await harness.start(handlers, { ocrConcurrency: 2, attempts: 3, backoffMs: 300 });

      const started = Date.now();
      const failure = await failureOf(driver.run(makeUpload(2), { timeoutMs }));

      expect(failure.kind).toBe('error');
      expect(failure.stage).toBe('summarise');
      expect(failure.message).toContain('Invalid summarise payload');
      expect(failure.message).toContain('pages.0.confidence');
      expect(rec.summarise).toHaveLength(0);
      expect(rec.ocr).toHaveLength(2);
      // Not retried: two backoffs would take at least 300 + 600 ms, and no retry was logged.
      expect(Date.now() - started).toBeLessThan(900);
      expect(harness.logs().filter((r) => /retry/.test(r.msg ?? ''))).toEqual([]);
    });

    it('completes ten concurrent uploads', async () => {
      const { handlers, rec } = recordingHandlers();
      const driver = await harness.start(handlers, { ocrConcurrency: 3 });
      const jobs = Array.from({ length: 10 }, () => makeUpload(2));

      const notes = await Promise.all(jobs.map((job) => driver.run(job, { timeoutMs })));

      expect(new Set(notes.map((n) => n.noteId)).size).toBe(10);
      expect(notes.every((n) => n.created)).toBe(true);
      expect(rec.notes.map((n) => n.job.jobId).sort()).toEqual(jobs.map((j) => j.jobId).sort());
      expect(rec.ocr).toHaveLength(20);
      expect(rec.ocrMaxActive).toBeLessThanOrEqual(3);
    });
  });
}
