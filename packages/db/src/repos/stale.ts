import type { Kysely } from 'kysely';
import { InvalidInputError } from '../errors.js';
import type { Database } from '../schema.js';

/**
 * The ids of up to `limit` rows of `table` still 'processing' since before `createdBefore` (their gateway died),
 * oldest first, locked FOR UPDATE SKIP LOCKED: a row another transaction holds (the notes stage finishing it) is
 * skipped, not waited for. The sweeper's search, for stuck uploads and stuck re-reads alike; each table has a partial
 * index on created_at where status = 'processing' (migrations 0006, 0007).
 */
export function staleProcessingIds(
  db: Kysely<Database>,
  table: 'uploads' | 'noteReprocessings',
  createdBefore: Date,
  limit: number,
) {
  if (!(createdBefore instanceof Date) || Number.isNaN(createdBefore.getTime())) {
    throw new InvalidInputError('createdBefore must be a valid Date');
  }
  if (!Number.isInteger(limit) || limit < 1)
    throw new InvalidInputError(`limit must be a positive integer (got ${limit})`);
  // Both tables have id, status and created_at; the builder is typed on one of them.
  return db
    .selectFrom(table as 'uploads')
    .select('id')
    .where('status', '=', 'processing')
    .where('createdAt', '<', createdBefore)
    .orderBy('createdAt')
    .limit(limit)
    .forUpdate()
    .skipLocked();
}
