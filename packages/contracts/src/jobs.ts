import { z } from 'zod';
import { OCR_LANGUAGE_CODE } from './languages.js';
import { MAX_NOTE_TAGS, NOTE_CONTENT_KINDS } from './note-tags.js';
import { pageBlockSchema } from './page-structure.js';

/** Queue names; one BullMQ queue per stage (DESIGN §2). Names cannot contain ':'. */
export const QueueName = {
  moderation: 'moderation',
  ocr: 'ocr',
  summarise: 'summarise',
  notes: 'notes',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const imageRefSchema = z.object({
  /** Position in the upload, 0-based; the note keeps this order. */
  index: z.number().int().min(0),
  /** The file name the user chose, sanitised for display. */
  fileName: z.string().min(1).max(255),
  /** Object key in the store: users/<userId>/uploads/<uploadId>/<index>.<ext> (storage-keys.ts) */
  key: z.string().min(1),
  contentType: z.enum(['image/png', 'image/jpeg']),
  bytes: z.number().int().positive(),
  /** Pixels as stored (before any EXIF rotation). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The EXIF orientation (1–8) of a file that has one; 5–8 show the image turned a quarter (width and height swap). */
  orientation: z.number().int().min(1).max(8).optional(),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

/**
 * What uploads.image_meta keeps of each image (migration 0007): the ImageRef without its position, file name and key,
 * which the upload row holds already. "Read again" rebuilds its job's ImageRefs from it; the image list reports each
 * image's size from it (uprightSize).
 */
export const imageMetaSchema = imageRefSchema.omit({ index: true, fileName: true, key: true });
export type ImageMeta = z.infer<typeof imageMetaSchema>;

/** An ImageRef's meta, as uploads.image_meta stores it. */
export function imageMetaOf(ref: ImageRef): ImageMeta {
  return {
    contentType: ref.contentType,
    bytes: ref.bytes,
    width: ref.width,
    height: ref.height,
    ...(ref.orientation === undefined ? {} : { orientation: ref.orientation }),
  };
}

/**
 * What a job's reading is for (issue 24: explicit, not implied by an optional field):
 * - `upload`: a new upload; the notes stage writes a new note for it.
 * - `reread`: "Read again" (POST /api/notes/{id}/reprocess) of an existing note's stored images. The image moderation
 *   stage is skipped (the images were accepted at upload; the text checks still judge the new reading), and the notes
 *   stage UPDATES `noteId` instead of writing a new note. `requireText`: the note holds text, so a reading that finds
 *   none fails (NOTHING_EXTRACTED) instead of turning the note into a description of its images.
 */
const jobPurposeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload') }),
  z.object({ kind: z.literal('reread'), noteId: z.number().int().positive(), requireText: z.boolean() }),
]);

/**
 * Two images of one upload that are scrolling captures of one chat or page, as the gateway measured them on their
 * pixels (services/gateway uploads/scroll-captures.ts): image `lower` (an ImageRef index) shows around its row `cut`
 * what image `upper` shows `shift` rows further down; both show `lower`'s rows [from, to). Joined, the note takes
 * `upper` above its row `cut + shift` and `lower` from its row `cut` on (`cut` lies in a gap between lines inside
 * [from, to); the summariser may move it within them). Rows count on the upright image (after EXIF rotation), as
 * OCR's boxes do.
 */
export const scrollLinkSchema = z.object({
  upper: z.number().int().min(0),
  lower: z.number().int().min(0),
  shift: z.number().int().min(1),
  cut: z.number().int().min(0),
  from: z.number().int().min(0),
  to: z.number().int().min(0),
});
export type ScrollLink = z.infer<typeof scrollLinkSchema>;

const uploadJobFields = z.object({
  /**
   * The job's own id, which names its flow in the queue and its results: the upload's id (uploads.id) for an upload,
   * the re-read's id (note_reprocessings.id, a new uuid each time) for a re-read, since an upload's flow jobs stay in
   * Redis for an hour and BullMQ ignores a job whose id it still holds.
   */
  jobId: z.string().uuid(),
  purpose: jobPurposeSchema,
  userId: z.number().int().positive(),
  /** Carried from the HTTP request through every job, for logs. */
  correlationId: z.string().min(1).max(100),
  premium: z.boolean(),
  /**
   * tesseract language codes, e.g. ['eng'] or ['eng', 'fra']: the user's choice, else the server's defaults
   * (OCR_DEFAULT_LANGUAGES); read first, before the OCR stage detects each image's language.
   */
  languages: z.array(z.string().regex(OCR_LANGUAGE_CODE)).min(1).max(4),
  images: z.array(imageRefSchema).min(1).max(10),
  /**
   * The images that go on from one another (scrolling captures), each at most once as upper and once as lower;
   * absent or empty when none do, and in jobs queued before this field existed (the summariser then joins scrolling
   * captures by their text alone).
   */
  scrolls: z.array(scrollLinkSchema).max(9).optional(),
});

/**
 * A job queued by the release before this one named its id `uploadId` and marked a re-read by an optional
 * `reprocess: { noteId, requireText }`. Jobs still in Redis across an upgrade are read in that shape too.
 */
function fromEarlierShape(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'jobId' in value || !('uploadId' in value)) return value;
  const { uploadId, reprocess, ...rest } = value as { uploadId: unknown; reprocess?: unknown };
  const purpose =
    typeof reprocess === 'object' && reprocess !== null ? { kind: 'reread', ...reprocess } : { kind: 'upload' };
  return { ...rest, jobId: uploadId, purpose };
}

