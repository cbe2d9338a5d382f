/**
 * `pnpm test:chaos` (issue 14): the distributed stack as separate processes (testing/stack.ts: each service's
 * `dist/main.js`, a PostgreSQL database, a redis-server of its own, s3rver, the Auth emulator) under a steady stream
 * of uploads from three users, and in turn: each worker type killed (SIGKILL) in the middle of a job, Redis
 * crashed and restarted without persistence and then with its AOF, Redis frozen (SIGSTOP) for longer than the
 * gateway's bounded wait, the gateway stopped (SIGTERM) and started again, every PostgreSQL connection cut. With the
 * default queue settings (lock and stalled interval, QUEUE_UNAVAILABLE_WAIT_MS).
 *
 * Then: every request got a note or a clean 4xx/503 (no 500, no 504, no broken connection, no hang), every
 * successful upload has exactly one note (the one its client got) and no other upload has one, no upload row is
 * left `processing`, no object in the bucket belongs to an upload that is not completed, and no process wrote a
 * single non-JSON line. Prints each fault's recovery figures.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store } from '@snapnotes/storage';
import { SteadyLoad } from '@snapnotes/testing/load';
import { recordingLogger } from '@snapnotes/testing/logger';
import { buildServices } from '@snapnotes/testing/processes';
import { newStackUser, startDistributedStack, type DistributedStack } from '@snapnotes/testing/stack';
import { isClean, notesNotExactlyOne, notesWithoutSuccess, orphanObjects, uploadsLeftProcessing } from './checks.js';
import { Faults } from './faults.js';

const PROCESSING_TIMEOUT_MS = 60_000;
const CLIENTS = 3;
/** Longer than QUEUE_UNAVAILABLE_WAIT_MS (6 s): the uploads it meets must be given up, not just delayed. */
const FROZEN_MS = 15_000;
/**
 * The promise (issue 22): with Redis frozen, every upload in flight or sent meanwhile is answered within 10 s. The
 * gateway answers once Redis has not answered a heartbeat PING (every 0.5 s) for QUEUE_UNAVAILABLE_WAIT_MS (6 s);
 * an upload sent as the freeze begins took up to 2 s more than the wait (10.0 s with an 8 s wait in a CI run).
 */
const FROZEN_ANSWER_PROMISE_MS = 10_000;

let stack: DistributedStack;
let sql: pg.Pool;
let load: SteadyLoad;
let faults: Faults;

beforeAll(async () => {
  buildServices();
  stack = await startDistributedStack({
    env: {
      QUEUE_PREFIX: 'chaos',
      PROCESSING_TIMEOUT_MS: String(PROCESSING_TIMEOUT_MS),
      FREE_UPLOADS_PER_MONTH: '100000',
      RATE_LIMIT_IMAGES: '100000',
    },
  });
  sql = new pg.Pool({ connectionString: stack.db.url, max: 2 });
  sql.on('error', () => undefined); // its own idle connections are cut too
  const users = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) => newStackUser(stack.gatewayUrl, `Chaos ${i}`)),
  );
  load = new SteadyLoad({
    url: () => stack.gatewayUrl,
    tokens: users.map((u) => u.token),
    pauseMs: 150,
    timeoutMs: PROCESSING_TIMEOUT_MS + 30_000,
    prefix: 'chaos',
  });
  faults = new Faults(stack, load, sql);
  load.start();
}, 300_000);

afterAll(async () => {
  await load?.stop();
  faults?.close();
  await sql?.end();
  await stack?.close();
});

/** The stack is back to normal: an upload sent from now on gets its note. */
const settled = () => load.firstAfter(Date.now(), 200, 90_000);

function printReport(): void {
  const rows = faults.reports.map(
    (r) =>
      `  ${r.fault.padEnd(58)} in flight ${String(r.inFlight).padStart(2)}  answered after ` +
      `${(r.answeredMs / 1000).toFixed(1).padStart(5)} s  (${r.statuses})\n      ${r.detail}`,
  );
  const byStatus = new Map<string, number>();
  for (const o of load.outcomes) byStatus.set(String(o.status), (byStatus.get(String(o.status)) ?? 0) + 1);
  process.stdout.write(
    `\nChaos: ${load.outcomes.length} uploads (${[...byStatus].map(([s, n]) => `${n}×${s}`).join(', ')}), ` +
      `${load.refused} connections refused while the gateway restarted (sent again)\n${rows.join('\n')}\n\n`,
  );
}

describe('the distributed stack under faults', () => {
  it('answers every upload cleanly, writes exactly one note per success and leaves nothing behind', async () => {
    await load.firstAfter(0, 200, 120_000);
    for (const service of ['moderation', 'ocr', 'summarise', 'notes'] as const) {
      await faults.killWorkerMidJob(service);
      await settled();
    }
    await faults.restartRedis('empty');
    await settled();
    await faults.restartRedis('aof');
    await settled();
    const frozen = await faults.freezeRedis(FROZEN_MS);
    await settled();
    await faults.restartGateway();
    await settled();
    await faults.terminatePostgresBackends();
    await settled();
    await load.stop();
    printReport();

    const outcomes = load.outcomes;
    expect(outcomes.filter((o) => !isClean(o))).toEqual([]);
    // A frozen Redis: every upload it met was answered within about the bounded wait, each 503 with Retry-After.
    expect(frozen.inFlightMs.length).toBeGreaterThan(0);
    expect(Math.max(...frozen.inFlightMs)).toBeLessThan(FROZEN_ANSWER_PROMISE_MS);
    expect(Math.max(0, ...frozen.sentDuringMs)).toBeLessThan(FROZEN_ANSWER_PROMISE_MS);
    expect(frozen.withoutRetryAfter).toEqual([]);
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(20);
    expect(await notesNotExactlyOne(sql, outcomes)).toEqual([]);
    expect(await notesWithoutSuccess(sql, outcomes)).toEqual([]);
    expect(await uploadsLeftProcessing(sql)).toEqual([]);
    const store = createS3Store({ ...stack.s3, logger: recordingLogger() });
    expect(await orphanObjects(sql, store)).toEqual([]);
    // Every line every process wrote, the killed ones too, was JSON: nothing on stderr, no fatal.
    for (const p of stack.history) {
      expect(p.stderr, `${p.label} (pid ${p.pid}) wrote non-JSON output`).toBe('');
      expect(p.linesAtLeast(60), `${p.label} logged fatal`).toEqual([]);
      // Log lines say what is true: the image classifier is on (MODERATION_IMAGE_CLASSIFIER's default).
      expect(
        p.lines.filter((l) => /image moderation is disabled/.test(l.msg ?? '')),
        p.label,
      ).toEqual([]);
    }
  });
});
