/**
 * Kysely table types. Columns are snake_case in PostgreSQL; the CamelCasePlugin maps them,
 * so TypeScript sees camelCase (firebase_uid → firebaseUid, photo_url → photoUrl).
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ImageMeta, ImportItemStatus, ImportStatus, NoteContentKind } from '@snapnotes/contracts';

/** timestamptz: read as Date, written as Date or ISO string, defaulted by the database. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export const UPLOAD_STATUSES = ['processing', 'completed', 'failed', 'rejected'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const NOTE_KINDS = ['text', 'description'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
export const SUBSCRIPTION_PLANS = ['monthly', 'annual'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export interface UsersTable {
  id: Generated<number>;
  firebaseUid: string;
  email: ColumnType<string, string | undefined, string>;
  username: ColumnType<string, string | undefined, string>;
  displayName: ColumnType<string, string | undefined, string>;
  photoUrl: ColumnType<string, string | undefined, string>;
  stripeCustomerId: ColumnType<string | null, string | null | undefined, string | null>;
  /** text[]: the OCR languages the user chose (1–3 tesseract codes); null = not chosen (the server's defaults). */
  ocrLanguages: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  /** Keyed hash of the Firebase uid (migration 0004): the allowance follows it across deleted accounts. */
  usageKey: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** What deleted accounts used, per usage key and calendar month (UTC); no personal data (migration 0004). */
export interface AccountUsageTable {
  usageKey: string;
  monthStart: Date;
  used: number;
}

/** When the account of a usage key was last deleted (migration 0004). */
export interface DeletedAccountsTable {
  usageKey: string;
  deletedAt: Date;
}

export interface UploadsTable {
  id: string;
  userId: number;
  status: UploadStatus;
  fileNames: string[];
  objectKeys: string[];
  imageCount: number;
  errorCode: ColumnType<string | null, string | null | undefined, string | null>;
  errorMessage: ColumnType<string | null, string | null | undefined, string | null>;
  noteId: ColumnType<number | null, number | null | undefined, number | null>;
  correlationId: string;
  /**
   * jsonb array, per image in upload order: type, bytes, stored size, EXIF orientation (contracts' ImageMeta,
   * migration 0007); null for uploads made before it. Written as a JSON string, like notes.key_points.
   */
  imageMeta: ColumnType<ImageMeta[] | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  finishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export const REPROCESS_STATUSES = ['processing', 'completed', 'failed'] as const;
export type ReprocessStatus = (typeof REPROCESS_STATUSES)[number];

/** One "Read again" of a note (migration 0007); its id is the job's uploadId. */
export interface NoteReprocessingsTable {
  id: string;
  noteId: number;
  userId: number;
  status: ReprocessStatus;
  languages: string[];
  errorCode: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  finishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface NotesTable {
  id: Generated<number>;
  userId: number;
  uploadId: ColumnType<string | null, string | null | undefined, string | null>;
  title: string;
  /** jsonb array of strings; written as a JSON string (node-postgres would turn a JS array into a PG array). */
  keyPoints: ColumnType<string[], string, string>;
  detailedSummary: string;
  originalText: string;
  kind: NoteKind;
  language: string | null;
  wordCount: number;
  imageCount: number;
  engine: string;
  /** When the user last renamed the note; null = the summariser's title, which a re-read may replace (0007). */
  titleEditedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** What the note is (contracts' NOTE_CONTENT_KINDS); null for text notes written before 0009. */
  contentKind: ColumnType<NoteContentKind | null, NoteContentKind | null | undefined, NoteContentKind | null>;
  /** text[], normalised, at most 12 (0009). */
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** When the user last set the tags; null = the summariser's, which a re-read replaces (0009). */
  tagsEditedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  userId: number;
  stripeSubscriptionId: string;
  status: string;
  plan: SubscriptionPlan;
  currentPeriodEnd: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelAtPeriodEnd: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  receivedAt: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<number>;
  userId: number | null;
  name: string;
  email: string;
  message: string;
  createdAt: CreatedAt;
}

/** One image of a note as the duplicate check sees it (migration 0010). */
export interface ImageHashesTable {
  noteId: number;
  /** Position in the note's upload, 0-based. */
  imageIndex: number;
  userId: number;
  /** SHA-256 of the file's bytes. */
  sha256: Buffer;
  /** 64-bit perceptual hash; bigint comes back from node-postgres as a string. */
  phash: ColumnType<string, string | bigint, string | bigint>;
  fingerprint: Buffer;
  createdAt: CreatedAt;
}

/** One bulk import (migration 0011). */
export interface ImportsTable {
  id: string;
  userId: number;
  status: ImportStatus;
  premium: ColumnType<boolean, boolean | undefined, boolean>;
  correlationId: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  finishedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One file of a bulk import, or one entry of its zips (migration 0011). */
export interface ImportItemsTable {
  importId: string;
  index: number;
  name: string;
  status: ImportItemStatus;
  sourceKey: ColumnType<string | null, string | null | undefined, string | null>;
  uploadId: ColumnType<string | null, string | null | undefined, string | null>;
  noteId: ColumnType<number | null, number | null | undefined, number | null>;
  errorCode: ColumnType<string | null, string | null | undefined, string | null>;
  errorMessage: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  heartbeatAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The index of the item's group's first item (scrolling captures imported as one upload); null: not looked yet. */
  groupIndex: ColumnType<number | null, number | null | undefined, number | null>;
  updatedAt: UpdatedAt;
}

export interface Database {
  users: UsersTable;
  uploads: UploadsTable;
  notes: NotesTable;
  subscriptions: SubscriptionsTable;
  stripeEvents: StripeEventsTable;
  feedback: FeedbackTable;
  accountUsage: AccountUsageTable;
  deletedAccounts: DeletedAccountsTable;
  noteReprocessings: NoteReprocessingsTable;
  imageHashes: ImageHashesTable;
  imports: ImportsTable;
  importItems: ImportItemsTable;
}

export type UserRow = Selectable<UsersTable>;
export type UploadRow = Selectable<UploadsTable>;
export type NoteRow = Selectable<NotesTable>;
export type NoteReprocessingRow = Selectable<NoteReprocessingsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type FeedbackRow = Selectable<FeedbackTable>;
