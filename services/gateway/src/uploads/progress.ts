/**
 * Where an upload is, for its uploader (issue 23; contracts upload-progress.ts). The browser names its upload with
 * the `X-Progress-Id` header; the gateway records the upload under that id and the uploader's user id (the
 * pipeline driver's ProgressPort: Redis, so any replica can answer) and updates it as the upload moves:
 * receiving the body → checking and storing the files → in the pipeline (then which stages are done is read from the
 * stage results, which the OCR worker writes page by page). The record is removed when the POST is answered.
 *
 * Reading it needs the same user: the record's key holds the user id, so another account's request finds nothing
 * and gets the same 204 (nothing in progress) as an unknown id. Writes are best effort: a progress record that could not be written never
 * fails an upload, it only leaves the bar where it was.
 */
import type { FastifyBaseLogger } from 'fastify';
import { progressIdSchema, type UploadProgressReply, type UploadStage } from '@snapnotes/contracts';
import type { ProgressPort, StagesDone } from '@snapnotes/queue';

/** What the upload service tells about one upload. */
export interface ProgressReporter {
  /** The body is read: `pages` files are being checked and stored. */
  checking(pages: number): void;
  /** The upload is in the pipeline under `uploadId`. */
  pipeline(uploadId: string, pages: number): void;
  /** The POST is being answered: the record goes. */
  end(): Promise<void>;
}

const NO_REPORTER: ProgressReporter = { checking() {}, pipeline() {}, end: async () => {} };

/** The upload's stage from the stages done (moderation and OCR run side by side; summarise waits for both). */
export function pipelineStage(done: StagesDone, pages: number): UploadStage {
  if (done.summary) return 'saving';
  if (done.pagesRead >= pages) return done.moderation ? 'summarising' : 'processing';
  if (done.pagesRead > 0 || done.moderation) return 'reading';
  return 'checking';
}

export class UploadProgressTracker {
  constructor(
    private readonly port: ProgressPort | undefined,
    /** How long a record outlives its last write (a gateway that died leaves none for long). */
    private readonly ttlMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  private key(userId: number, progressId: string): string {
    return `${userId}:${progressId}`;
  }

  /** A reporter for one upload; one that reports nothing without a valid id or a driver that keeps progress. */
  start(userId: number, progressId: string | undefined): ProgressReporter {
    const { port } = this;
    if (!port || !progressIdSchema.safeParse(progressId).success) return NO_REPORTER;
    const key = this.key(userId, progressId!);
    // Writes in order, each after the one before, so a slow first write cannot land after a later one.
    let last: Promise<void> = Promise.resolve();
    let ended = false;
    const write = (value: Record<string, string>) => {
      if (ended) return;
      last = last
        .then(() => port.write(key, value, this.ttlMs))
        .catch((err: unknown) => this.log.debug({ err: (err as Error).message }, 'upload progress not written'));
    };
    write({ stage: 'receiving', pages: '0' });
    return {
      checking: (pages) => write({ stage: 'checking', pages: String(pages) }),
      pipeline: (uploadId, pages) => write({ stage: 'pipeline', pages: String(pages), uploadId }),
      end: async () => {
        ended = true;
        await last;
        await port.remove(key).catch((err: unknown) => {
          this.log.debug({ err: (err as Error).message }, 'upload progress not removed');
        });
      },
    };
  }

  /** Where the caller's upload is, or null (unknown id, someone else's, already answered). */
  async read(userId: number, progressId: string): Promise<UploadProgressReply | null> {
    if (!this.port || !progressIdSchema.safeParse(progressId).success) return null;
    const record = await this.port.read(this.key(userId, progressId));
    if (!record) return null;
    const pages = Number(record.pages) || 0;
    if (record.stage === 'pipeline' && record.uploadId) {
      const done = await this.port.stagesDone(record.uploadId);
      // Out of the pipeline: the note is written and the reply is on its way (a failure's reply is too).
      if (!done) return { stage: 'saving', pagesRead: pages, pages };
      return { stage: pipelineStage(done, pages), pagesRead: Math.min(done.pagesRead, pages), pages };
    }
    return { stage: record.stage === 'checking' ? 'checking' : 'receiving', pagesRead: 0, pages };
  }
}
