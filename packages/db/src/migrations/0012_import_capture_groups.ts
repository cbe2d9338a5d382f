import { sql, type Kysely } from 'kysely';

/**
 * Scrolling captures in an import (issue 25 item 3; DECISIONS "Scrolling captures in an import"): before its images
 * are read, the import worker groups the captures that continue each other, and each group is imported as one upload
 * of several images (one note). `group_index` is the index of the group's first item (its own for an image alone);
 * null until the worker has looked (an item claimed before that, or of an import older than this, is its own group).
 * A group is claimed, processed and settled together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table import_items add column group_index integer null check (group_index >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table import_items drop column if exists group_index`.execute(db);
}
