/**
 * `pnpm bench:locks`: what keeping a dead worker's job recoverable within seconds costs (docs/DEPLOY.md). One
 * process of BullMQ workers holds JOBS jobs active for SECONDS, on a redis-server of its own, first with SnapNotes'
 * defaults (QUEUE_LOCK_DURATION_MS 8 s, QUEUE_STALLED_INTERVAL_MS 2 s), then with BullMQ's (30 s, 30 s); Redis's
 * own count of the commands it ran and the CPU time it spent on them (INFO commandstats) over that window, and the
 * same with no job active (the stalled checks alone). Knobs: BENCH_LOCKS_JOBS (8), BENCH_LOCKS_SECONDS (30);
 * BENCH_LOCKS_SMOKE=1 (CI's smoke run, bench/test/benches-smoke.int.test.ts: 2 jobs, 2 s windows, a few seconds in
 * all; windows that short say the bench runs, not what the locks cost).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { RedisProcess } from '@snapnotes/testing/processes';
import { freePort } from '@snapnotes/testing/services';
import { createBullmqProducer, startBullmqWorkers, type WorkerTuning } from '../src/index.js';
import { makeUpload, recordingHandlers, sleep, testLogger, waitFor } from './helpers.js';

const env = process.env;
const SMOKE = env.BENCH_LOCKS_SMOKE === '1';
const JOBS = Number(env.BENCH_LOCKS_JOBS ?? (SMOKE ? 2 : 8));
const SECONDS = Number(env.BENCH_LOCKS_SECONDS ?? (SMOKE ? 2 : 30));

interface Usage {
  calls: number;
  usec: number;
}

async function commandStats(admin: Redis): Promise<Usage> {
  const text = await admin.info('commandstats');
  let calls = 0;
  let usec = 0;
  for (const m of text.matchAll(/^cmdstat_[^:]+:calls=(\d+),usec=(\d+),/gm)) {
    calls += Number(m[1]);
    usec += Number(m[2]);
  }
  return { calls, usec };
}

async function measure(redis: RedisProcess, admin: Redis, tuning: WorkerTuning, active: number) {
  const prefix = `locks-${tuning.lockDuration}-${active}`;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let running = 0;
  const { handlers } = recordingHandlers({
    async moderation(job) {
      running++;
      await held;
      return { checked: job.images.length, engine: 'bench', flagged: [] };
    },
  });
  const logger = testLogger();
  const workers = startBullmqWorkers({
    redisUrl: redis.url,
    prefix,
    handlers: { moderation: handlers.moderation },
    concurrency: { moderation: Math.max(1, active) },
    logger,
    workerOptions: tuning,
  });
  // The producer's own look at its uploads in flight (every 2 s by default) is left out of this count.
  const producer = createBullmqProducer({ redisUrl: redis.url, prefix, logger, lostCheckIntervalMs: 3_600_000 });
  // Only the moderation stage answers, so these uploads never finish: they hold their jobs active for the window,
  // and are left to time out unheard (a closed producer does not end its waits; waiting for them cost a minute).
  for (let i = 0; i < active; i++) {
    producer.run(makeUpload(1), { timeoutMs: (SECONDS + 60) * 1000 }).catch(() => undefined);
  }
  await waitFor(() => running === active, 30_000, `${active} active jobs`);
  await sleep(1000); // past the first fetches
  const before = await commandStats(admin);
  await sleep(SECONDS * 1000);
  const after = await commandStats(admin);
  release();
  await producer.close();
  await workers.close();
  // The bench's own INFO calls are commands too: one each side.
  return { calls: (after.calls - before.calls - 1) / SECONDS, usec: (after.usec - before.usec) / SECONDS };
}

const dir = mkdtempSync(join(tmpdir(), 'snapnotes-bench-locks-'));
const redis = new RedisProcess(await freePort(), dir);
await redis.start('none');
const admin = new Redis(redis.url);
try {
  const settings: Array<[string, WorkerTuning]> = [
    ['SnapNotes defaults (lock 8 s, stalled check 2 s)', { lockDuration: 8000, stalledInterval: 2000 }],
    ["BullMQ's defaults (lock 30 s, stalled check 30 s)", { lockDuration: 30_000, stalledInterval: 30_000 }],
  ];
  process.stdout.write(
    `One worker process, ${SECONDS} s windows, Redis's own counts (INFO commandstats)${SMOKE ? ' (smoke run)' : ''}:\n`,
  );
  for (const [name, tuning] of settings) {
    const idle = await measure(redis, admin, tuning, 0);
    const busy = await measure(redis, admin, tuning, JOBS);
    process.stdout.write(
      `  ${name}\n` +
        `    no job active:   ${idle.calls.toFixed(2)} commands/s, ${(idle.usec / 1000).toFixed(3)} ms Redis CPU per s\n` +
        `    ${JOBS} jobs active:  ${busy.calls.toFixed(2)} commands/s, ${(busy.usec / 1000).toFixed(3)} ms Redis CPU per s ` +
        `(${((busy.calls - idle.calls) / Math.max(1, JOBS)).toFixed(2)} commands/s per active job)\n`,
    );
  }
} finally {
  admin.disconnect();
  await redis.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
// The uploads left waiting (above) would keep the process alive until their timeouts.
process.exit(process.exitCode ?? 0);
