/** The read-side queue inspector (queue depth for metrics, queues for the dashboard) against a real Redis. */
import { getRedis } from '@snapnotes/testing/services';
import type { TestRedis } from '@snapnotes/testing/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBullmqProducer, createQueueInspector, PipelineFailure } from '../src/index.js';
import { makeUpload, testLogger, waitFor } from './helpers.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await getRedis();
});
afterAll(async () => {
  await redis?.close();
});

describe('createQueueInspector', () => {
  it('counts the jobs waiting on each queue, prioritized ones included', async () => {
    const logger = testLogger();
    const inspector = createQueueInspector({ redisUrl: redis.url, prefix: redis.prefix, logger });
    const producer = createBullmqProducer({ redisUrl: redis.url, prefix: redis.prefix, logger });
    try {
      expect(inspector.queues.map((q) => q.name)).toEqual(['moderation', 'ocr', 'summarise', 'notes']);
      await waitFor(
        () =>
          inspector.ping().then(
            () => true,
            () => false,
          ),
        5000,
        'Redis',
      );
      const empty = await inspector.counts();
      expect(empty.ocr).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });

      // No workers: the flow's leaves (moderation, ocr) wait; its parents wait for children (not counted).
      const premium = makeUpload(2, { premium: true });
      const run = producer.run(premium, { timeoutMs: 1500 }).catch((err: unknown) => err);
      let counts: Awaited<ReturnType<typeof inspector.counts>> = {};
      await waitFor(async () => {
        counts = await inspector.counts();
        return counts.ocr?.waiting === 1 && counts.moderation?.waiting === 1;
      }, 5000);
      expect(counts.summarise?.waiting).toBe(0);
      expect(counts.notes?.waiting).toBe(0);
      const only = createQueueInspector({ redisUrl: redis.url, prefix: redis.prefix, queues: ['ocr'], logger });
      await waitFor(
        () =>
          only.ping().then(
            () => true,
            () => false,
          ),
        5000,
        'Redis',
      );
      expect(Object.keys(await only.counts())).toEqual(['ocr']);
      await only.close();
      expect(await run).toBeInstanceOf(PipelineFailure);
    } finally {
      await producer.close();
      await inspector.close();
    }
  });

  it('refuses an unknown queue or a bad prefix, and fails to ping a Redis that is not there', async () => {
    const logger = testLogger();
    expect(() =>
      createQueueInspector({ redisUrl: redis.url, prefix: 'p', queues: ['thumbnails' as 'ocr'], logger }),
    ).toThrow(/unknown queue "thumbnails"/);
    expect(() => createQueueInspector({ redisUrl: redis.url, prefix: 'has space', logger })).toThrow(/prefix/);
    const nowhere = createQueueInspector({ redisUrl: 'redis://127.0.0.1:1', prefix: 'p', logger });
    // It answers at once (a readiness probe or a metrics scrape must not hang on a missing Redis).
    await expect(nowhere.ping()).rejects.toThrow(/Redis is not connected/);
    await expect(nowhere.counts()).rejects.toThrow(/Redis is not connected/);
    await nowhere.close();
  });
});
