/**
 * Bulk imports (migrations 0011 and 0012; DECISIONS "Bulk import"): an import and its items, claimed one image (or
 * one group of scrolling captures) at a time by the import workers of any gateway, each claim kept alive by a
 * heartbeat; an item whose
 * heartbeat is older than the lease is taken over. Every item change moves the import's `updated_at`, which the
 * progress stream polls.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, ImportItemsTable, ImportsTable } from '../schema.js';
import { assertId, assertUuid, InvalidInputError } from '../errors.js';

export type ImportRow = {
  id: string;
  userId: number;
  status: ImportsTable['status'];
  premium: boolean;
  correlationId: string;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
};
export type ImportItemStatusValue = ImportItemsTable['status'];

export interface NewImportItem {
  index: number;
  name: string;
  /** queued (its bytes under sourceKey) or skipped (with a reason). */
  status: 'queued' | 'skipped';
  sourceKey?: string;
  errorCode?: string;
  errorMessage?: string;
}

export interface ImportItemRow {
  index: number;
  name: string;
  status: ImportItemStatusValue;
  sourceKey: string | null;
  uploadId: string | null;
  noteId: number | null;
  /** The note's title now (done, duplicate); null when the note was deleted since. */
  noteTitle: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  attempts: number;
}

export type ImportCounts = Record<ImportItemStatusValue, number>;

/** A claimed item: the worker processes it and settles it. `uploadId` is set when a worker held it before. */
export interface ClaimedItem {
  index: number;
  name: string;
  sourceKey: string | null;
  uploadId: string | null;
  attempts: number;
}

export interface ItemOutcome {
  status: 'done' | 'failed' | 'duplicate' | 'skipped' | 'queued';
  noteId?: number | null;
  errorCode?: string | null;
  errorMessage?: string | null;
  /** The item's bytes were deleted from the store (done, duplicate): forget the key. */
  sourceDeleted?: boolean;
}

const INSERT_BATCH = 500;

function emptyCounts(): ImportCounts {
  return { queued: 0, processing: 0, done: 0, failed: 0, duplicate: 0, skipped: 0 };
}

function isUuid(value: string): boolean {
  try {
    assertUuid(value, 'Import id');
    return true;
  } catch {
    return false;
  }
}

