import { z } from 'zod';
import { NOTE_CONTENT_KINDS } from './note-tags.js';
import { MAX_OCR_LANGUAGES, MIN_OCR_LANGUAGES, OCR_LANGUAGE_CODE } from './languages.js';

/** SPEC §3 User, as the gateway returns it. */
export const userSchema = z.object({
  id: z.number().int(),
  firebaseUid: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  /**
   * Added by the product: the OCR languages the user chose in Settings, read first for their uploads; null when
   * they chose none (the server's defaults apply). Absent from an older server's reply: read as null.
   */
  ocrLanguages: z.array(z.string()).nullable().default(null),
});
export type User = z.infer<typeof userSchema>;

/**
 * 1–3 tesseract codes, duplicates dropped (the first one stays): the settings' languages and a re-read's. Whether
 * the server offers each code is checked by the gateway against its OCR_LANGUAGES.
 */
export const ocrLanguageListSchema = (field: string) =>
  z
    .array(
      z
        .string({ error: 'Each language must be a language code such as eng or fra.' })
        .trim()
        .regex(OCR_LANGUAGE_CODE, {
          error: (issue) => `"${String(issue.input)}" is not a language code such as eng or fra.`,
        }),
      { error: `${field} must be a list of language codes, e.g. ["eng", "fra"].` },
    )
    .transform((codes) => [...new Set(codes)])
    .pipe(
      z
        .array(z.string())
        .min(MIN_OCR_LANGUAGES, 'Choose at least one language.')
        .max(MAX_OCR_LANGUAGES, `Choose at most ${MAX_OCR_LANGUAGES} languages.`),
    );

/** PATCH /api/user/{userId}/settings body. */
export const updateUserSettingsBodySchema = z.object({ ocrLanguages: ocrLanguageListSchema('ocrLanguages') });

/**
 * POST /api/notes/{id}/reprocess body ("Read again"), optional: the languages to read the images in this time
 * (same rules as the settings'); without them, the caller's settings languages (else the server's defaults).
 */
export const reprocessNoteBodySchema = z.object({ languages: ocrLanguageListSchema('languages').optional() });

/** GET /api/ocr-languages: the languages this server's OCR offers, and those read for users who chose none. */
export const ocrLanguagesResponseSchema = z.object({
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  defaults: z.array(z.string()),
});
export type OcrLanguagesResponse = z.infer<typeof ocrLanguagesResponseSchema>;

/** POST /api/user body (SPEC §7): empty strings when missing. */
export const upsertUserBodySchema = z.object({
  firebaseUid: z.string().max(128).default(''),
  email: z.string().max(320).default(''),
  displayName: z.string().max(200).default(''),
  photoURL: z.string().max(2048).default(''),
});

/** SPEC §3 Note plus the fields the product adds. */
export const noteSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  keyPoints: z.array(z.string()),
  detailedSummary: z.string(),
  originalText: z.string(),
  /** 'text' when OCR found text; 'description' when the images held none and were described instead. */
  kind: z.enum(['text', 'description']),
  imageCount: z.number().int(),
  wordCount: z.number().int(),
  language: z.string().nullable(),
  /** Issue 25: what the note is (note-tags.ts NOTE_CONTENT_KINDS); null for notes made before it was recorded. */
  contentKind: z.enum(NOTE_CONTENT_KINDS).nullable(),
  /** Issue 25: the note's tags, normalised (note-tags.ts); the summariser's until the user edits them. */
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/**
 * POST /api/notes/{id}/reprocess reply ("Read again"): the note, and what the new reading changed compared with the
 * note before it: `text` its original text, `summary` its key points or detailed summary, `title` its title. All
 * false: the images read the same as before and the note is as it was (only `updatedAt` moved).
 */
export const reprocessNoteResponseSchema = noteSchema.extend({
  changed: z.object({ text: z.boolean(), summary: z.boolean(), title: z.boolean() }),
});
export type ReprocessNoteResponse = z.infer<typeof reprocessNoteResponseSchema>;
export type NoteChanges = ReprocessNoteResponse['changed'];

/** What a re-read changed between the note before (`before`) and after (`after`). */
export function noteChanges(
  before: Pick<Note, 'title' | 'keyPoints' | 'detailedSummary' | 'originalText'>,
  after: Pick<Note, 'title' | 'keyPoints' | 'detailedSummary' | 'originalText'>,
): NoteChanges {
  const samePoints =
    before.keyPoints.length === after.keyPoints.length && before.keyPoints.every((p, i) => p === after.keyPoints[i]);
  return {
    text: before.originalText !== after.originalText,
    summary: !samePoints || before.detailedSummary !== after.detailedSummary,
    title: before.title !== after.title,
  };
}

export const updateTitleBodySchema = z.object({
  title: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'Title cannot be empty').max(200, 'Title must be at most 200 characters')),
});

export const statisticsSchema = z.object({ totalNotes: z.number().int(), totalWords: z.number().int() });
export type Statistics = z.infer<typeof statisticsSchema>;

