import { sql, type Kysely } from 'kysely';

/**
 * Duplicates (issue 25 item 2; DECISIONS "Duplicates"): what each image of a note looks like, to recognise the same
 * screenshot sent again by the same user.
 *
 * - image_hashes: one row per image of a note, written by the gateway once the note exists (so a failed or refused
 *   upload leaves none, and a deleted note takes its rows with it: on delete cascade). `sha256` is the file's exact
 *   bytes; `phash` a 64-bit perceptual hash compared by Hamming distance (`bit_count((phash # $1)::bit(64))`);
 *   `fingerprint` a small grey image (a few kB) the gateway compares the few nearest candidates with.
 * - Looked up per user only: the exact bytes through (user_id, sha256), the near ones through (user_id, phash,
 *   note_id, image_index), an index-only scan of the user's rows (10,000 notes: a few milliseconds).
 * - Notes made before this migration have no rows: they are not recognised as duplicates (nothing is back-filled;
 *   their images would have to be read back from the object store).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table image_hashes (
      note_id integer not null references notes (id) on delete cascade,
      image_index integer not null check (image_index >= 0),
      user_id integer not null references users (id) on delete cascade,
      sha256 bytea not null check (octet_length(sha256) = 32),
      phash bigint not null,
      fingerprint bytea not null,
      created_at timestamptz not null default now(),
      primary key (note_id, image_index)
    )
  `.execute(db);
  await sql`create index image_hashes_user_sha256_idx on image_hashes (user_id, sha256)`.execute(db);
  await sql`create index image_hashes_user_phash_idx on image_hashes (user_id, phash, note_id, image_index)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists image_hashes`.execute(db);
}
