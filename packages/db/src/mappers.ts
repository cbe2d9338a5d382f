import type { Note, NoteSearchResult, User } from '@snapnotes/contracts';
import type { NoteRow, UserRow } from './schema.js';
import type { NoteSearchHit } from './repos/notes-search.js';

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
    contentKind: row.contentKind,
    tags: [...row.tags],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A search hit as the API returns it: the note plus where it matched. */
export function toApiSearchResult(hit: NoteSearchHit): NoteSearchResult {
  return { ...toApiNote(hit.note), match: hit.match };
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
