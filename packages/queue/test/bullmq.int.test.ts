/**
 * The BullMQ driver against a real Redis: the shared behaviour, plus what only a real queue can show —
 * priorities, graceful close, workers in another process, and a worker killed mid-job.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StageHandlers } from '@snapnotes/contracts';
import { getRedis } from '@snapnotes/testing/services';
import type { TestRedis } from '@snapnotes/testing/services';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqProducer, flowIds, startBullmqWorkers } from '../src/index.js';
import type { BullmqProducer, BullmqWorkers, WorkerTuning } from '../src/index.js';
import { describeDriverContract } from './driver-contract.js';
import { gate, makeUpload, openAllGates, recordingHandlers, sleep, testLogger, waitFor } from './helpers.js';

const fast: WorkerTuning = { stalledInterval: 1000, lockDuration: 2000, drainDelay: 1 };

// Real Redis (REDIS_URL, a container, 127.0.0.1:6379 or a spawned redis-server); each getRedis() is a key prefix.
let server: TestRedis;
let REDIS_URL: string;
let admin: Redis;
beforeAll(async () => {
  server = await getRedis();
  REDIS_URL = server.url;
  admin = new Redis(REDIS_URL);
  await admin.ping();
});
afterAll(async () => {
  await admin.quit();
  await server.close();
});

interface Started {
  prefix: string;
  producer: BullmqProducer;
  workers: BullmqWorkers;
  redis: TestRedis;
}
let started: Started[] = [];

/** Workers (in this process) and a producer on a fresh key prefix. */
async function startBull(
  handlers: Partial<StageHandlers>,
  opts: { ocrConcurrency?: number; moderationConcurrency?: number; attempts?: number; backoffMs?: number },
  logger = testLogger(),
): Promise<Started> {
  const redis = await getRedis();
  const { prefix } = redis;
  const workers = startBullmqWorkers({
    redisUrl: REDIS_URL,
    prefix,
    handlers,
    concurrency: { moderation: opts.moderationConcurrency ?? 2, ocr: opts.ocrConcurrency ?? 2, summarise: 2, notes: 2 },
    logger,
    workerOptions: fast,
  });
  const producer = createBullmqProducer({
    redisUrl: REDIS_URL,
    prefix,
    logger,
    attempts: opts.attempts,
    backoffMs: opts.backoffMs ?? 20,
  });
  const s = { prefix, producer, workers, redis };
  started.push(s);
  return s;
}

async function stopAll() {
  const all = started;
  started = [];
  for (const s of all) {
    await s.producer.close();
    await s.workers.close();
    await s.redis.close(); // deletes the prefix's keys
  }
}

let contractLogger = testLogger();
describeDriverContract('bullmq', {
  async start(handlers, opts) {
    contractLogger = testLogger();
    return (await startBull(handlers, opts, contractLogger)).producer;
  },
  stop: stopAll,
  logs: () => contractLogger.records,
});

