import { sql, type RawBuilder } from 'kysely';

/**
 * The columns of a note row. Never `select *`: notes.search_vector (migration 0005) is for the database's own use,
 * and would more than double what every read sends.
 */
export const NOTE_COLUMNS = [
  'id',
  'userId',
  'uploadId',
  'title',
  'keyPoints',
  'detailedSummary',
  'originalText',
  'kind',
  'language',
  'wordCount',
  'imageCount',
  'engine',
  'titleEditedAt',
  'contentKind',
  'tags',
  'tagsEditedAt',
  'createdAt',
  'updatedAt',
] as const;

const snakeCase = (column: string) => column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** NOTE_COLUMNS for hand-written SQL, qualified by a table alias when given. */
export function noteColumnsSql(alias?: string): RawBuilder<unknown> {
  return sql.raw(NOTE_COLUMNS.map((c) => (alias ? `${alias}.` : '') + snakeCase(c)).join(', '));
}
