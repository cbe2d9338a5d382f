/**
 * Read-side access to the BullMQ queues for operations: job counts per queue (Prometheus queue depth, readiness)
 * and the Queue objects a dashboard (bull-board) needs. Adds no jobs and runs no workers.
 */
import type { Logger, QueueName } from '@snapnotes/contracts';
import { Queue } from 'bullmq';
import { errorListener } from './bullmq-connection.js';
import { checkPrefix, STAGES } from './bullmq-flow.js';
import { createRedisClient } from './redis-client.js';
import type { QueueCounts } from './types.js';

export interface QueueInspectorOptions {
  redisUrl: string;
  prefix: string;
  /** Which queues to open (default: all four stages). */
  queues?: readonly QueueName[];
  logger: Logger;
}

export interface QueueInspector {
  /** The bullmq Queue objects, in stage order (for bull-board's BullMQAdapter). */
  readonly queues: readonly Queue[];
  /** Jobs per state for each opened queue; `waiting` includes prioritized jobs. */
  counts(): Promise<Partial<Record<QueueName, QueueCounts>>>;
  /** Throws when Redis does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createQueueInspector(opts: QueueInspectorOptions): QueueInspector {
  checkPrefix(opts.prefix, 'createQueueInspector');
  const names = opts.queues ?? STAGES;
  for (const name of names) {
    if (!STAGES.includes(name)) throw new TypeError(`createQueueInspector: unknown queue "${String(name)}"`);
  }
  const logger = opts.logger.child({ component: 'queue-inspector' });
  // Commands fail fast while Redis is away or frozen (a scrape or a readiness probe must not hang).
  const client = createRedisClient(opts.redisUrl, {
    logger,
    msg: 'redis connection error',
    level: 'warn',
    options: { maxRetriesPerRequest: 1, enableOfflineQueue: false },
  });
  const { redis } = client;
  redis.setMaxListeners(0); // one listener per queue
  const logWarn = (fields: object, msg: string) => logger.warn(fields, msg);
  const queues = names.map((name) => {
    const q = new Queue(name, { connection: redis, prefix: opts.prefix });
    q.on('error', errorListener(logWarn, 'queue error', { queue: name }));
    return q;
  });

  /** bullmq waits for a connection without limit; a probe or a scrape must answer, so fail at once instead. */
  function connected(): void {
    if (redis.status !== 'ready') throw new Error(`Redis is not connected (${redis.status})`);
  }

  return {
    queues,
    async counts() {
      connected();
      const entries = await Promise.all(
        queues.map(async (q): Promise<[QueueName, QueueCounts]> => {
          const c = await q.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
          return [
            q.name as QueueName,
            {
              waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
              active: c.active ?? 0,
              delayed: c.delayed ?? 0,
              failed: c.failed ?? 0,
            },
          ];
        }),
      );
      return Object.fromEntries(entries) as Partial<Record<QueueName, QueueCounts>>;
    },
    async ping() {
      connected();
      await redis.ping();
    },
    async close() {
      await Promise.all(queues.map((q) => q.close()));
      await client.close();
    },
  };
}
