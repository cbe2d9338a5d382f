import { sql, type Kysely } from 'kysely';

/**
 * The first schema. Raw SQL keeps the DDL exact (checks, arrays, partial behaviour of foreign keys)
 * and is not touched by the CamelCasePlugin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id serial primary key,
      firebase_uid text not null unique check (char_length(firebase_uid) between 1 and 128),
      email text not null default '',
      username text not null default '',
      display_name text not null default '',
      photo_url text not null default '',
      stripe_customer_id text null unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table uploads (
      id uuid primary key,
      user_id integer not null references users (id) on delete cascade,
      status text not null check (status in ('processing', 'completed', 'failed', 'rejected')),
      file_names text[] not null default '{}',
      object_keys text[] not null default '{}',
      image_count integer not null check (image_count >= 0),
      error_code text null,
      error_message text null,
      note_id integer null,
      correlation_id text not null,
      created_at timestamptz not null default now(),
      finished_at timestamptz null
    )`.execute(db);
  await sql`create index uploads_user_id_created_at_idx on uploads (user_id, created_at)`.execute(db);

  await sql`
    create table notes (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      upload_id uuid null unique references uploads (id) on delete set null,
      title text not null check (char_length(title) between 1 and 200),
      key_points jsonb not null default '[]'::jsonb check (jsonb_typeof(key_points) = 'array'),
      detailed_summary text not null,
      original_text text not null,
      kind text not null check (kind in ('text', 'description')),
      language text null,
      word_count integer not null check (word_count >= 0),
      image_count integer not null check (image_count >= 0),
      engine text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index notes_user_id_created_at_idx on notes (user_id, created_at desc)`.execute(db);

  await sql`
    create table subscriptions (
      id serial primary key,
      user_id integer not null unique references users (id) on delete cascade,
      stripe_subscription_id text not null unique,
      status text not null,
      plan text not null check (plan in ('monthly', 'annual')),
      current_period_end timestamptz null,
      cancel_at_period_end boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table stripe_events (
      id text primary key,
      type text not null,
      received_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table feedback (
      id serial primary key,
      user_id integer null references users (id) on delete set null,
      name text not null,
      email text not null,
      message text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index feedback_user_id_idx on feedback (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['feedback', 'stripe_events', 'subscriptions', 'notes', 'uploads', 'users']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
