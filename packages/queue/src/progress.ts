/**
 * The progress records of uploads in flight (issue 23; types.ts ProgressPort): in Redis beside the queues for the
 * BullMQ driver, so any gateway replica can answer the uploader, and in memory for the in-process driver. Which
 * stages are done is read from the results hash's field names (stage-results.ts) or, in process, counted as the
 * stages finish.
 */
import type { Redis } from 'ioredis';
import { resultField, type StageResults } from './stage-results.js';
import type { ProgressPort, StagesDone } from './types.js';

const PAGE_FIELD = /^page-\d+$/;

/** Which stages are done, from the names of the results an upload's hash holds. */
function stagesFromFields(fields: readonly string[]): StagesDone {
  return {
    moderation: fields.includes(resultField.moderation),
    pagesRead: fields.filter((field) => PAGE_FIELD.test(field)).length,
    summary: fields.includes(resultField.summary),
  };
}

/**
 * `settled(uploadId)` says whether the upload's flow has ended: its results hash is dropped when the producer
 * answers, so an empty hash means "not started yet" or "over", which the notes job's state tells apart.
 */
export function redisProgress(
  redis: Redis,
  prefix: string,
  results: StageResults,
  settled: (uploadId: string) => Promise<boolean>,
): ProgressPort {
  const key = (name: string) => `${prefix}:progress:${name}`;
  return {
    async write(name, value, ttlMs) {
      const replies = await redis.multi().del(key(name)).hset(key(name), value).pexpire(key(name), ttlMs).exec();
      const failed = replies?.find(([err]) => err)?.[0];
      if (failed) throw failed;
    },
    async read(name) {
      const value = await redis.hgetall(key(name));
      return Object.keys(value).length > 0 ? value : null;
    },
    async remove(name) {
      await redis.del(key(name));
    },
    async stagesDone(uploadId) {
      const fields = await results.fields(uploadId);
      if (fields.length === 0 && (await settled(uploadId))) return null;
      return stagesFromFields(fields);
    },
  };
}

/**
 * The in-process driver's records: one process, so a map. `stages` is what the driver updates as stages end, from
 * the start of an upload's run to its end (then the upload has left the pipeline: null).
 */
export function memoryProgress(): ProgressPort & { stages: Map<string, StagesDone> } {
  const records = new Map<string, { value: Record<string, string>; until: number }>();
  const stages = new Map<string, StagesDone>();
  const sweep = () => {
    const now = Date.now();
    for (const [name, record] of records) if (record.until <= now) records.delete(name);
  };
  return {
    stages,
    async write(name, value, ttlMs) {
      sweep();
      records.set(name, { value: { ...value }, until: Date.now() + ttlMs });
    },
    async read(name) {
      const record = records.get(name);
      return record && record.until > Date.now() ? { ...record.value } : null;
    },
    async remove(name) {
      records.delete(name);
    },
    async stagesDone(uploadId) {
      const done = stages.get(uploadId);
      return done ? { ...done } : null;
    },
  };
}
