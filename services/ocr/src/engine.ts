/**
 * A pool of warm tesseract.js workers (DESIGN §4): each worker costs ~150 MB and ~300 ms to start, so a few are kept
 * alive and requests queue (FIFO) for a free one. Language data comes from local files only, never from a CDN.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Logger, OcrEngine, OcrRecognition } from '@snapnotes/contracts';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';

const { createWorker, OEM } = Tesseract;

/** The npm data folder with LSTM-only models (the default `4.0.0` folder carries the legacy engine too). */
const NPM_DATA_FOLDER = '4.0.0_best_int';
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
}

/** A box in pixels of the recognised image. */
interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface OcrWord {
  text: string;
  confidence: number;
  /** The word's box in pixels of the recognised image (absent for engines that give none). */
  left?: number;
  top?: number;
  width?: number;
  height?: number;
}

export interface OcrLine {
  text: string;
  words: OcrWord[];
  /** Mean word confidence of the line, 0–100. */
  confidence: number;
  /** Height of the line's box in pixels of the recognised image. */
  height: number;
  /** The rest of the line's box (absent for paragraph breaks and engines that give none). */
  left?: number;
  top?: number;
  width?: number;
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

interface LanguageData {
  langPath: string;
  gzip: boolean;
  /** Each language's file, checked (checkTraineddata) the first time a worker loads it. */
  files: Map<string, string>;
  /** Temporary folder to remove on close. */
  tempDir?: string;
}

/** Every `@tesseract.js-data/<lang>` package visible from this module, the way Node resolves packages. */
function npmLanguagesAvailable(): string[] {
  const found = new Set<string>();
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const scope = path.join(dir, 'node_modules', '@tesseract.js-data');
    if (existsSync(scope)) for (const name of readdirSync(scope)) found.add(name);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return [...found].sort();
}

function npmLanguageFile(lang: string): string | null {
  try {
    const require = createRequire(import.meta.url);
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const file = path.join(pkg, NPM_DATA_FOLDER, `${lang}.traineddata.gz`);
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/** Index of the LSTM model in a .traineddata file's table of contents (tesseract's TESSDATA_LSTM). */
const TESSDATA_LSTM = 17;
const TESSDATA_MAX_ENTRIES = 64;

/**
 * Checks a .traineddata file's table of contents (int32 entry count, then int64 offsets, -1 for absent parts)
 * and that it holds an LSTM model. tesseract.js cannot survive bad data: a failed initialisation answers both
 * "reject" and "resolve", and the second answer throws an uncaught TypeError in the main thread.
 */
function checkTraineddata(file: string, gzip: boolean): void {
  const bytes = gzip ? gunzipSync(readFileSync(file)) : readFileSync(file);
  const fail = (why: string) => {
    throw new Error(`OCR language data ${file} is not a usable .traineddata file: ${why}`);
  };
  if (bytes.length < 4) fail('too short');
  const entries = bytes.readInt32LE(0);
  if (entries <= TESSDATA_LSTM || entries > TESSDATA_MAX_ENTRIES || bytes.length < 4 + 8 * entries) {
    fail(`bad table of contents (${entries} entries)`);
  }
  let last = 4 + 8 * entries - 1;
  for (let i = 0; i < entries; i++) {
    const offset = Number(bytes.readBigInt64LE(4 + 8 * i));
    if (offset === -1) continue;
    if (offset <= last || offset >= bytes.length) fail(`entry ${i} has an impossible offset`);
    last = offset;
  }
  if (Number(bytes.readBigInt64LE(4 + 8 * TESSDATA_LSTM)) === -1) fail('it has no LSTM model (legacy-only data)');
}

/**
 * Checks every language's file exists before any worker starts (a missing file makes createWorker hang). Whether a
 * file is sound (a bad one crashes the process) is checked when a worker first needs it: languages are loaded
 * lazily, so seven languages cost nothing until a page in one of them arrives.
 */
async function resolveLanguageData(languages: string[], tessdataDir: string | undefined): Promise<LanguageData> {
  if (tessdataDir !== undefined) {
    if (!existsSync(tessdataDir) || !statSync(tessdataDir).isDirectory()) {
      throw new Error(`OCR tessdata folder not found: ${tessdataDir}`);
    }
    const available = readdirSync(tessdataDir)
      .filter((f) => f.endsWith('.traineddata'))
      .map((f) => f.slice(0, -'.traineddata'.length))
      .sort();
    for (const lang of languages) {
      if (!available.includes(lang)) {
        throw new Error(
          `No OCR language data for "${lang}" in ${tessdataDir} (expected ${lang}.traineddata); available: ${available.join(', ') || '(none)'}`,
        );
      }
    }
    const files = new Map(languages.map((lang) => [lang, path.join(tessdataDir, `${lang}.traineddata`)]));
    return { langPath: tessdataDir, gzip: false, files };
  }
  const files = new Map<string, string>();
  for (const lang of languages) {
    const file = npmLanguageFile(lang);
    if (!file) {
      throw new Error(
        `No OCR language data for "${lang}": install @tesseract.js-data/${lang} or set a tessdata folder; available: ${npmLanguagesAvailable().join(', ') || '(none)'}`,
      );
    }
    files.set(lang, file);
  }
  // tesseract.js reads every language of a request from one folder: link the packages' files into a temp folder.
  const tempDir = await mkdtemp(path.join(tmpdir(), 'snapnotes-tessdata-'));
  for (const [lang, file] of files) await symlink(file, path.join(tempDir, `${lang}.traineddata.gz`));
  return { langPath: tempDir, gzip: true, tempDir, files };
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

/** Rebuilds lines (with confidences and heights) from tesseract's TSV output: level 4 = line, level 5 = word. */
export function linesFromTsv(tsv: string): OcrLine[] {
  const lines: OcrLine[] = [];
  let current: { para: string; words: OcrWord[]; box: Box } | null = null;
  let lastPara: string | null = null;
  const flush = () => {
    if (current && current.words.length > 0) {
      if (lastPara !== null && current.para !== lastPara)
        lines.push({ text: '', words: [], confidence: 100, height: 0 });
      const { words, box } = current;
      const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
      lines.push({ text: words.map((w) => w.text).join(' '), words, confidence, ...box });
      lastPara = current.para;
    }
    current = null;
  };
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols.length < 12) continue;
    const [level, , block, par, , , left, top, width, height, conf] = cols;
    const text = cols.slice(11).join('\t');
    const box = { left: Number(left), top: Number(top), width: Number(width), height: Number(height) };
    if (level === '4') {
      flush();
      current = { para: `${block}.${par}`, words: [], box };
    } else if (level === '5' && current && text.trim() !== '') {
      current.words.push({ text: text.trim(), confidence: Math.max(0, Number(conf)), ...box });
    }
  }
  flush();
  return lines;
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
    },

    stats(): EngineStats {
      return {
        poolSize,
        workersStarted,
        workers: slots.length,
        busy: slots.filter((s) => s.busy).length,
        queued: queue.length,
        jobsPerWorker: Object.fromEntries(slots.map((s) => [s.id, s.jobs])),
      };
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
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
