/**
 * A pool of warm tesseract.js workers (DESIGN §4): each worker costs ~150 MB and ~300 ms to start, so a few are kept
 * alive and requests queue (FIFO) for a free one. Language data comes from local files only, never from a CDN.
 */
import { rm } from 'node:fs/promises';
import type { Logger, OcrEngine, OcrRecognition } from '@snapnotes/contracts';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { checkTraineddata, resolveLanguageData } from './tesseract-data.js';
import { linesFromTsv, type OcrLine } from './tesseract-lines.js';

const { createWorker, OEM } = Tesseract;

const LANGUAGE_CODE = /^[a-z][a-z0-9_]{1,15}$/;

/**
 * Parameters set on every worker (and again after a language switch, which re-creates tesseract's API).
 * Sauvola thresholding: the default (Otsu) fails on photos of pages and dark mode (DESIGN §4).
 * PSM 6 (a single uniform block) is tesseract.js's default and measured best here.
 */
const WORKER_PARAMETERS: Partial<Tesseract.WorkerParams> = {
  thresholding_method: '2',
  tessedit_pageseg_mode: Tesseract.PSM.SINGLE_BLOCK,
};

export interface TesseractEngineOptions {
  /** Languages this engine can read (tesseract codes such as 'eng', 'fra'); a request may combine them. */
  languages: string[];
  /** Number of workers kept alive; requests beyond it wait in a FIFO queue. */
  poolSize: number;
  /** A folder of plain `<lang>.traineddata` files (e.g. Debian's /usr/share/tesseract-ocr/5/tessdata); default: npm data. */
  tessdataDir?: string;
  logger: Logger;
  /** Languages new workers start with (default: the first language). */
  warmLanguages?: string[];
  /** Limit for starting one worker (default 30 s); `createWorker` hangs forever on unreadable data. */
  startTimeoutMs?: number;
  /** Limit for one recognition (default 120 s); the worker is replaced when it is exceeded. */
  recognizeTimeoutMs?: number;
  /**
   * After this long with no recognition running or waiting, every worker is ended (about 80 MB each with English
   * loaded) and the next request starts one again (≈ 0.3 s). 0 (default): workers live as long as the engine.
   */
  idleMs?: number;
}

export interface TesseractRecognition extends OcrRecognition {
  /** Recognised lines in reading order; an empty line separates paragraphs (confidence 100, height 0). */
  lines: OcrLine[];
}

export interface EngineStats {
  poolSize: number;
  /** Workers started over the engine's life (replacements included). */
  workersStarted: number;
  /** Workers alive now. */
  workers: number;
  busy: number;
  queued: number;
  /** Recognitions completed per live worker id. */
  jobsPerWorker: Record<number, number>;
  /** Times the pool was emptied after an idle period (TesseractEngineOptions.idleMs). */
  idleReleases: number;
}

export interface TesseractEngine extends OcrEngine {
  readonly languages: readonly string[];
  recognize(image: Buffer, languages: string[]): Promise<TesseractRecognition>;
  /** Starts every worker of the pool now, so the first requests do not pay the start-up cost. */
  warm(): Promise<void>;
  stats(): EngineStats;
}

export class UnsupportedLanguageError extends Error {
  /** A missing language file stays missing: the queue must not retry. */
  readonly retryable = false;
  constructor(
    readonly language: string,
    readonly available: readonly string[],
  ) {
    super(`OCR language "${language}" is not available; available: ${available.join(', ') || '(none)'}`);
    this.name = 'UnsupportedLanguageError';
  }
}

export class EngineClosedError extends Error {
  constructor() {
    super('The OCR engine is closed');
    this.name = 'EngineClosedError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    // A pending limit must not keep a process alive that is otherwise done (e.g. after close()).
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

let primePng: Promise<Buffer> | undefined;
/** A small image of a few words, to run one recognition on a new worker. */
function primeImage(): Promise<Buffer> {
  primePng ??= sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="48"><rect width="100%" height="100%" fill="#fff"/>' +
        '<text x="10" y="32" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#000">Warm up 0123</text></svg>',
    ),
  )
    .png()
    .toBuffer();
  return primePng;
}

interface Slot {
  id: number;
  worker: Tesseract.Worker;
  langs: string;
  jobs: number;
  busy: boolean;
  current?: Request;
}

interface Request {
  image: Buffer;
  langs: string;
  resolve: (r: TesseractRecognition) => void;
  reject: (e: unknown) => void;
}

