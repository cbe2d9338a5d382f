import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessDriver, PipelineFailure } from '../src/index.js';
import type { PipelineDriver } from '../src/index.js';
import { describeDriverContract } from './driver-contract.js';
import { gate, makeUpload, openAllGates, recordingHandlers, testLogger, waitFor } from './helpers.js';

let current: PipelineDriver | undefined;
let logger = testLogger();

describeDriverContract('in-process', {
  async start(handlers, opts) {
    logger = testLogger();
    current = createInProcessDriver({ handlers, logger, ...opts });
    return current;
  },
  async stop() {
    await current?.close();
    current = undefined;
  },
  logs: () => logger.records,
});

describe('in-process driver', () => {
  afterEach(async () => {
    openAllGates();
    await current?.close();
    current = undefined;
  });

  it('shares one OCR limiter across concurrent uploads, first come first served', async () => {
    const { handlers, rec } = recordingHandlers({}, () => 60);
    current = createInProcessDriver({ handlers, logger: testLogger(), ocrConcurrency: 2 });
    const jobs = [makeUpload(3), makeUpload(3), makeUpload(3)];

    await Promise.all(jobs.map((job) => current!.run(job, { timeoutMs: 10_000 })));

    expect(rec.ocr).toHaveLength(9);
    expect(rec.ocrMaxActive).toBe(2);
    // FIFO: all pages of the first upload started before any page of the last one.
    const order = rec.ocr.map((i) => i.job.jobId);
    expect(order.lastIndexOf(jobs[0]!.jobId)).toBeLessThan(order.indexOf(jobs[2]!.jobId));
  });

  it('reports OCR pages waiting for the limiter and active stages in counts()', async () => {
    const hold = gate();
    const { handlers, base } = recordingHandlers({
      ocr: async (input) => {
        await hold.wait();
        return base.ocr(input);
      },
    });
    current = createInProcessDriver({ handlers, logger: testLogger(), ocrConcurrency: 1 });
    const run = current.run(makeUpload(3), { timeoutMs: 10_000 });

    try {
      await waitFor(async () => (await current!.counts()).ocr.active === 1);
      expect((await current.counts()).ocr).toEqual({ waiting: 2, active: 1, delayed: 0, failed: 0 });
    } finally {
      hold.open();
    }
    await run;
    expect((await current.counts()).ocr).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
  });

  it('close() waits for uploads in flight and refuses new ones', async () => {
    const hold = gate();
    const { handlers, rec, base } = recordingHandlers({
      notes: async (input) => {
        await hold.wait();
        return base.notes(input);
      },
    });
    const driver = createInProcessDriver({ handlers, logger: testLogger(), ocrConcurrency: 1 });
    const run = driver.run(makeUpload(1), { timeoutMs: 10_000 });
    await waitFor(() => rec.notes.length === 1);

    let closed = false;
    const closing = driver.close().then(() => (closed = true));
    await expect(driver.run(makeUpload(1), { timeoutMs: 1000 })).rejects.toThrow(/closed/);
    expect(closed).toBe(false);
    hold.open();
    await closing;
    await expect(run).resolves.toEqual({ noteId: 1, created: true });
  });

  it('rejects nonsensical options with a clear error', () => {
    const { handlers } = recordingHandlers();
    expect(() => createInProcessDriver({ handlers, logger: testLogger(), ocrConcurrency: 0 })).toThrow(
      /ocrConcurrency must be an integer ≥ 1, got 0/,
    );
    expect(() => createInProcessDriver({ handlers, logger: testLogger(), ocrConcurrency: 1, attempts: 0 })).toThrow(
      /attempts/,
    );
  });

  it('maps a failure to PipelineFailure with the stage', async () => {
    const { handlers } = recordingHandlers({
      notes: async () => {
        throw new Error('duplicate key value violates unique constraint');
      },
    });
    current = createInProcessDriver({ handlers, logger: testLogger(), ocrConcurrency: 1, attempts: 1 });
    const err = await current.run(makeUpload(1), { timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineFailure);
    expect(err).toMatchObject({ kind: 'error', stage: 'notes' });
    expect((err as Error).message).toBe('Stage "notes" failed: duplicate key value violates unique constraint');
  });
});
