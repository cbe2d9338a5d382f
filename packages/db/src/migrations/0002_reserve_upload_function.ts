import { sql, type Kysely } from 'kysely';

/**
 * reserve_upload(): the allowance check and the insert of an upload in ONE round trip (UploadsRepo.reserve).
 *
 * Why a function: the check must see every upload committed before it, so it runs after the per-user advisory
 * lock is held. In READ COMMITTED one SQL statement reads a snapshot taken when it starts, i.e. before it waits for
 * the lock, and would miss an upload committed while it waited (two requests could both take the last upload).
 * Inside a VOLATILE function every statement takes a fresh snapshot, so lock → count → insert is correct in one
 * call. Client-side it took five round trips (begin, lock, count, insert, commit): 4–5 ms of every upload when the
 * server is busy with OCR, for what the database does in a fraction of a millisecond.
 *
 * Which statuses count stays with the caller (p_counted), so the rule lives in one place (UploadsRepo).
 * Returns the uploads counted before this one; the upload was inserted when that is below p_limit (null: no limit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function reserve_upload(
      p_id uuid,
      p_user_id integer,
      p_file_names text[],
      p_object_keys text[],
      p_image_count integer,
      p_correlation_id text,
      p_created_at timestamptz,
      p_window_start timestamptz,
      p_window_end timestamptz,
      p_counted text[],
      p_limit integer,
      p_lock_namespace integer
    ) returns integer
    language plpgsql volatile
    as $$
    declare
      used integer;
    begin
      perform pg_advisory_xact_lock(p_lock_namespace, p_user_id);
      select count(*) into used
        from uploads
       where user_id = p_user_id
         and status = any (p_counted)
         and created_at >= p_window_start
         and created_at < p_window_end;
      if p_limit is null or used < p_limit then
        insert into uploads (id, user_id, status, file_names, object_keys, image_count, correlation_id, created_at)
        values (p_id, p_user_id, 'processing', p_file_names, p_object_keys, p_image_count, p_correlation_id,
                p_created_at);
      end if;
      return used;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function if exists reserve_upload(
      uuid, integer, text[], text[], integer, text, timestamptz, timestamptz, timestamptz, text[], integer, integer
    )`.execute(db);
}
