import { sql, type Kysely } from 'kysely';

/**
 * "Read again" (issue 13: re-process a note; DECISIONS "Read again").
 *
 * - notes.title_edited_at: when the user last renamed the note (PATCH /api/notes/{id}/title); null = the title is
 *   the summariser's, and a re-read may replace it. Until now a rename was the only update a note row ever had
 *   (updated_at equal to created_at otherwise: both default to now() in the insert), so notes renamed before this
 *   migration are found by updated_at > created_at.
 * - uploads.image_meta: per image, in upload order, what the job's ImageRef carries besides the key and the file
 *   name (type, bytes, stored width and height, EXIF orientation), written when the note is written. A re-read
 *   rebuilds its job from it, and the image list reports each image's size from it. Null for uploads made before
 *   (the gateway reads the objects once and fills it in).
 * - note_reprocessings: one row per re-read. Its id is the job's uploadId (the queue's job ids derive from it), and
 *   its status is what the notes stage checks before it updates the note (as an upload's status is for a new note):
 *   a re-read the gateway gave up (timeout, failure) changes nothing, even if its notes job runs later. At most one
 *   'processing' re-read per note (a partial unique index): a second one at the same time is refused, on every
 *   gateway replica. Rows go with their note (on delete cascade). A re-read left 'processing' by a gateway that died
 *   is failed by the sweeper, which finds it through a partial index on created_at (as 0006 for uploads); its
 *   images are the note's and stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notes add column title_edited_at timestamptz null`.execute(db);
  await sql`update notes set title_edited_at = updated_at where updated_at > created_at`.execute(db);

  await sql`
    alter table uploads
      add column image_meta jsonb null
      constraint uploads_image_meta_array check (image_meta is null or jsonb_typeof(image_meta) = 'array')
  `.execute(db);

  await sql`
    create table note_reprocessings (
      id uuid primary key,
      note_id integer not null references notes (id) on delete cascade,
      user_id integer not null references users (id) on delete cascade,
      status text not null check (status in ('processing', 'completed', 'failed')),
      languages text[] not null,
      error_code text null,
      created_at timestamptz not null default now(),
      finished_at timestamptz null
    )`.execute(db);
  await sql`
    create unique index note_reprocessings_one_at_a_time_idx on note_reprocessings (note_id)
      where status = 'processing'`.execute(db);
  await sql`create index note_reprocessings_user_id_idx on note_reprocessings (user_id)`.execute(db);
  await sql`
    create index note_reprocessings_processing_created_at_idx on note_reprocessings (created_at)
      where status = 'processing'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists note_reprocessings`.execute(db);
  await sql`alter table uploads drop column if exists image_meta`.execute(db);
  await sql`alter table notes drop column if exists title_edited_at`.execute(db);
}