describe('bullmq driver', () => {
  afterEach(async () => {
    openAllGates();
    await stopAll();
  });

  it('runs premium uploads before free ones queued earlier', async () => {
    const hold = gate();
    const order: string[] = [];
    const { handlers, base } = recordingHandlers({
      moderation: async (job) => {
        order.push(job.correlationId);
        if (job.correlationId === 'blocker') await hold.wait();
        return base.moderation(job);
      },
    });
    const { producer } = await startBull(handlers, { moderationConcurrency: 1 });
    const runs = [producer.run(makeUpload(1, { correlationId: 'blocker' }), { timeoutMs: 15_000 })];
    await waitFor(() => order.length === 1, 5000, 'the blocker to occupy the only moderation slot');

    const queued: [string, boolean][] = [
      ['free-1', false],
      ['free-2', false],
      ['premium-1', true],
      ['premium-2', true],
    ];
    for (const [correlationId, premium] of queued) {
      runs.push(producer.run(makeUpload(1, { correlationId, premium }), { timeoutMs: 15_000 }));
      const expected = runs.length - 1;
      await waitFor(async () => (await producer.counts()).moderation.waiting === expected, 5000, 'the job to queue');
    }
    expect((await producer.counts()).moderation).toMatchObject({ waiting: 4, active: 1 });
    hold.open();
    await Promise.all(runs);

    expect(order).toEqual(['blocker', 'premium-1', 'premium-2', 'free-1', 'free-2']);
    const counts = await producer.counts();
    expect(Object.values(counts).every((c) => c.waiting === 0 && c.active === 0 && c.failed === 0)).toBe(true);
  });

  it('removes the pending jobs of a timed-out flow and lets the active one finish', async () => {
    const hold = gate();
    const { handlers, base } = recordingHandlers({
      moderation: async (job) => {
        await hold.wait();
        return base.moderation(job);
      },
    });
    const { producer, prefix } = await startBull(handlers, {});
    const job = makeUpload(2);
    await expect(producer.run(job, { timeoutMs: 500 })).rejects.toMatchObject({ kind: 'timeout', stage: 'moderation' });

    const ids = flowIds(job.jobId);
    // notes, summarise and ocr were waiting for their children: removed. Moderation is active: left to finish.
    expect(await admin.exists(`${prefix}:notes:${ids.notes}`)).toBe(0);
    expect(await admin.exists(`${prefix}:summarise:${ids.summarise}`)).toBe(0);
    expect(await admin.exists(`${prefix}:ocr:${ids.ocr}`)).toBe(0);
    expect(await admin.exists(`${prefix}:moderation:${ids.moderation}`)).toBe(1);
    hold.open();
    await waitFor(async () => (await producer.counts()).moderation.active === 0, 5000, 'moderation to finish');
    await sleep(300);
    const counts = await producer.counts();
    expect(counts.ocr).toMatchObject({ waiting: 0, active: 0 });
  });

  it('close() lets the active job finish before it resolves', async () => {
    const hold = gate();
    let finished = false;
    const { handlers, base } = recordingHandlers({
      moderation: async (job) => {
        await hold.wait();
        const result = await base.moderation(job);
        finished = true;
        return result;
      },
    });
    const { producer, workers, prefix } = await startBull(handlers, {});
    const job = makeUpload(1);
    const run = producer.run(job, { timeoutMs: 15_000 });
    await waitFor(async () => (await producer.counts()).moderation.active === 1, 5000, 'moderation to start');

    let closed = false;
    const closing = workers.close().then(() => (closed = true));
    await sleep(300);
    expect(closed).toBe(false);
    hold.open();
    await closing;
    expect(finished).toBe(true);
    const state = await admin.zscore(`${prefix}:moderation:completed`, flowIds(job.jobId).moderation);
    expect(state).not.toBeNull();

    // A new set of workers picks up the rest of the flow.
    const more = startBullmqWorkers({
      redisUrl: REDIS_URL,
      prefix,
      handlers,
      concurrency: {},
      logger: testLogger(),
      workerOptions: fast,
    });
    try {
      await expect(run).resolves.toMatchObject({ created: true });
    } finally {
      await more.close();
    }
  });

  it('answers ping() and refuses to run after close()', async () => {
    const { producer } = await startBull({}, {});
    await expect(producer.ping()).resolves.toBeUndefined();
    await producer.close();
    await expect(producer.run(makeUpload(1), { timeoutMs: 1000 })).rejects.toThrow(/closed/);
  });
});

describe('bullmq workers in another process', () => {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const script = fileURLToPath(new URL('./fixtures/worker-process.ts', import.meta.url));
  let redis: TestRedis;
  let prefix: string;
  const key = (name: string) => `${prefix}:test:${name}`;
  const children: ChildProcessWithoutNullStreams[] = [];
  let producer: BullmqProducer;

  async function spawnWorker(): Promise<ChildProcessWithoutNullStreams> {
    const child = spawn(process.execPath, ['--import', tsx, script], {
      env: { ...process.env, REDIS_URL, QUEUE_PREFIX: prefix },
      stdio: 'pipe',
    });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('ready')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`worker process exited (${code}) before ready:\n${stderr}`)));
    });
    return child;
  }

  function exited(child: ChildProcessWithoutNullStreams): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once('exit', () => resolve()));
  }

  beforeAll(async () => {
    redis = await getRedis();
    prefix = redis.prefix;
    producer = createBullmqProducer({ redisUrl: REDIS_URL, prefix, logger: testLogger(), backoffMs: 20 });
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited(child);
      }
    }
    await producer.close();
    await redis.close();
  });

  it('runs a whole flow in a separate worker process, pages fanned out and ordered', async () => {
    const child = await spawnWorker();
    const job = makeUpload(4);

    const note = await producer.run(job, { timeoutMs: 20_000 });

    expect(note.created).toBe(true);
    expect(await admin.get(key(`summary:${job.jobId}`))).toBe(
      job.images.map((i) => `Text of ${i.fileName}`).join('\n\n'),
    );
    expect(await admin.smembers(key('ocr-pids'))).toEqual([String(child.pid)]);
    expect(await admin.get(key(`writes:${job.jobId}`))).toBe('1');
  });

  it('finishes an upload after its worker process is killed mid-job, writing the note once', async () => {
    const job = makeUpload(2, { correlationId: 'crash-after-write' });
    const run = producer.run(job, { timeoutMs: 30_000 });

    await waitFor(async () => (await admin.get(key('hanging-pid'))) !== null, 15_000, 'the notes handler to hang');
    const hangingPid = await admin.get(key('hanging-pid'));
    const hanging = children.find((c) => String(c.pid) === hangingPid);
    expect(hanging).toBeDefined();
    hanging!.kill('SIGKILL');
    await exited(hanging!);
    // Nothing is processing any more: the job stays active until its lock expires.
    await sleep(200);

    await spawnWorker();
    const note = await run;

    expect(await admin.get(key(`notes-calls:${job.jobId}`))).toBe('2');
    expect(await admin.get(key(`writes:${job.jobId}`))).toBe('1');
    expect(note).toEqual({ noteId: Number(await admin.get(key(`note:${job.jobId}`))), created: false });
  });
});
