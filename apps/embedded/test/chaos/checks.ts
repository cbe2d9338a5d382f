/**
 * What must hold after the chaos test's faults, read from the source of truth (PostgreSQL, the bucket) and from
 * what each client was answered.
 */
import type pg from 'pg';
import { parseUploadKey, USERS_KEY_PREFIX, type ObjectStore } from '@snapnotes/contracts';
import type { Outcome } from '@snapnotes/testing/load';
import { waitFor } from '@snapnotes/testing/processes';

/** Statuses a client may get under faults: a note, a refusal it can act on, or "try again" (503). */
export function isClean(o: Outcome): boolean {
  return typeof o.status === 'number' && (o.status === 200 || (o.status >= 400 && o.status < 500) || o.status === 503);
}

/** Successful uploads whose upload does not have exactly one note, the one the client was given. */
export async function notesNotExactlyOne(sql: pg.Pool, outcomes: readonly Outcome[]): Promise<string[]> {
  const ok = outcomes.filter((o) => o.status === 200);
  const { rows } = await sql.query<{ correlation_id: string; note_ids: number[] }>(
    `select u.correlation_id, coalesce(array_agg(n.id) filter (where n.id is not null), '{}') as note_ids
       from uploads u left join notes n on n.upload_id = u.id
      where u.correlation_id = any($1::text[]) group by u.correlation_id`,
    [ok.map((o) => o.requestId)],
  );
  const byRequest = new Map(rows.map((r) => [r.correlation_id, r.note_ids]));
  return ok.flatMap((o) => {
    const ids = byRequest.get(o.requestId) ?? [];
    return ids.length === 1 && ids[0] === o.noteId
      ? []
      : [`${o.requestId}: notes ${JSON.stringify(ids)}, got ${o.noteId}`];
  });
}

/** Notes written for uploads whose client did not get a 200 (a note nobody was told about). */
export async function notesWithoutSuccess(sql: pg.Pool, outcomes: readonly Outcome[]): Promise<string[]> {
  const failed = outcomes.filter((o) => o.status !== 200).map((o) => o.requestId);
  const { rows } = await sql.query<{ correlation_id: string }>(
    'select u.correlation_id from uploads u join notes n on n.upload_id = u.id where u.correlation_id = any($1::text[])',
    [failed],
  );
  return rows.map((r) => r.correlation_id);
}

/** Upload rows still `processing` once every request has been answered (waits a little for the last writes). */
export async function uploadsLeftProcessing(sql: pg.Pool): Promise<string[]> {
  const stuck = async () =>
    (await sql.query<{ id: string }>("select id from uploads where status = 'processing'")).rows.map((r) => r.id);
  await waitFor('no upload left processing', async () => (await stuck()).length === 0, 15_000).catch(() => undefined);
  return stuck();
}

/**
 * Objects under the accounts' prefix whose upload is not `completed` (failed, rejected, gone), or that are not an
 * upload's image at all (the layout of @snapnotes/contracts' storage keys): orphans.
 */
export async function orphanObjects(sql: pg.Pool, store: ObjectStore): Promise<string[]> {
  const keys = await store.list(USERS_KEY_PREFIX);
  const uploadOf = (key: string) => parseUploadKey(key)?.uploadId;
  const ids = [...new Set(keys.flatMap((k) => uploadOf(k) ?? []))];
  const { rows } = await sql.query<{ id: string }>(
    "select id::text from uploads where id = any($1::uuid[]) and status = 'completed'",
    [ids],
  );
  const completed = new Set(rows.map((r) => r.id));
  return keys.filter((k) => !completed.has(uploadOf(k) ?? ''));
}
