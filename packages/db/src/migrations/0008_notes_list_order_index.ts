import { sql, type Kysely } from 'kysely';

/**
 * The notes list (NotesRepo.listByUser, listPage: GET /api/notes/{userId}) is ordered by (created_at desc, id desc).
 * The index of 0001 held (user_id, created_at desc) only, so notes sharing one created_at (a bulk import) were put in
 * id order in memory: an Incremental Sort over the whole group before the first row (issue 22, item 17: 29 ms for
 * the first page at 10,000 notes of one timestamp, instead of 6). With id in the index, in the same direction as
 * the ORDER BY, the plan is a plain index scan that stops after the page, and a cursor's position
 * `(created_at, id) < (t, id)` is an index condition rather than a filter over the rows of the same time.
 *
 * The new index is built before the old one goes, so the list never runs without one. A plain (not CONCURRENTLY)
 * build: Kysely runs the migrations in a transaction, and CREATE INDEX CONCURRENTLY cannot run in one; note writes
 * wait while it builds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index notes_user_id_created_at_id_idx on notes (user_id, created_at desc, id desc)`.execute(db);
  await sql`drop index if exists notes_user_id_created_at_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists notes_user_id_created_at_idx on notes (user_id, created_at desc)`.execute(db);
  await sql`drop index if exists notes_user_id_created_at_id_idx`.execute(db);
}