export class ImportsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records an import and every item at once; with nothing to import it is done already. */
  async create(input: {
    id: string;
    userId: number;
    premium: boolean;
    correlationId: string;
    items: NewImportItem[];
  }): Promise<ImportRow> {
    assertUuid(input.id, 'Import id');
    assertId(input.userId, 'User id');
    if (input.items.length === 0) throw new InvalidInputError('An import needs at least one item');
    const settled = input.items.every((item) => item.status !== 'queued');
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('imports')
        .values({
          id: input.id,
          userId: input.userId,
          status: settled ? 'done' : 'running',
          premium: input.premium,
          correlationId: input.correlationId,
          finishedAt: settled ? new Date() : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      for (let i = 0; i < input.items.length; i += INSERT_BATCH) {
        await trx
          .insertInto('importItems')
          .values(
            input.items.slice(i, i + INSERT_BATCH).map((item) => ({
              importId: input.id,
              index: item.index,
              name: item.name.slice(0, 1000),
              status: item.status,
              sourceKey: item.sourceKey ?? null,
              errorCode: item.errorCode ?? null,
              errorMessage: item.errorMessage?.slice(0, 1000) ?? null,
            })),
          )
          .execute();
      }
      return row;
    });
  }

  /** The user's import, or undefined (another user's, unknown, or not a uuid: the same answer). */
  async findForUser(id: string, userId: number): Promise<ImportRow | undefined> {
    if (!isUuid(id)) return undefined;
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
  }

  async findById(id: string): Promise<ImportRow | undefined> {
    if (!isUuid(id)) return undefined;
    return this.db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every item of the import in index order, with the title of its note. */
  async items(importId: string): Promise<ImportItemRow[]> {
    assertUuid(importId, 'Import id');
    return this.db
      .selectFrom('importItems')
      .leftJoin('notes', 'notes.id', 'importItems.noteId')
      .select([
        'importItems.index',
        'importItems.name',
        'importItems.status',
        'importItems.sourceKey',
        'importItems.uploadId',
        'importItems.noteId',
        'notes.title as noteTitle',
        'importItems.errorCode',
        'importItems.errorMessage',
        'importItems.attempts',
      ])
      .where('importItems.importId', '=', importId)
      .orderBy('importItems.index')
      .execute();
  }

  /** How many items of each import are in each status. */
  async counts(importIds: readonly string[]): Promise<Map<string, ImportCounts>> {
    const result = new Map(importIds.map((id) => [id, emptyCounts()]));
    if (importIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('importItems')
      .select(['importId', 'status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('importId', 'in', importIds)
      .groupBy(['importId', 'status'])
      .execute();
    for (const row of rows) result.get(row.importId)![row.status] = Number(row.count);
    return result;
  }

  /**
   * How many notes each import made: its done items' distinct notes (a group of scrolling captures is one note;
   * a note deleted since is not counted).
   */
  async notesMade(importIds: readonly string[]): Promise<Map<string, number>> {
    const result = new Map(importIds.map((id) => [id, 0]));
    if (importIds.length === 0) return result;
    const rows = await this.db
      .selectFrom('importItems')
      .select(['importId', sql<string>`count(distinct note_id)`.as('notes')])
      .where('importId', 'in', importIds)
      .where('status', '=', 'done')
      .groupBy('importId')
      .execute();
    for (const row of rows) result.set(row.importId, Number(row.notes));
    return result;
  }

  /** The user's imports still running or finished since `since`, newest first (at most `limit`). */
  async listActive(userId: number, since: Date, limit = 20): Promise<ImportRow[]> {
    assertId(userId, 'User id');
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('status', '=', 'running'), eb('finishedAt', '>=', since)]))
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Takes the next images of a running import: the group (scrolling captures imported as one upload; an image alone
   * is a group of one) of the first claimable item, a claimable one being queued, or processing with a worker's
   * heartbeat older than `leaseMs`. The import's row is locked while a group is claimed, so two lanes never split one.
   * Empty when there is none (or the import is not running).
   */
  async claim(importId: string, leaseMs: number): Promise<ClaimedItem[]> {
    assertUuid(importId, 'Import id');
    return this.db.transaction().execute(async (trx) => {
      const running = await trx
        .selectFrom('imports')
        .select('id')
        .where('id', '=', importId)
        .where('status', '=', 'running')
        .forUpdate()
        .executeTakeFirst();
      if (!running) return [];
      const claimable = sql`(i.status = 'queued'
        or (i.status = 'processing' and i.heartbeat_at < now() - ${leaseMs}::integer * interval '1 millisecond'))`;
      const { rows } = await sql<ClaimedItem>`
        with head as (
          select coalesce(i.group_index, i.index) as g from import_items i
          where i.import_id = ${importId}::uuid and ${claimable}
          order by i.index
          limit 1
        ), next as (
          select i.import_id, i.index from import_items i, head
          where i.import_id = ${importId}::uuid and coalesce(i.group_index, i.index) = head.g and ${claimable}
          for update of i
        ), claimed as (
          update import_items i
            set status = 'processing', heartbeat_at = now(), attempts = i.attempts + 1, updated_at = now()
            from next where i.import_id = next.import_id and i.index = next.index
            returning i.index, i.name, i.source_key as "sourceKey", i.upload_id as "uploadId", i.attempts
        )
        select * from claimed order by index`.execute(trx);
      if (rows.length > 0) {
        await trx
          .updateTable('imports')
          .set({ updatedAt: sql`now()` })
          .where('id', '=', importId)
          .execute();
      }
      return rows;
    });
  }

  /**
   * The queued items with bytes that no worker has grouped yet, in index order: what the import worker compares for
   * scrolling captures.
   */
  async ungrouped(importId: string): Promise<Array<{ index: number; sourceKey: string }>> {
    assertUuid(importId, 'Import id');
    const rows = await this.db
      .selectFrom('importItems')
      .select(['index', 'sourceKey'])
      .where('importId', '=', importId)
      .where('status', '=', 'queued')
      .where('groupIndex', 'is', null)
      .where('sourceKey', 'is not', null)
      .orderBy('index')
      .execute();
    return rows.map((r) => ({ index: r.index, sourceKey: r.sourceKey! }));
  }

  /** Records each item's group (the index of its group's first item), where none was recorded yet. */
  async setGroups(importId: string, groups: ReadonlyArray<{ index: number; group: number }>): Promise<void> {
    assertUuid(importId, 'Import id');
    for (let i = 0; i < groups.length; i += INSERT_BATCH) {
      const batch = groups.slice(i, i + INSERT_BATCH);
      await sql`
        update import_items i set group_index = v.g
        from (select unnest(${sql.val(batch.map((b) => b.index))}::integer[]) as idx,
                     unnest(${sql.val(batch.map((b) => b.group))}::integer[]) as g) v
        where i.import_id = ${importId}::uuid and i.index = v.idx and i.group_index is null`.execute(this.db);
    }
  }

  /** Keeps the worker's claim on processing items (a claimed group) alive. */
  async heartbeat(importId: string, indexes: readonly number[]): Promise<void> {
    if (indexes.length === 0) return;
    await this.db
      .updateTable('importItems')
      .set({ heartbeatAt: sql`now()` })
      .where('importId', '=', importId)
      .where('index', 'in', indexes)
      .where('status', '=', 'processing')
      .execute();
  }

  /** Records the upload processing items (a claimed group) became (its allowance reserved), or forgets it (null). */
  async setUpload(importId: string, indexes: readonly number[], uploadId: string | null): Promise<void> {
    if (indexes.length === 0) return;
    await this.db
      .updateTable('importItems')
      .set({ uploadId })
      .where('importId', '=', importId)
      .where('index', 'in', indexes)
      .execute();
  }

  /**
   * Settles processing items (a claimed group, all alike) or puts them back in the queue. False when none was
   * processing.
   */
  async settle(importId: string, indexes: readonly number[], outcome: ItemOutcome): Promise<boolean> {
    if (indexes.length === 0) return false;
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('importItems')
        .set({
          status: outcome.status,
          noteId: outcome.noteId ?? null,
          errorCode: outcome.errorCode ?? null,
          errorMessage: outcome.errorMessage?.slice(0, 1000) ?? null,
          heartbeatAt: null,
          updatedAt: sql`now()`,
          ...(outcome.sourceDeleted ? { sourceKey: null } : {}),
          ...(outcome.status === 'queued' || outcome.status === 'failed' ? { uploadId: null } : {}),
        })
        .where('importId', '=', importId)
        .where('index', 'in', indexes)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      await trx
        .updateTable('imports')
        .set({ updatedAt: sql`now()` })
        .where('id', '=', importId)
        .execute();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /** The allowance ran out: a running import stops (its queued items stay queued). False when it was not running. */
  async stop(importId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('imports')
      .set({ status: 'stopped', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', '=', importId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A running import with no item queued or processing is done. True when this call finished it. */
  async finishIfSettled(importId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('imports')
      .set({ status: 'done', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', '=', importId)
      .where('status', '=', 'running')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('importItems')
              .select('importItems.index')
              .where('importItems.importId', '=', importId)
              .where('importItems.status', 'in', ['queued', 'processing']),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * "Retry failed": the failed items whose bytes are still stored go back in the queue, and a stopped or done import
   * with items queued runs again (a stopped one goes on with the images it had not imported). Returns how many items
   * are queued now; undefined for another user's or an unknown import.
   */
  async retry(importId: string, userId: number): Promise<number | undefined> {
    if (!isUuid(importId)) return undefined;
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('imports')
        .select('id')
        .where('id', '=', importId)
        .where('userId', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!found) return undefined;
      await trx
        .updateTable('importItems')
        .set({ status: 'queued', errorCode: null, errorMessage: null, uploadId: null, updatedAt: sql`now()` })
        .where('importId', '=', importId)
        .where('status', '=', 'failed')
        .where('sourceKey', 'is not', null)
        .execute();
      const { count } = await trx
        .selectFrom('importItems')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('importId', '=', importId)
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow();
      const queued = Number(count);
      await trx
        .updateTable('imports')
        .set({
          updatedAt: sql`now()`,
          ...(queued > 0 ? { status: 'running' as const, finishedAt: null } : {}),
        })
        .where('id', '=', importId)
        .execute();
      return queued;
    });
  }

  /**
   * Running imports with an image to take (queued, or processing without a live heartbeat): what the import workers
   * pick up at start and at every resume scan (a gateway that died, a queue that lost its job).
   */
  async listRunnable(leaseMs: number, limit = 500): Promise<Array<Pick<ImportRow, 'id' | 'userId' | 'premium'>>> {
    const { rows } = await sql<Pick<ImportRow, 'id' | 'userId' | 'premium'>>`
      select m.id, m.user_id as "userId", m.premium from imports m
      where m.status = 'running' and exists (
        select 1 from import_items i where i.import_id = m.id
          and (i.status = 'queued'
            or (i.status = 'processing' and i.heartbeat_at < now() - ${leaseMs}::integer * interval '1 millisecond')))
      order by m.premium desc, m.created_at
      limit ${limit}::integer`.execute(this.db);
    return rows;
  }

  /**
   * Imports finished before `before` (kept that long for the tray and "Retry failed"), with the source keys their
   * items still hold (failed images, and queued ones of a stopped import), up to `limit` imports.
   */
  async listExpired(before: Date, limit = 50): Promise<Array<{ id: string; sourceKeys: string[] }>> {
    const { rows } = await sql<{ id: string; sourceKeys: string[] | null }>`
      select m.id, array_remove(array_agg(i.source_key), null) as "sourceKeys" from imports m
      left join import_items i on i.import_id = m.id
      where m.status <> 'running' and m.finished_at < ${before}::timestamptz
      group by m.id
      limit ${limit}::integer`.execute(this.db);
    return rows.map((r) => ({ id: r.id, sourceKeys: r.sourceKeys ?? [] }));
  }

  async delete(importId: string): Promise<void> {
    await this.db.deleteFrom('imports').where('id', '=', importId).execute();
  }
}
