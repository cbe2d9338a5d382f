/**
 * The bulk-import queue from the config (issue 25): BullMQ on REDIS_URL (jobs outlive the process; one whose worker
 * died is handed on once its lock expires, with the pipeline's lock settings), else this process's own queue.
 */
import type { Config } from '@snapnotes/config';
import type { Logger } from '@snapnotes/contracts';
import { createBullmqImportQueue, createInProcessImportQueue, type ImportQueue } from '@snapnotes/queue';

export function createImportQueueFromConfig(
  config: Pick<Config, 'REDIS_URL' | 'QUEUE_PREFIX' | 'QUEUE_LOCK_DURATION_MS' | 'QUEUE_STALLED_INTERVAL_MS'>,
  logger: Logger,
): ImportQueue {
  if (!config.REDIS_URL) return createInProcessImportQueue({ logger });
  return createBullmqImportQueue({
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    logger,
    lockDurationMs: config.QUEUE_LOCK_DURATION_MS,
    stalledIntervalMs: config.QUEUE_STALLED_INTERVAL_MS,
  });
}
