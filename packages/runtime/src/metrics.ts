/**
 * Prometheus metrics (prom-client), one registry per process role: the gateway serves it at /metrics on its port,
 * a stage worker on WORKER_HTTP_PORT. Every series carries a `service` label.
 *
 *   snapnotes_http_request_duration_seconds{method,route,status_code}   gateway requests
 *   snapnotes_queue_jobs{queue,state}                                   queue depth (waiting, active, delayed, failed)
 *   snapnotes_job_duration_seconds{stage,outcome}                       one stage call (an OCR page, a summary…)
 *   snapnotes_job_failures_total{stage,kind}                            kind: verdict (never retried) | error
 *   snapnotes_jobs_active{stage}                                        stage calls running now in this process
 *   process_*, nodejs_*                                                 prom-client's default metrics
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isVerdictError, QueueName } from '@snapnotes/contracts';
import type { StageHandlers, UploadJob } from '@snapnotes/contracts';
import type { QueueCounts } from '@snapnotes/queue';
import { withLogContext } from './log-context.js';

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

export interface Metrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly jobDuration: Histogram<'stage' | 'outcome'>;
  readonly jobFailures: Counter<'stage' | 'kind'>;
  readonly jobsActive: Gauge<'stage'>;
  /** Sets where queue depth comes from (read at each scrape); a failing read leaves the series empty. */
  setQueueCounts(source: () => Promise<Partial<Record<QueueName, QueueCounts>>>): void;
  /** The text exposition of every metric. */
  render(): Promise<string>;
}

export interface MetricsOptions {
  /** The `service` label: gateway, moderation, ocr, summarise, notes or snapnotes (embedded). */
  service: string;
  /** prom-client's process metrics (default true; tests that build many registries turn them off). */
  defaultMetrics?: boolean;
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export function createMetrics(opts: MetricsOptions): Metrics {
  if (!/^[a-z][a-z0-9_-]*$/.test(opts.service)) {
    throw new TypeError(`createMetrics: service must be a lower-case name, got "${opts.service}"`);
  }
  const registry = new Registry();
  registry.setDefaultLabels({ service: opts.service });
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'snapnotes_http_request_duration_seconds',
    help: 'HTTP requests by route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'snapnotes_job_duration_seconds',
    help: 'Time one stage call took (an OCR page, a moderation pass, a summary, a note write), by outcome.',
    labelNames: ['stage', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'snapnotes_job_failures_total',
    help: 'Stage calls that failed: kind "verdict" (flagged or nothing extracted, never retried) or "error" (retried).',
    labelNames: ['stage', 'kind'] as const,
    registers: [registry],
  });
  const jobsActive = new Gauge({
    name: 'snapnotes_jobs_active',
    help: 'Stage calls running in this process now.',
    labelNames: ['stage'] as const,
    registers: [registry],
  });
  const scrapeErrors = new Counter({
    name: 'snapnotes_queue_depth_errors_total',
    help: 'Scrapes where the queue depth could not be read (Redis unreachable).',
    registers: [registry],
  });
  let queueCounts: (() => Promise<Partial<Record<QueueName, QueueCounts>>>) | undefined;
  const queueJobs = new Gauge({
    name: 'snapnotes_queue_jobs',
    help: 'Jobs in each queue by state (waiting includes prioritized jobs).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  /** Read once per scrape, before the registry renders (so the error counter of this scrape is in it too). */
  async function refreshQueueDepth(): Promise<void> {
    if (!queueCounts) return;
    let counts: Partial<Record<QueueName, QueueCounts>>;
    try {
      counts = await queueCounts();
    } catch {
      queueJobs.reset();
      scrapeErrors.inc();
      return;
    }
    queueJobs.reset();
    for (const [queue, c] of Object.entries(counts)) {
      if (!c) continue;
      for (const state of QUEUE_STATES) queueJobs.set({ queue, state }, c[state]);
    }
  }

  return {
    registry,
    httpDuration,
    jobDuration,
    jobFailures,
    jobsActive,
    setQueueCounts(source) {
      queueCounts = source;
    },
    async render() {
      await refreshQueueDepth();
      return registry.metrics();
    },
  };
}

/** The upload a stage input belongs to: moderation receives the UploadJob itself, the others `{ job, … }`. */
function uploadOf(input: unknown): UploadJob | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const candidate = 'job' in input ? (input as { job: unknown }).job : input;
  const job = candidate as Partial<UploadJob> | null;
  return job && typeof job.jobId === 'string' && typeof job.correlationId === 'string' ? (job as UploadJob) : undefined;
}

/**
 * Wraps stage handlers so that each call is timed, counted when it fails (verdict or error), and runs inside the
 * upload's log context (every log line it writes carries the correlation id).
 */
export function instrumentHandlers<H extends Partial<StageHandlers>>(handlers: H, metrics: Metrics): H {
  const wrapped: Partial<StageHandlers> = {};
  for (const stage of Object.values(QueueName)) {
    const handler = handlers[stage] as ((input: unknown) => Promise<unknown>) | undefined;
    if (!handler) continue;
    const instrumented = async (input: unknown) => {
      const upload = uploadOf(input);
      const context = upload ? { correlationId: upload.correlationId, jobId: upload.jobId } : {};
      return withLogContext(context, async () => {
        const end = metrics.jobDuration.startTimer({ stage });
        metrics.jobsActive.inc({ stage });
        try {
          const result = await handler(input);
          end({ outcome: 'completed' });
          return result;
        } catch (err) {
          const kind = isVerdictError(err) ? 'verdict' : 'error';
          end({ outcome: kind === 'verdict' ? 'rejected' : 'failed' });
          metrics.jobFailures.inc({ stage, kind });
          throw err;
        } finally {
          metrics.jobsActive.dec({ stage });
        }
      });
    };
    (wrapped as Record<string, unknown>)[stage] = instrumented;
  }
  return { ...handlers, ...wrapped };
}
