import type { Note, User } from '@snapnotes/contracts';
import type { NoteRow, UserRow } from './schema.js';

/** A database note row as the API returns it (contracts' Note), dates as ISO strings. */
export function toApiNote(row: NoteRow): Note {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    keyPoints: [...row.keyPoints],
    detailedSummary: row.detailedSummary,
    originalText: row.originalText,
    kind: row.kind,
    imageCount: row.imageCount,
    wordCount: row.wordCount,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A database user row as the API returns it (contracts' User). */
export function toApiUser(row: UserRow): User {
  return {
    id: row.id,
    firebaseUid: row.firebaseUid,
    email: row.email,
    username: row.username,
    displayName: row.displayName,
    photoURL: row.photoUrl,
    ocrLanguages: row.ocrLanguages ? [...row.ocrLanguages] : null,
  };
}
