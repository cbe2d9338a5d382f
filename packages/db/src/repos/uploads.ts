import { sql, type Kysely } from 'kysely';
import type { ImageMeta } from '@snapnotes/contracts';
import type { Database, UploadRow } from '../schema.js';
import { assertId, assertUuid, InvalidInputError, pgCode } from '../errors.js';
import { staleProcessingIds } from './stale.js';

/** Namespace (first key) of the per-user advisory lock taken by reserve(); the second key is the user id. */
export const RESERVE_LOCK_NAMESPACE = 0x534e5550; // 'SNUP'

/** Namespace (first key) of the session advisory lock one sweep holds (second key 0): one sweep at a time. */
export const SWEEP_LOCK_NAMESPACE = 0x534e5357; // 'SNSW'

/** Statuses that use one of the month's uploads: a failed or rejected upload uses none. */
export const COUNTED_STATUSES = ['processing', 'completed'] as const;

export interface ReserveUploadInput {
  id: string;
  userId: number;
  fileNames: string[];
  objectKeys: string[];
  imageCount: number;
  correlationId: string;
  /** Uploads allowed per calendar month (UTC); null = unlimited. */
  monthlyAllowance: number | null;
  now: Date;
}

/** `used` counts the month's uploads including this one when it was reserved, before it when it was refused. */
export type ReserveResult =
  { ok: true; used: number; limit: number | null } | { ok: false; used: number; limit: number };

