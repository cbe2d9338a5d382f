import { sql, type Kysely } from 'kysely';

/**
 * Bulk import (issue 25 item 1; DECISIONS "Bulk import").
 *
 * - imports: one row per POST /api/imports. `status` is running until every item is settled (done), or stopped when
 *   the free allowance ran out (the items not imported stay queued; "Retry" after an upgrade goes on with them).
 *   `premium` orders the queue; `updated_at` moves with every item change, so the progress stream asks one cheap row
 *   whether anything changed. Rows go with their user (on delete cascade).
 * - import_items: one row per file of the import, and per entry of its zips, in the order they were sent. An image
 *   waiting its turn has its bytes in the object store under `source_key` (users/<id>/imports/<importId>/<index>),
 *   deleted once it is a note (or a duplicate); skipped files never had one. `upload_id` is the upload it became
 *   (one image, one upload, one note) once its allowance was reserved, so a worker taking over an image knows whether
 *   a note was already made. `heartbeat_at` is renewed by the worker holding a `processing` item; an item whose
 *   heartbeat is older than the lease is taken over by any worker (a gateway that died mid-image). Claims use
 *   `for update skip locked`, so workers on several gateways never take the same image.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table imports (
      id uuid primary key,
      user_id integer not null references users (id) on delete cascade,
      status text not null check (status in ('running', 'done', 'stopped')),
      premium boolean not null default false,
      correlation_id text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz null
    )`.execute(db);
  await sql`create index imports_user_id_created_at_idx on imports (user_id, created_at desc)`.execute(db);
  await sql`create index imports_running_idx on imports (created_at) where status = 'running'`.execute(db);

  await sql`
    create table import_items (
      import_id uuid not null references imports (id) on delete cascade,
      index integer not null check (index >= 0),
      name text not null,
      status text not null
        check (status in ('queued', 'processing', 'done', 'failed', 'duplicate', 'skipped')),
      source_key text null,
      upload_id uuid null,
      note_id integer null references notes (id) on delete set null,
      error_code text null,
      error_message text null,
      attempts integer not null default 0,
      heartbeat_at timestamptz null,
      updated_at timestamptz not null default now(),
      primary key (import_id, index)
    )`.execute(db);
  await sql`
    create index import_items_claimable_idx on import_items (import_id, index)
      where status in ('queued', 'processing')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists import_items`.execute(db);
  await sql`drop table if exists imports`.execute(db);
}
