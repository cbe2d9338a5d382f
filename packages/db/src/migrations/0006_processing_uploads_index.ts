import { sql, type Kysely } from 'kysely';

/**
 * The sweeper (packages/runtime/src/sweeper.ts) looks for uploads left 'processing' by a gateway that died, every
 * minute in every notes worker. Without an index that is a scan of every upload ever made; a partial index holds only
 * the few rows in flight, so it stays tiny however large the table grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index uploads_processing_created_at_idx on uploads (created_at) where status = 'processing'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists uploads_processing_created_at_idx`.execute(db);
}