/** The payload every stage receives; the gateway builds it once per upload or re-read. */
export const uploadJobSchema = z.preprocess(fromEarlierShape, uploadJobFields);
export type UploadJob = z.infer<typeof uploadJobSchema>;

export const flaggedImageSchema = z.object({
  index: z.number().int().min(0),
  fileName: z.string(),
  /** Which check flagged it, for logs, e.g. 'nsfw:Porn 0.93' (never the user's text). */
  reason: z.string(),
});

/**
 * The image check's findings. Moderation runs beside OCR and reports what it flagged; the summarise stage
 * joins these with the text filter's findings into ONE verdict naming every flagged file (docs/ARCHITECTURE.md).
 */
export const moderationResultSchema = z.object({
  checked: z.number().int(),
  /** Which checks ran, e.g. 'nsfwjs+openai'. */
  engine: z.string(),
  flagged: z.array(flaggedImageSchema).default([]),
});
export type ModerationResult = z.infer<typeof moderationResultSchema>;

export const ocrPageInputSchema = z.object({ job: uploadJobSchema, image: imageRefSchema });

/** A page's structure holds at most this many blocks (a page of 2,000 lines is read into fewer). */
export const MAX_PAGE_BLOCKS = 2000;

/** Words OCR read with a confidence under this (0–100) are listed in OcrPageResult.uncertain; well-read words score 85–97. */
export const OCR_UNCERTAIN_BELOW = 90;

/** One word of a page's text read with low confidence: [start, end) in UTF-16 code units, and its confidence 0–100. */
export const wordConfidenceSchema = z.tuple([
  z.number().int().min(0),
  z.number().int().min(0),
  z.number().min(0).max(100),
]);
export type WordConfidence = z.infer<typeof wordConfidenceSchema>;
export type OcrPageInput = z.infer<typeof ocrPageInputSchema>;

export const ocrPageResultSchema = z.object({
  index: z.number().int(),
  fileName: z.string(),
  text: z.string(),
  /** 0–100, tesseract's mean word confidence. */
  confidence: z.number(),
  /** The "no text" rule of DESIGN §4: at least 20 characters and confidence ≥ 60. */
  hasText: z.boolean(),
  durationMs: z.number(),
  /**
   * The page's most prominent line (the tallest text near the top, clearly larger than the body text), when the
   * page has one: a summariser may prefer it as the note's title. Absent for pages without such a line.
   */
  heading: z.string().min(1).max(200).optional(),
  /** The page's language as OCR detected it (tesseract code, e.g. 'deu'), when it could tell. */
  language: z
    .string()
    .regex(/^[a-z_]{3,10}$/)
    .optional(),
  /**
   * Where OCR was unsure of `text`: one `[start, end, confidence]` per word of `text` read with a confidence under
   * OCR_UNCERTAIN_BELOW (start and end are UTF-16 offsets into `text`, end exclusive; confidence 0–100), in text
   * order. Every word not listed was read at OCR_UNCERTAIN_BELOW or better. Offsets and numbers only, never text.
   * Absent when the engine gives no word confidences. The text checks use it: a low-confidence word never flags.
   */
  uncertain: z.array(wordConfidenceSchema).optional(),
  /**
   * The page's structure (page-structure.ts): headings, paragraphs, list items, table rows with their cells, code
   * lines, label–value pairs, in reading order, each with its text, confidence and box. Absent for pages without text.
   */
  blocks: z.array(pageBlockSchema).max(MAX_PAGE_BLOCKS).optional(),
});
export type OcrPageResult = z.infer<typeof ocrPageResultSchema>;

export const summariseInputSchema = z.object({
  job: uploadJobSchema,
  pages: z.array(ocrPageResultSchema),
  /** The image check's result; its flags join the text filter's in one verdict. */
  moderation: moderationResultSchema.optional(),
});
export type SummariseInput = z.infer<typeof summariseInputSchema>;

export const summaryResultSchema = z.object({
  title: z.string().min(1).max(200),
  keyPoints: z.array(z.string().min(1)).min(1).max(6),
  detailedSummary: z.string().min(1),
  /** The extracted text of all pages in upload order (empty for described images). */
  originalText: z.string(),
  kind: z.enum(['text', 'description']),
  language: z.string().nullable(),
  /** Which summariser produced it, e.g. 'local' or 'openai:gpt-4o-mini'. */
  engine: z.string(),
  /**
   * Issue 25: what the note is. Absent from a summarise stage older than it (a job queued before an upgrade): the
   * note is written without a kind.
   */
  contentKind: z.enum(NOTE_CONTENT_KINDS).nullable().optional(),
  /** Issue 25: the note's tags (kind, language, key words or the model's topics), normalised; absent as above. */
  tags: z.array(z.string()).max(MAX_NOTE_TAGS).optional(),
});
export type SummaryResult = z.infer<typeof summaryResultSchema>;

export const notesInputSchema = z.object({ job: uploadJobSchema, summary: summaryResultSchema });
export type NotesInput = z.infer<typeof notesInputSchema>;

export const noteResultSchema = z.object({
  noteId: z.number().int(),
  /** false when a retried job found the note already written, and for a re-read (which updates its note). */
  created: z.boolean(),
});
export type NoteResult = z.infer<typeof noteResultSchema>;
