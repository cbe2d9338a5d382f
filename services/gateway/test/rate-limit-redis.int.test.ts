/**
 * The upload rate limit's Redis client under Redis faults (issue 22, items 7 and 15), on a redis-server of the test's
 * own: an outage is logged once (then every 30 s) and its end once, not once per reconnect attempt; the client uses
 * the product's reconnect policy and command timeouts; and a frozen Redis (SIGSTOP) does not hold a call: the memory
 * limiter answers it within seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RedisProcess, sleep, waitFor } from '@snapnotes/testing/processes';
import { freePort } from '@snapnotes/testing/services';
import { createLimiterStore } from '../src/per-user-limit.js';
import { createUploadRateLimiter, type UploadRateLimiter } from '../src/rate-limit.js';

interface Line {
  level: 'error' | 'warn' | 'info';
  fields: Record<string, unknown>;
  msg: string;
}
function recordingLogger() {
  const lines: Line[] = [];
  const at = (level: Line['level']) => (fields: object, msg: string) =>
    lines.push({ level, fields: fields as Record<string, unknown>, msg });
  return { lines, logger: { error: at('error'), warn: at('warn'), info: at('info') } };
}

let redis: RedisProcess;
let dir: string;
let limiter: UploadRateLimiter | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'snapnotes-rl-redis-'));
  redis = new RedisProcess(await freePort(), dir);
  await redis.start('none');
});
afterEach(async () => {
  redis.thaw();
  if (!redis.running) await redis.start('none');
  await limiter?.close();
  limiter = undefined;
});
afterAll(async () => {
  await redis.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('the rate limit on Redis', () => {
  it("uses the product's reconnect policy and command timeouts", async () => {
    const { logger } = recordingLogger();
    const base = { points: 1, duration: 60, keyPrefix: 'rl-options' };
    const store = createLimiterStore({ name: 'uploads', redisUrl: redis.url, base, logger });
    try {
      const { options } = store.redis!;
      // The queue's policy (50, 100, … then every 500 ms), not ioredis' default (up to 2 s).
      expect([1, 3, 1000].map((n) => options.retryStrategy!(n))).toEqual([50, 150, 500]);
      expect(options.commandTimeout).toBeGreaterThan(0);
      expect(options.connectTimeout).toBeLessThanOrEqual(5000);
    } finally {
      await store.close();
    }
  });

  it('logs an outage once and its end once, not at every reconnect attempt', async () => {
    const { lines, logger } = recordingLogger();
    limiter = createUploadRateLimiter({ redisUrl: redis.url, keyPrefix: 'rl-outage', logger });
    await limiter.ready();
    await limiter.consume(1, 1);

    await redis.kill();
    await sleep(4000); // about 15 reconnect attempts
    const started = Date.now();
    await limiter.consume(2, 1); // the memory limiter answers meanwhile
    // At once when idle. Fails if the call waits on the absent Redis (its 5 s connect timeout, or until it is back).
    expect(Date.now() - started).toBeLessThan(3000);
    await redis.start('none');
    await waitFor('the client to be back', async () => lines.some((l) => l.msg === 'redis reachable again'), 5000);

    const outage = lines.filter((l) => l.level !== 'info');
    process.stdout.write(`\nRate limit client, 4 s outage: ${outage.length} warning/error line(s)\n`);
    expect(outage).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'rate limit: redis connection error',
        fields: expect.objectContaining({ limit: 'uploads' }),
      }),
    ]);
    expect(lines.filter((l) => l.msg === 'redis reachable again')).toHaveLength(1);
  });

  it('answers from memory within seconds while Redis is frozen (SIGSTOP), and uses Redis again after', async () => {
    const { logger } = recordingLogger();
    limiter = createUploadRateLimiter({ redisUrl: redis.url, keyPrefix: 'rl-frozen', logger });
    await limiter.ready();
    redis.freeze();
    const started = Date.now();
    await limiter.check(3);
    const grant = await limiter.consume(3, 2);
    await grant.release();
    const tookMs = Date.now() - started;
    process.stdout.write(`\nRate limit with Redis frozen: check + consume + release answered in ${tookMs} ms\n`);
    expect(tookMs).toBeLessThan(5000);
    redis.thaw();
    await limiter.ready(5000);
  });
});
