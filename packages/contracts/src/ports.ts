/**
 * Ports: what stage handlers need from the outside world. Each stage is a plain async function over these;
 * adapters (S3, tesseract, nsfwjs, OpenAI, PostgreSQL) implement them, and tests can pass real or local ones.
 */
import type {
  ModerationResult,
  NoteResult,
  NotesInput,
  OcrPageInput,
  OcrPageResult,
  SummariseInput,
  SummaryResult,
  UploadJob,
  WordConfidence,
} from './jobs.js';
import type { PageBlock } from './page-structure.js';

export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}

/**
 * An object's bytes as the store sends them, to pass on without holding them all (a Node.js Readable in this
 * repository's stores). Destroy it, or stop iterating, to give the store's connection back.
 */
export interface ObjectStream {
  body: AsyncIterable<Uint8Array>;
  /** Its size in bytes, when the store said. */
  contentLength?: number;
}

export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** The object's bytes as they arrive (a missing object rejects as `get` does). */
  getStream(key: string): Promise<ObjectStream>;
  /** Deletes every key; missing keys are not an error. */
  deleteMany(keys: string[]): Promise<void>;
  /** Lists keys under a prefix (used to find orphans and for account deletion). */
  list(prefix: string): Promise<string[]>;
  ping(): Promise<void>;
}

export interface ImageVerdict {
  flagged: boolean;
  /** Human-readable reason for logs, e.g. 'nsfw:Porn 0.93' or 'openai:sexual'. */
  reason?: string;
}

export interface ImageModerator {
  readonly name: string;
  classify(image: Buffer, label: string): Promise<ImageVerdict>;
}

/** One page's text to judge, as OCR read it. */
export interface TextToModerate {
  text: string;
  /** Words OCR read with low confidence (OcrPageResult.uncertain): such a word never flags the text. */
  uncertain?: readonly WordConfidence[];
}

/**
 * A text check's decision. `category` and `rule` say what decided it, for the reply's logs and for tuning; like
 * every field here they name rules, never the user's words.
 */
export interface TextVerdict {
  flagged: boolean;
  /** What the text was judged to be, e.g. 'sexual', 'hate', or an OpenAI category such as 'hate/threatening'. */
  category?: string;
  /** The rule that decided, e.g. 'hate.slur', 'sexual.act' or 'openai.sexual>=0.8'. */
  rule?: string;
  /** One line for logs and the flagged file's reason, e.g. 'text-filter:hate.slur' or 'openai:sexual 0.93'. */
  reason?: string;
  /**
   * Matches that were seen and set aside, counted by rule id (e.g. { profanity: 3, 'low-confidence': 1 }): what
   * was let through, and why, without the words themselves.
   */
  ignored?: Record<string, number>;
}

export interface TextModerator {
  readonly name: string;
  check(input: TextToModerate): Promise<TextVerdict>;
}

export interface OcrRecognition {
  text: string;
  confidence: number;
}

export interface OcrEngine {
  recognize(image: Buffer, languages: string[]): Promise<OcrRecognition>;
  close(): Promise<void>;
}

export interface SummariseRequest {
  /**
   * Cleaned OCR text per page, in upload order, with the page's heading when OCR found one (OcrPageResult.heading)
   * and its structure (OcrPageResult.blocks) when OCR handed one over.
   */
  pages: { fileName: string; text: string; heading?: string; blocks?: PageBlock[] }[];
  premium: boolean;
  language: string | null;
}

export interface DescribeRequest {
  images: { fileName: string; data: Buffer; contentType: string; width: number; height: number }[];
  premium: boolean;
}

export interface SummaryDraft {
  title: string;
  keyPoints: string[];
  detailedSummary: string;
  engine: string;
  /** A model's topic tags for the note (issue 25), when it gave some; the summarise stage tags it otherwise. */
  tags?: string[];
}

export interface Summariser {
  readonly name: string;
  summarise(req: SummariseRequest): Promise<SummaryDraft>;
  describe(req: DescribeRequest): Promise<SummaryDraft>;
}

/** The four stage handlers, as the queue drivers call them. */
export interface StageHandlers {
  moderation(job: UploadJob): Promise<ModerationResult>;
  ocr(input: OcrPageInput): Promise<OcrPageResult>;
  summarise(input: SummariseInput): Promise<SummaryResult>;
  notes(input: NotesInput): Promise<NoteResult>;
}