/** remainingUploads is a number; JSON cannot carry Infinity, so subscribers get null on the wire and the client shows ∞. */
export const remainingUploadsSchema = z.object({
  remainingUploads: z.number().nullable(),
  hasSubscription: z.boolean(),
  limit: z.number().int().nullable(),
  resetsAt: z.string().nullable(),
});
export type RemainingUploads = z.infer<typeof remainingUploadsSchema>;

export const subscriptionResponseSchema = z.object({
  subscription: z
    .object({
      status: z.string(),
      plan: z.enum(['monthly', 'annual']),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  hasActiveSubscription: z.boolean(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const feedbackBodySchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.').max(200),
  email: z.string().trim().email('Please enter a valid email address.').max(320),
  message: z.string().trim().min(10, 'Message must be at least 10 characters.').max(5000),
});

/** POST /api/create-checkout-session body (SPEC §7). */
export const createCheckoutBodySchema = z.object({
  planType: z.enum(['monthly', 'annual'], { error: "planType must be 'monthly' or 'annual'" }),
});

/** POST /api/verify-subscription body (SPEC §7): the Checkout Session id from the success URL. */
export const verifySubscriptionBodySchema = z.object({
  sessionId: z
    .string({ error: 'sessionId is required' })
    .trim()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'sessionId must be a Stripe Checkout Session id (cs_…)'),
});

/** Error body every non-2xx gateway reply carries. */
export interface ApiErrorBody {
  error: string;
  message: string;
  inappropriateImages?: string[];
  upgradeRequired?: boolean;
  /** 422: why nothing could be made of the images, shown beside SPEC §8's fixed message. */
  reason?: string;
}

/** Machine-readable error codes (the `error` field). */
export const ErrorCode = {
  FirebaseNotConfigured: 'FIREBASE_NOT_CONFIGURED',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  BadRequest: 'BAD_REQUEST',
  NoFiles: 'NO_FILES',
  TooManyFiles: 'TOO_MANY_FILES',
  UnsupportedType: 'UNSUPPORTED_FILE_TYPE',
  FileTooLarge: 'FILE_TOO_LARGE',
  CorruptImage: 'CORRUPT_IMAGE',
  ImageTooLarge: 'IMAGE_DIMENSIONS_TOO_LARGE',
  InappropriateContent: 'INAPPROPRIATE_CONTENT',
  NothingExtracted: 'NOTHING_EXTRACTED',
  UpgradeRequired: 'UPGRADE_REQUIRED',
  RateLimited: 'RATE_LIMITED',
  /** The request body is larger than any valid upload (Content-Length): 413. */
  UploadTooLarge: 'UPLOAD_TOO_LARGE',
  /** The caller already has the most uploads in progress at once: 429. */
  UploadsInProgress: 'UPLOADS_IN_PROGRESS',
  /** The gateway is taking no more uploads for now (too many at once, or memory pressure): 503. */
  ServerBusy: 'SERVER_BUSY',
  /** Payments are not configured on this server (no Stripe key or price ids). */
  SubscriptionUnavailable: 'SUBSCRIPTION_UNAVAILABLE',
  /** The caller already has an active subscription. */
  AlreadySubscribed: 'ALREADY_SUBSCRIBED',
  /** The checkout session is not complete and paid. */
  CheckoutNotPaid: 'CHECKOUT_NOT_PAID',
  /** The payment provider could not be reached or refused the request. */
  PaymentProviderError: 'PAYMENT_PROVIDER_ERROR',
  /** The note is being read again already (one "Read again" at a time per note): 409. */
  ReprocessInProgress: 'REPROCESS_IN_PROGRESS',
  /** The note has no stored images to read again (made before images were kept, or they are gone): 409. */
  NoImages: 'NO_IMAGES',
  /** Reading the note again failed (a stage failed after its retries, or the queue could not be reached): 503. */
  ReprocessFailed: 'REPROCESS_FAILED',
  /** The caller already has the most searches running at once (GET /api/notes/{userId}?q=): 429, Retry-After. */
  SearchesInProgress: 'SEARCHES_IN_PROGRESS',
  /** The search ran longer than its statement timeout and was stopped: 503, Retry-After. */
  SearchTimeout: 'SEARCH_TIMEOUT',
  /** The caller's full notes list (no paging parameters) is already being sent: 429, Retry-After. */
  NotesListInProgress: 'NOTES_LIST_IN_PROGRESS',
  /** An upload body sent nothing for UPLOAD_BODY_IDLE_MS and was given up (nothing kept or counted): 408. */
  UploadStalled: 'UPLOAD_STALLED',
  /** The caller already has the most original images being sent at once: 429, Retry-After. */
  ImageReadsInProgress: 'IMAGE_READS_IN_PROGRESS',
  /** A free user has used "Read again" FREE_REREADS_PER_DAY times in the last 24 hours: 429, Retry-After. */
  RereadsPerDay: 'REREADS_PER_DAY',
  Timeout: 'PROCESSING_TIMEOUT',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