export async function createTesseractEngine(options: TesseractEngineOptions): Promise<TesseractEngine> {
  const { languages, poolSize, tessdataDir, logger } = options;
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  const recognizeTimeoutMs = options.recognizeTimeoutMs ?? 120_000;
  if (!Array.isArray(languages) || languages.length === 0) throw new Error('OCR engine: languages must not be empty');
  for (const lang of languages) {
    if (!LANGUAGE_CODE.test(lang)) throw new Error(`OCR engine: "${lang}" is not a tesseract language code`);
  }
  if (!Number.isInteger(poolSize) || poolSize < 1 || poolSize > 32) {
    throw new Error(`OCR engine: poolSize must be an integer from 1 to 32, got ${poolSize}`);
  }
  const available = [...new Set(languages)];
  const warmLanguages = options.warmLanguages ?? [available[0]!];
  const data = await resolveLanguageData(available, tessdataDir);
  const log = logger.child({ component: 'ocr-engine' });

  const slots: Slot[] = [];
  const queue: Request[] = [];
  const starting = new Set<Promise<unknown>>();
  let workersStarted = 0;
  let nextId = 1;
  let closed = false;
  const idleMs = options.idleMs ?? 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let idleReleases = 0;

  /** Starts the idle period when nothing runs, waits or starts; ends every worker when it runs out. */
  function armIdle(): void {
    clearTimeout(idleTimer);
    if (idleMs <= 0 || closed || slots.length === 0) return;
    if (queue.length > 0 || starting.size > 0 || slots.some((s) => s.busy)) return;
    idleTimer = setTimeout(() => {
      if (closed || queue.length > 0 || starting.size > 0 || slots.some((s) => s.busy)) return;
      const idle = slots.splice(0);
      idleReleases++;
      log.info({ workers: idle.length, idleMs }, 'OCR workers released after an idle period');
      for (const slot of idle) void slot.worker.terminate().catch(() => {});
    }, idleMs);
    // The idle period must not keep a process alive that is otherwise done.
    idleTimer.unref();
  }

  const checked = new Set<string>();
  /** Checks the data of a language key's languages the first time a worker loads them. */
  function checkLanguages(langs: string): void {
    for (const lang of langs.split('+')) {
      if (checked.has(lang)) continue;
      checkTraineddata(data.files.get(lang)!, data.gzip);
      checked.add(lang);
    }
  }

  function languageKey(requested: string[]): string {
    if (!Array.isArray(requested) || requested.length === 0) throw new Error('OCR: at least one language is required');
    for (const lang of requested) if (!available.includes(lang)) throw new UnsupportedLanguageError(lang, available);
    return [...new Set(requested)].join('+');
  }

  async function startWorker(langs: string, prime = false): Promise<Slot> {
    const id = nextId++;
    const started = Date.now();
    let startFailed: ((err: Error) => void) | undefined;
    const failure = new Promise<never>((_, reject) => {
      startFailed = reject;
    });
    const pending = createWorker(langs, OEM.LSTM_ONLY, {
      langPath: data.langPath,
      gzip: data.gzip,
      cacheMethod: 'none',
      // Without an errorHandler a failed job also throws an uncaught exception; the job's promise rejects anyway.
      // During start-up tesseract.js swallows the failure and never settles: fail the start from here instead.
      errorHandler: (err: unknown) => {
        if (startFailed)
          startFailed(new Error(`OCR worker failed to start (${String(err)}); is the language data valid?`));
        else log.warn({ workerId: id, err: String(err) }, 'tesseract worker reported an error');
      },
    });
    let worker: Tesseract.Worker;
    try {
      worker = await withTimeout(
        Promise.race([pending, failure]),
        startTimeoutMs,
        `OCR worker did not start within ${startTimeoutMs} ms`,
      );
    } catch (err) {
      // If it starts after all, do not leak its thread. (A start that never settles keeps its thread until exit.)
      pending.then((w) => w.terminate()).catch(() => {});
      log.error({ workerId: id, langs, err: (err as Error).message }, 'OCR worker failed to start');
      throw err;
    } finally {
      startFailed = undefined;
    }
    try {
      await worker.setParameters(WORKER_PARAMETERS);
      // The first recognition of a fresh worker is much slower than the next ones: pay it before real work.
      if (prime) await worker.recognize(await primeImage());
    } catch (err) {
      await worker.terminate().catch(() => {});
      throw err instanceof Error ? err : new Error(`OCR worker set-up failed: ${String(err)}`);
    }
    workersStarted++;
    log.debug({ workerId: id, langs, ms: Date.now() - started }, 'OCR worker started');
    return { id, worker, langs, jobs: 0, busy: false };
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    starting.add(promise);
    const done = () => starting.delete(promise);
    promise.then(done, done);
    return promise;
  }

  function addSlot(slot: Slot): boolean {
    if (closed) {
      void slot.worker.terminate();
      return false;
    }
    slots.push(slot);
    return true;
  }

  async function retire(slot: Slot): Promise<void> {
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    await slot.worker.terminate().catch(() => {});
  }

  async function run(slot: Slot, req: Request): Promise<void> {
    slot.current = req;
    try {
      if (slot.langs !== req.langs) {
        // Re-initialising re-creates tesseract's API, which forgets parameters: set them again.
        await slot.worker.reinitialize(req.langs, OEM.LSTM_ONLY);
        await slot.worker.setParameters(WORKER_PARAMETERS);
        slot.langs = req.langs;
      }
      const { data: page } = await withTimeout(
        slot.worker.recognize(req.image, {}, { text: true, tsv: true }),
        recognizeTimeoutMs,
        `OCR recognition did not finish within ${recognizeTimeoutMs} ms`,
      );
      slot.jobs++;
      req.resolve({ text: page.text ?? '', confidence: page.confidence ?? 0, lines: linesFromTsv(page.tsv ?? '') });
    } catch (err) {
      // The worker may be broken (timeout, crashed thread): replace it rather than reuse it.
      log.warn(
        { workerId: slot.id, err: err instanceof Error ? err.message : String(err) },
        'OCR job failed; replacing worker',
      );
      await retire(slot);
      req.reject(err instanceof Error ? err : new Error(`OCR failed: ${String(err)}`));
    } finally {
      slot.current = undefined;
      slot.busy = false;
      pump();
      armIdle();
    }
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const req = queue[0]!;
      const capacity = poolSize - slots.length - starting.size;
      const slot =
        slots.find((s) => !s.busy && s.langs === req.langs) ?? (capacity > 0 ? undefined : slots.find((s) => !s.busy));
      if (slot) {
        queue.shift();
        slot.busy = true;
        void run(slot, req);
      } else if (capacity > 0) {
        queue.shift();
        track(startWorker(req.langs)).then(
          (s) => {
            if (!addSlot(s)) return req.reject(new EngineClosedError());
            s.busy = true;
            void run(s, req);
          },
          (err) => {
            req.reject(err);
            pump();
          },
        );
      } else {
        break;
      }
    }
  }

  return {
    languages: available,

    recognize(image: Buffer, requested: string[]): Promise<TesseractRecognition> {
      if (closed) return Promise.reject(new EngineClosedError());
      let langs: string;
      try {
        langs = languageKey(requested);
        checkLanguages(langs);
      } catch (err) {
        return Promise.reject(err);
      }
      if (!Buffer.isBuffer(image) || image.length === 0) {
        return Promise.reject(new Error('OCR: image must be a non-empty Buffer'));
      }
      clearTimeout(idleTimer);
      return new Promise<TesseractRecognition>((resolve, reject) => {
        queue.push({ image, langs, resolve, reject });
        pump();
      });
    },

    async warm(): Promise<void> {
      if (closed) throw new EngineClosedError();
      const langs = languageKey(warmLanguages);
      checkLanguages(langs);
      const starts: Promise<void>[] = [];
      for (let i = slots.length + starting.size; i < poolSize; i++) {
        starts.push(
          track(startWorker(langs, true)).then((s) => {
            if (addSlot(s)) pump();
          }),
        );
      }
      await Promise.all(starts);
      armIdle();
    },

    stats(): EngineStats {
      return {
        poolSize,
        workersStarted,
        workers: slots.length,
        busy: slots.filter((s) => s.busy).length,
        queued: queue.length,
        jobsPerWorker: Object.fromEntries(slots.map((s) => [s.id, s.jobs])),
        idleReleases,
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearTimeout(idleTimer);
      for (const req of queue.splice(0)) req.reject(new EngineClosedError());
      // Workers still starting are terminated by addSlot when they arrive.
      await Promise.allSettled([...starting]);
      const all = slots.splice(0);
      for (const slot of all) slot.current?.reject(new EngineClosedError());
      await Promise.all(all.map((s) => s.worker.terminate().catch(() => {})));
      if (data.tempDir) await rm(data.tempDir, { recursive: true, force: true });
      log.debug({ workersStarted }, 'OCR engine closed');
    },
  };
}
