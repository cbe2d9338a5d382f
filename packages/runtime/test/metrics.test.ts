import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lineSink } from '@snapnotes/testing/logger';
import { nothingExtracted, type StageHandlers, type UploadJob } from '@snapnotes/contracts';
import { logContextMixin } from '../src/logger.js';
import { withLogContext } from '../src/log-context.js';
import { createMetrics, instrumentHandlers } from '../src/metrics.js';

const job: UploadJob = {
  jobId: '9b2f4d1e-7c1a-4a59-9a39-1f0b8c0d5e21',
  purpose: { kind: 'upload' },
  userId: 3,
  correlationId: 'req-abc12345',
  premium: false,
  languages: ['eng'],
  images: [{ index: 0, fileName: 'a.png', key: 'k/0.png', contentType: 'image/png', bytes: 10, width: 10, height: 10 }],
};

function capture() {
  const { destination, lines } = lineSink();
  const logger = pino({ level: 'debug', mixin: logContextMixin }, destination);
  /** Each line written so far, parsed. */
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, entries };
}

/** The value of one series in the text exposition, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const got = Object.fromEntries(
      [...inner.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as [string, string]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('createMetrics', () => {
  it('refuses a service name that cannot be a label value convention', () => {
    expect(() => createMetrics({ service: 'Bad Name', defaultMetrics: false })).toThrow(/lower-case name/);
  });

  it('reports queue depth from its source at each scrape, and counts a failed read', async () => {
    const metrics = createMetrics({ service: 'gateway', defaultMetrics: false });
    let depth = 4;
    metrics.setQueueCounts(async () => ({ ocr: { waiting: depth, active: 2, delayed: 1, failed: 0 } }));
    let text = await metrics.render();
    expect(sample(text, 'snapnotes_queue_jobs', { queue: 'ocr', state: 'waiting', service: 'gateway' })).toBe(4);
    expect(sample(text, 'snapnotes_queue_jobs', { queue: 'ocr', state: 'active' })).toBe(2);
    depth = 9;
    text = await metrics.render();
    expect(sample(text, 'snapnotes_queue_jobs', { queue: 'ocr', state: 'waiting' })).toBe(9);

    metrics.setQueueCounts(async () => {
      throw new Error('redis down');
    });
    text = await metrics.render();
    expect(sample(text, 'snapnotes_queue_jobs', { queue: 'ocr', state: 'waiting' })).toBeUndefined();
    expect(sample(text, 'snapnotes_queue_depth_errors_total', {})).toBe(1);
  });

  it('includes the process metrics by default', async () => {
    const text = await createMetrics({ service: 'ocr' }).render();
    expect(text).toMatch(/^process_cpu_user_seconds_total\{service="ocr"\} /m);
  });
});

describe('instrumentHandlers', () => {
  it('times each call by stage and outcome, and counts failures by kind', async () => {
    const metrics = createMetrics({ service: 'ocr', defaultMetrics: false });
    let calls = 0;
    const handlers: Partial<StageHandlers> = {
      ocr: async ({ image }) => {
        calls++;
        if (calls === 2) throw nothingExtracted();
        if (calls === 3) throw new Error('S3 timed out');
        await new Promise((r) => setTimeout(r, 30));
        return {
          index: image.index,
          fileName: image.fileName,
          text: 't',
          confidence: 90,
          hasText: true,
          durationMs: 30,
        };
      },
    };
    const wrapped = instrumentHandlers(handlers, metrics);
    expect(Object.keys(wrapped)).toEqual(['ocr']);
    const input = { job, image: job.images[0]! };
    await expect(wrapped.ocr!(input)).resolves.toMatchObject({ index: 0 });
    await expect(wrapped.ocr!(input)).rejects.toThrow(/NOTHING_EXTRACTED/);
    await expect(wrapped.ocr!(input)).rejects.toThrow('S3 timed out');

    const text = await metrics.render();
    expect(sample(text, 'snapnotes_job_duration_seconds_count', { stage: 'ocr', outcome: 'completed' })).toBe(1);
    expect(sample(text, 'snapnotes_job_duration_seconds_count', { stage: 'ocr', outcome: 'rejected' })).toBe(1);
    expect(sample(text, 'snapnotes_job_duration_seconds_count', { stage: 'ocr', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'snapnotes_job_duration_seconds_sum', { stage: 'ocr', outcome: 'completed' })).toBeGreaterThan(
      0.02,
    );
    expect(sample(text, 'snapnotes_job_failures_total', { stage: 'ocr', kind: 'verdict' })).toBe(1);
    expect(sample(text, 'snapnotes_job_failures_total', { stage: 'ocr', kind: 'error' })).toBe(1);
    expect(sample(text, 'snapnotes_jobs_active', { stage: 'ocr' })).toBe(0);
  });

  it('runs each call in the upload’s log context, so every line names its correlation id once', async () => {
    const { logger, entries } = capture();
    const metrics = createMetrics({ service: 'moderation', defaultMetrics: false });
    const deep = logger.child({ component: 'classifier' }); // knows nothing about the upload
    const wrapped = instrumentHandlers(
      {
        moderation: async (upload) => {
          deep.info('classifying');
          logger.child({ correlationId: upload.correlationId }).info('bound explicitly');
          await new Promise((r) => setTimeout(r, 5));
          deep.info({ correlationId: 'given-by-call' }, 'given by the call');
          return { checked: 1, engine: 'test', flagged: [] };
        },
      },
      metrics,
    );
    await wrapped.moderation!(job);
    logger.info('outside any job');

    const byMsg = Object.fromEntries(entries().map((l) => [l.msg as string, l]));
    expect(byMsg['classifying']).toMatchObject({ correlationId: job.correlationId, jobId: job.jobId });
    expect(byMsg['given by the call']).toMatchObject({ correlationId: 'given-by-call', jobId: job.jobId });
    expect(byMsg['outside any job']).not.toHaveProperty('correlationId');
  });

  it('does not repeat a correlation id the logger is already bound to', () => {
    const { destination, lines: chunks } = lineSink();
    const logger = pino({ mixin: logContextMixin }, destination);
    withLogContext({ correlationId: 'req-1' }, () => logger.child({ correlationId: 'req-1' }).info('once'));
    expect(chunks[0]!.match(/"correlationId"/g)).toHaveLength(1);
  });
});