/** The calendar month (UTC) that contains `now`: [start, end). */
export function monthWindow(now: Date): { start: Date; end: Date } {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new InvalidInputError('now must be a valid Date');
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

export class UploadsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Atomically checks the monthly allowance and records the upload as 'processing'. Concurrent calls for
   * one user are serialised by a transaction-scoped advisory lock on the user id, so N parallel calls with
   * one upload left produce exactly one ok.
   */
  async reserve(input: ReserveUploadInput): Promise<ReserveResult> {
    assertUuid(input.id);
    assertId(input.userId, 'User id');
    const { monthlyAllowance: limit } = input;
    if (limit !== null && (!Number.isInteger(limit) || limit < 0)) {
      throw new InvalidInputError(`monthlyAllowance must be null (unlimited) or a non-negative integer (got ${limit})`);
    }
    if (!Number.isInteger(input.imageCount) || input.imageCount < 1) {
      throw new InvalidInputError(`imageCount must be a positive integer (got ${input.imageCount})`);
    }
    if (input.fileNames.length !== input.imageCount) {
      throw new InvalidInputError(
        `fileNames has ${input.fileNames.length} entries but imageCount is ${input.imageCount}`,
      );
    }
    if (!input.correlationId) throw new InvalidInputError('correlationId must not be empty');
    const window = monthWindow(input.now);

    try {
      // One round trip: the lock, the count and the insert run in the database (migration 0002 says why).
      const { rows } = await sql<{ used: number }>`
        select reserve_upload(
          ${input.id}::uuid, ${input.userId}::integer, ${input.fileNames}::text[], ${input.objectKeys}::text[],
          ${input.imageCount}::integer, ${input.correlationId}::text, ${input.now}::timestamptz,
          ${window.start}::timestamptz, ${window.end}::timestamptz, ${[...COUNTED_STATUSES]}::text[],
          ${limit}::integer, ${RESERVE_LOCK_NAMESPACE}::integer
        ) as used`.execute(this.db);
      const used = Number(rows[0]?.used);
      if (limit !== null && used >= limit) return { ok: false, used, limit };
      return { ok: true, used: used + 1, limit };
    } catch (err) {
      if (pgCode(err) === '23503') throw new InvalidInputError(`User ${input.userId} does not exist`);
      if (pgCode(err) === '23505') throw new InvalidInputError(`Upload ${input.id} already exists`);
      throw err;
    }
  }

  /**
   * Uploads of this user that use the allowance in the calendar month (UTC) of `now`, including what deleted
   * accounts of the same Firebase uid used (account_usage).
   */
  async usedThisMonth(userId: number, now: Date): Promise<number> {
    assertId(userId, 'User id');
    return countUsed(this.db, userId, monthWindow(now));
  }

  /** Records the outcome of a failed or rejected upload. Only a 'processing' upload changes; returns it, or undefined. */
  async markFailed(
    id: string,
    status: 'failed' | 'rejected',
    code: string,
    message: string,
  ): Promise<UploadRow | undefined> {
    assertUuid(id);
    if (status !== 'failed' && status !== 'rejected') {
      throw new InvalidInputError(`status must be 'failed' or 'rejected' (got ${JSON.stringify(status)})`);
    }
    return this.db
      .updateTable('uploads')
      .set({ status, errorCode: code, errorMessage: message.slice(0, 2000), finishedAt: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirst();
  }

  /** Marks a 'processing' upload completed with its note; returns it, or undefined when it was not processing. */
  async markCompleted(id: string, noteId: number): Promise<UploadRow | undefined> {
    assertUuid(id);
    assertId(noteId, 'Note id');
    return this.db
      .updateTable('uploads')
      .set({ status: 'completed', noteId, finishedAt: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Records the meta of an upload's images (migration 0007) when it has none yet: an upload made before it was kept,
   * read from its objects once. Returns whether it was written (false: already there, or no such upload).
   */
  async fillImageMeta(id: string, meta: ImageMeta[]): Promise<boolean> {
    assertUuid(id);
    if (!Array.isArray(meta) || meta.length === 0) throw new InvalidInputError('meta must list every image');
    const result = await this.db
      .updateTable('uploads')
      .set({ imageMeta: JSON.stringify(meta) })
      .where('id', '=', id)
      .where('imageMeta', 'is', null)
      .where(sql<boolean>`cardinality(object_keys) = ${meta.length}::integer`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Runs `fn` under the sweep lock (a session-level advisory lock on one pinned connection; `fn` gets a repo and the
   * connection itself, so a pool of one cannot deadlock), or returns { locked: false } at once when another sweep
   * holds it. The lock goes with the session: a sweeper that dies releases it.
   */
  async withSweepLock<T>(
    fn: (repo: UploadsRepo, conn: Kysely<Database>) => Promise<T>,
  ): Promise<{ locked: true; value: T } | { locked: false }> {
    return this.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${SWEEP_LOCK_NAMESPACE}::integer, 0) as locked`.execute(conn);
      if (!rows[0]?.locked) return { locked: false as const };
      try {
        return { locked: true as const, value: await fn(new UploadsRepo(conn), conn) };
      } finally {
        await sql`select pg_advisory_unlock(${SWEEP_LOCK_NAMESPACE}::integer, 0)`.execute(conn);
      }
    });
  }

  /**
   * Marks up to `limit` uploads failed that have been 'processing' since before `createdBefore` (their gateway died:
   * nobody will finish or give them up), oldest first, and returns them with their object keys. Like markFailed, a
   * failed upload no longer counts against the allowance. Rows another transaction holds (the notes stage writing the
   * note) are skipped, not waited for; the status check in the update makes each row fail once, whoever else runs this.
   */
  async failStale(
    createdBefore: Date,
    code: string,
    message: string,
    limit: number,
  ): Promise<Array<Pick<UploadRow, 'id' | 'userId' | 'objectKeys'>>> {
    return this.db
      .updateTable('uploads')
      .set({ status: 'failed', errorCode: code, errorMessage: message.slice(0, 2000), finishedAt: new Date() })
      .where('id', 'in', staleProcessingIds(this.db, 'uploads', createdBefore, limit))
      .where('status', '=', 'processing')
      .returning(['id', 'userId', 'objectKeys'])
      .execute();
  }

  /**
   * The uploads among `ids` that still own their objects: 'processing' ones (still being worked on) and 'completed'
   * ones whose note exists. Missing, failed and rejected uploads, and completed ones whose note was deleted, are not
   * in the answer: their objects are no longer needed. Ids that are not uuids are ignored.
   */
  async owningObjects(ids: readonly string[]): Promise<Map<string, { userId: number }>> {
    const valid = [...new Set(ids)].filter(isUuid);
    if (valid.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('uploads')
      .select(['uploads.id', 'uploads.userId'])
      .where('uploads.id', 'in', valid)
      .where((eb) =>
        eb.or([
          eb('uploads.status', '=', 'processing'),
          eb.and([
            eb('uploads.status', '=', 'completed'),
            eb.exists(eb.selectFrom('notes').select('notes.id').whereRef('notes.uploadId', '=', 'uploads.id')),
          ]),
        ]),
      )
      .execute();
    return new Map(rows.map((r) => [r.id, { userId: r.userId }]));
  }

  async findById(id: string): Promise<UploadRow | undefined> {
    assertUuid(id);
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's uploads, newest first. */
  async listByUser(userId: number, opts: { limit?: number } = {}): Promise<UploadRow[]> {
    assertId(userId, 'User id');
    let q = this.db
      .selectFrom('uploads')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc');
    if (opts.limit !== undefined) q = q.limit(opts.limit);
    return q.execute();
  }
}

function isUuid(value: string): boolean {
  try {
    assertUuid(value);
    return true;
  } catch {
    return false;
  }
}

async function countUsed(db: Kysely<Database>, userId: number, window: { start: Date; end: Date }): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .where('status', 'in', COUNTED_STATUSES)
    .where('createdAt', '>=', window.start)
    .where('createdAt', '<', window.end)
    .executeTakeFirstOrThrow();
  // What deleted accounts of the same person used this month (migration 0004), as reserve_upload counts it.
  const carried = await db
    .selectFrom('users')
    .innerJoin('accountUsage', 'accountUsage.usageKey', 'users.usageKey')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('accountUsage.used'), eb.lit(0)).as('used'))
    .where('users.id', '=', userId)
    .where('accountUsage.monthStart', '>=', window.start)
    .where('accountUsage.monthStart', '<', window.end)
    .executeTakeFirstOrThrow();
  return Number(row.count) + Number(carried.used);
}
