export * from './schema.js';
export * from './errors.js';
export { createDatabase, redactUrl, type DatabaseHandle, type DatabaseOptions } from './database.js';
export { migrateToLatest, MigrationError } from './migrate.js';
export { migrations, migrationProvider } from './migrations/index.js';
export { toApiNote, toApiSearchResult, toApiUser } from './mappers.js';
export { UsersRepo, type UpsertUserInput, type DeleteAccountResult } from './repos/users.js';
export { UploadsRepo, monthWindow, type ReserveUploadInput, type ReserveResult } from './repos/uploads.js';
export {
  NotesRepo,
  escapeLike,
  MAX_TITLE_LENGTH,
  type CreateNoteForUploadInput,
  type CreateNoteResult,
  type NoteStatistics,
  type NoteImageObject,
  type NoteImages,
  type RereadNoteContent,
} from './repos/notes.js';
export type { RereadNoteResult } from './repos/notes-reread.js';
export {
  NoteReprocessingsRepo,
  type ReprocessingSource,
  type StartReprocessingInput,
  type StartReprocessingResult,
} from './repos/note-reprocessings.js';
export { NOTE_SEARCH_CONFIGS, SearchTimeoutError, type NoteSearchHit } from './repos/notes-search.js';
export { InvalidCursorError } from './repos/notes-cursor.js';
export {
  SubscriptionsRepo,
  ACTIVE_SUBSCRIPTION_STATUSES,
  type StripeSubscriptionState,
  type UpsertSubscriptionResult,
} from './repos/subscriptions.js';
export { FeedbackRepo, type CreateFeedbackInput } from './repos/feedback.js';
export {
  ImportsRepo,
  type ClaimedItem,
  type ImportCounts,
  type ImportItemRow,
  type ImportRow,
  type ItemOutcome,
  type NewImportItem,
} from './repos/imports.js';
export { StripeEventsRepo } from './repos/stripe-events.js';
export { ImageHashesRepo, type ImageHashInput, type HashedImage, type NearImage } from './repos/image-hashes.js';
/** Re-exported so callers can type the handle without depending on kysely themselves. */
export type { Kysely, Transaction } from 'kysely';
