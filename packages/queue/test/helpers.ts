/** Test helpers: small real stage handlers (the "outside" of the drivers), a recording logger, gates. */
import { randomUUID } from 'node:crypto';
import { inappropriate } from '@snapnotes/contracts';
import type {
  Logger,
  NotesInput,
  OcrPageInput,
  StageHandlers,
  SummariseInput,
  SummaryResult,
  UploadJob,
} from '@snapnotes/contracts';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition') {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

export interface Gate {
  wait(): Promise<void>;
  open(): void;
}
const gates = new Set<Gate>();
export function gate(): Gate {
  let open!: () => void;
  const p = new Promise<void>((resolve) => (open = resolve));
  const g = { wait: () => p, open };
  gates.add(g);
  return g;
}
/** Opens every gate a test left closed (after a failed assertion), so graceful closes do not hang. */
export function openAllGates(): void {
  for (const g of gates) g.open();
  gates.clear();
}

export interface LogRecord {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg?: string;
}
export function testLogger(
  records: LogRecord[] = [],
  bindings: Record<string, unknown> = {},
): Logger & {
  records: LogRecord[];
} {
  const at =
    (level: LogRecord['level']) =>
    (obj: object | string, msg?: string): void => {
      if (typeof obj === 'string') records.push({ level, obj: { ...bindings }, msg: obj });
      else records.push({ level, obj: { ...bindings, ...obj }, msg });
    };
  return {
    records,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (more) => testLogger(records, { ...bindings, ...more }),
  };
}

export function makeUpload(images = 1, over: Partial<UploadJob> = {}): UploadJob {
  const uploadId = randomUUID();
  return {
    jobId: uploadId,
    purpose: { kind: 'upload' },
    userId: 7,
    correlationId: `req-${uploadId.slice(0, 8)}`,
    premium: false,
    languages: ['eng'],
    images: Array.from({ length: images }, (_, index) => ({
      index,
      fileName: `page-${index}.png`,
      key: `users/7/uploads/${uploadId}/${index}.png`,
      contentType: 'image/png' as const,
      bytes: 1000 + index,
      width: 1280,
      height: 800,
    })),
    ...over,
  };
}

export function summaryOf(input: SummariseInput): SummaryResult {
  const texts = input.pages.map((p) => p.text);
  return {
    title: `Notes ${input.job.jobId.slice(0, 8)}`,
    keyPoints: texts.slice(0, 6),
    detailedSummary: texts.join(' '),
    originalText: texts.join('\n\n'),
    kind: 'text',
    language: 'en',
    engine: 'test',
  };
}

/**
 * Handlers that do small real work and record every call. `over` replaces a stage's behaviour (still recorded).
 * OCR pages sleep `ocrDelayMs(index)` and the recorder measures how many ran at once.
 */
export function recordingHandlers(over: Partial<StageHandlers> = {}, ocrDelayMs: (index: number) => number = () => 30) {
  const rec = {
    moderation: [] as UploadJob[],
    ocr: [] as OcrPageInput[],
    summarise: [] as SummariseInput[],
    notes: [] as NotesInput[],
    ocrActive: 0,
    ocrMaxActive: 0,
  };
  const written = new Map<string, number>();
  let nextNoteId = 1;
  const base: StageHandlers = {
    async moderation(job) {
      return { checked: job.images.length, engine: 'test', flagged: [] };
    },
    async ocr({ image }) {
      const started = Date.now();
      await sleep(ocrDelayMs(image.index));
      return {
        index: image.index,
        fileName: image.fileName,
        text: `Text of ${image.fileName}`,
        confidence: 91,
        hasText: true,
        durationMs: Date.now() - started,
      };
    },
    async summarise(input) {
      // Like the real stage: the image flags from moderation become one verdict naming every file.
      const flagged = input.moderation?.flagged ?? [];
      if (flagged.length) throw inappropriate(flagged.map((f) => f.fileName));
      return summaryOf(input);
    },
    async notes({ job }) {
      const existing = written.get(job.jobId);
      if (existing) return { noteId: existing, created: false };
      const noteId = nextNoteId++;
      written.set(job.jobId, noteId);
      return { noteId, created: true };
    },
  };
  const handlers: StageHandlers = {
    async moderation(job) {
      rec.moderation.push(job);
      return (over.moderation ?? base.moderation)(job);
    },
    async ocr(input) {
      rec.ocr.push(input);
      rec.ocrActive++;
      rec.ocrMaxActive = Math.max(rec.ocrMaxActive, rec.ocrActive);
      try {
        return await (over.ocr ?? base.ocr)(input);
      } finally {
        rec.ocrActive--;
      }
    },
    async summarise(input) {
      rec.summarise.push(input);
      return (over.summarise ?? base.summarise)(input);
    },
    async notes(input) {
      rec.notes.push(input);
      return (over.notes ?? base.notes)(input);
    },
  };
  return { handlers, rec, base };
}
