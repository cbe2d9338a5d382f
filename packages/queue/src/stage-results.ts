/**
 * Where the stages' results live while an upload is in flight (issue 22, item 4): one Redis hash per upload,
 * `<prefix>:results:<uploadId>`, a field per result (`moderation`, `page-<index>`, `summary`).
 *
 * BullMQ copies a job's return value into its job hash, into the parent's list of children's values and into the
 * queue's event stream, which keeps the last ~10,000 events whatever happens to the job: OCR text and summaries
 * returned through BullMQ outlived the account they belonged to. So a stage writes its result here and returns only
 * a StoredResult (which field it wrote); the next stage reads the field. The hash is deleted when the upload is
 * answered (the producer), with the account (forgetJobs), and in any case an hour after its last write (as long
 * as BullMQ keeps a completed job).
 */
import type { Redis } from 'ioredis';

/** Seconds a results hash lives after its last write: no upload is in flight that long. */
const RESULTS_TTL_S = 3600;
/** Hashes deleted per DEL. */
const DROP_SLICE = 500;

/** What a stage job returns through BullMQ instead of its result: no user text. */
interface StoredResult {
  stored: string;
}

export const resultField = {
  moderation: 'moderation',
  page: (index: number) => `page-${index}`,
  summary: 'summary',
} as const;

export interface StageResults {
  put(uploadId: string, field: string, value: unknown): Promise<StoredResult>;
  /** The stored value; throws when it is not there (the hash expired or was deleted with the account). */
  get(uploadId: string, field: string): Promise<unknown>;
  /** The fields that are there, by name. */
  getMany(uploadId: string, fields: readonly string[]): Promise<Map<string, unknown>>;
  /** The names of the fields that are there (what is done: no result is read). */
  fields(uploadId: string): Promise<string[]>;
  /** Deletes the results of these uploads; resolves with how many hashes there were. */
  drop(uploadIds: readonly string[]): Promise<number>;
}

export function stageResults(redis: Redis, prefix: string): StageResults {
  const key = (uploadId: string) => `${prefix}:results:${uploadId}`;
  return {
    async put(uploadId, field, value) {
      const replies = await redis
        .multi()
        .hset(key(uploadId), field, JSON.stringify(value))
        .expire(key(uploadId), RESULTS_TTL_S)
        .exec();
      const failed = replies?.find(([err]) => err)?.[0];
      if (failed) throw failed;
      return { stored: field };
    },
    async get(uploadId, field) {
      const raw = await redis.hget(key(uploadId), field);
      if (raw === null) throw new Error(`the ${field} result of upload ${uploadId} is gone`);
      return JSON.parse(raw) as unknown;
    },
    async getMany(uploadId, fields) {
      const found = new Map<string, unknown>();
      if (fields.length === 0) return found;
      const raw = await redis.hmget(key(uploadId), ...fields);
      fields.forEach((field, i) => {
        const value = raw[i];
        if (value !== null && value !== undefined) found.set(field, JSON.parse(value) as unknown);
      });
      return found;
    },
    fields(uploadId) {
      return redis.hkeys(key(uploadId));
    },
    async drop(uploadIds) {
      let dropped = 0;
      // In slices: an account may have thousands of uploads, and one DEL of all of them would hold Redis.
      for (let at = 0; at < uploadIds.length; at += DROP_SLICE) {
        dropped += await redis.del(...uploadIds.slice(at, at + DROP_SLICE).map(key));
      }
      return dropped;
    },
  };
}
