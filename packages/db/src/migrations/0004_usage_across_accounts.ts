import { sql, type Kysely } from 'kysely';
import * as reserveUpload0002 from './0002_reserve_upload_function.js';

/**
 * The free allowance follows the person, not the users row (DECISIONS "Allowance"): deleting the account and
 * signing in again must not give a fresh month of free uploads.
 *
 * - users.usage_key: a keyed hash of the Firebase uid (HMAC-SHA256 with USAGE_KEY_SECRET, computed by the gateway),
 *   the same for every account one Google identity ever has. Null for rows created before 0004 until their next sign-in.
 * - account_usage: what deleted accounts had used, per usage_key and calendar month (UTC). No name, email or uid:
 *   the key, the month and a count. Only the current month matters to the allowance; older rows are pruned when an
 *   account is deleted.
 * - deleted_accounts: when the account of a usage_key was last deleted, so POST /api/user can refuse to re-create
 *   it from a session that began before the deletion (a second device still signed in).
 *
 * reserve_upload() keeps its signature (UploadsRepo.reserve is unchanged) and now counts, under the same per-user
 * advisory lock, the user's counted uploads of the month plus account_usage for the user's usage_key. The deletion
 * takes the same lock, so an upload reserved during a deletion is either carried over or refused (the user is gone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column usage_key text null`.execute(db);
  await sql`create index users_usage_key_idx on users (usage_key)`.execute(db);
  await sql`
    create table account_usage (
      usage_key text not null check (char_length(usage_key) between 16 and 128),
      month_start timestamptz not null,
      used integer not null check (used >= 0),
      primary key (usage_key, month_start)
    )`.execute(db);
  await sql`
    create table deleted_accounts (
      usage_key text primary key check (char_length(usage_key) between 16 and 128),
      deleted_at timestamptz not null
    )`.execute(db);
  await sql`
    create or replace function reserve_upload(
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
      carried integer;
    begin
      perform pg_advisory_xact_lock(p_lock_namespace, p_user_id);
      select count(*) into used
        from uploads
       where user_id = p_user_id
         and status = any (p_counted)
         and created_at >= p_window_start
         and created_at < p_window_end;
      select coalesce(sum(au.used), 0) into carried
        from users u
        join account_usage au on au.usage_key = u.usage_key
       where u.id = p_user_id
         and au.month_start >= p_window_start
         and au.month_start < p_window_end;
      used := used + carried;
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
  // Back to 0002's reserve_upload, from 0002 itself (same signature: drop, then create it as 0002 does).
  await reserveUpload0002.down(db);
  await reserveUpload0002.up(db);
  await sql`drop table if exists deleted_accounts`.execute(db);
  await sql`drop table if exists account_usage`.execute(db);
  await sql`drop index if exists users_usage_key_idx`.execute(db);
  await sql`alter table users drop column if exists usage_key`.execute(db);
}
