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
} from './jobs.js';

export interface Logger {
  debug(obj: object | string, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}

export interface ObjectStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
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
  classify(image: Buffer, fileName: string): Promise<ImageVerdict>;
}

export interface TextModerator {
  readonly name: string;
  check(text: string): Promise<ImageVerdict>;
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
   * Cleaned OCR text per page, in upload order, with the page's heading when OCR found one (OcrPageResult.heading).
   */
  pages: { fileName: string; text: string; heading?: string }[];
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
