/** Test helper: the BullMQ jobs of one upload's flow, read straight from Redis (their job hashes). */
import { Redis } from 'ioredis';
import { flowIds } from '@snapnotes/queue';

export interface FlowJobState {
  queue: string;
  id: string;
  /** Completed or failed (BullMQ's finishedOn is set). */
  finished: boolean;
  failedReason?: string;
}

/** The jobs of the flow of a one-image upload that exist in Redis now. */
export async function flowJobStates(url: string, prefix: string, uploadId: string): Promise<FlowJobState[]> {
  const ids = flowIds(uploadId);
  const jobs: Array<[string, string]> = [
    ['notes', ids.notes],
    ['summarise', ids.summarise],
    ['ocr', ids.ocr],
    ['moderation', ids.moderation],
  ];
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const found = await Promise.all(
      jobs.map(async ([queue, id]): Promise<FlowJobState | undefined> => {
        const hash = await redis.hgetall(`${prefix}:${queue}:${id}`);
        if (Object.keys(hash).length === 0) return undefined;
        return {
          queue,
          id,
          finished: hash.finishedOn !== undefined,
          ...(hash.failedReason ? { failedReason: hash.failedReason } : {}),
        };
      }),
    );
    return found.filter((j): j is FlowJobState => j !== undefined);
  } finally {
    redis.disconnect();
  }
}

/** Every key of the Redis at `url` whose value holds `needle` (any case): strings, hashes, lists, sets, sorted sets
 * and streams (XRANGE: BullMQ's event streams). */
export async function keysHolding(url: string, needle: string): Promise<string[]> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  const wanted = needle.toLowerCase();
  const holds = (values: unknown[]) => values.some((v) => String(v).toLowerCase().includes(wanted));
  const found: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        let values: unknown[] = [];
        if (type === 'string') values = [await redis.get(key)];
        else if (type === 'hash') values = Object.entries(await redis.hgetall(key)).flat();
        else if (type === 'list') values = await redis.lrange(key, 0, -1);
        else if (type === 'set') values = await redis.smembers(key);
        else if (type === 'zset') values = await redis.zrange(key, 0, -1);
        else if (type === 'stream') values = (await redis.xrange(key, '-', '+')).flatMap(([, fields]) => fields);
        if (holds([key, ...values])) found.push(`${key} (${type})`);
      }
    } while (cursor !== '0');
    return found;
  } finally {
    redis.disconnect();
  }
}
