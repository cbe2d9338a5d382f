/**
 * Local image moderation: nsfwjs 4 (MobileNetV2, bundled inside the npm package, no network) on the
 * TensorFlow.js wasm backend (DESIGN §4: ~0.3 s to load, ~55 ms per 224×224 image).
 *
 * Decision rule (per image, probabilities of nsfwjs's five classes sum to 1):
 *   - flagged when Porn + Hentai ≥ threshold (MODERATION_NSFW_THRESHOLD, default 0.7): both are explicit;
 *   - or when Sexy ≥ sexyThreshold (default max(threshold, 0.9)): "Sexy" covers swimwear, lingerie and
 *     suggestive but not explicit pictures, which are far more often false positives on ordinary photos,
 *     so it needs a much higher bar to flag on its own.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { ImageModerator, ImageVerdict, Logger } from '@snapnotes/contracts';
import { NSFW_INPUT_SIZE, type NsfwClass, type NsfwScores } from './nsfw-types.js';

export { NSFW_INPUT_SIZE, type NsfwClass, type NsfwScores };
export const DEFAULT_SEXY_THRESHOLD = 0.9;

export interface NsfwImageModerator extends ImageModerator {
  /** Raw class probabilities for one image (for logs, tuning and tests). */
  scores(image: Buffer): Promise<NsfwScores>;
  /** TensorFlow.js memory inside the classifier thread (none while it is not running). */
  memory(): Promise<{ numTensors: number; numBytes: number }>;
  /** The TensorFlow.js backend ('wasm'), or 'not loaded' before the first image (unless preloaded). */
  readonly backend: string;
  /** Whether the classifier thread is running (or starting) now. */
  loaded(): boolean;
  /** Times the thread was ended after an idle period (NsfwModeratorOptions.idleMs). */
  releases(): number;
  /** Stops the classifier thread. */
  close(): Promise<void>;
}

export interface NsfwModeratorOptions {
  /** 0 < threshold ≤ 1: Porn + Hentai at or above it flags the image. */
  threshold: number;
  /** Sexy alone at or above it flags the image; default max(threshold, 0.9). */
  sexyThreshold?: number;
  logger: Logger;
  /**
   * When > 0, the classifier thread ends after this long without an image (the next image starts it again, ≈ 0.5 s).
   * 0 (default): once started it lives until the last moderator closes. The process's single thread keeps the idle
   * period of the moderator that started it.
   */
  idleMs?: number;
  /**
   * Load the model now, so that a broken install fails here rather than at the first image. Default false: the thread
   * starts with the first image (it holds ~170 MB that an idle server does not need; docs/PERFORMANCE.md, "Memory").
   */
  preload?: boolean;
}

/** An image that sharp cannot decode (corrupt, truncated, or not an image at all). */
/** Names the image by its label ("Image 2"), never its file name: the message reaches job logs. */
export class ImageDecodeError extends Error {
  constructor(label: string, cause: unknown) {
    super(`${label} could not be decoded: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'ImageDecodeError';
  }
}

/**
 * The model runs in a worker thread (see nsfw-model.ts for why). Built code ships nsfw-worker.js beside this module;
 * from TypeScript sources (development, tests) the worker is the .ts file, loaded through tsx (a devDependency).
 */
function startWorker(): Worker {
  const js = new URL('./nsfw-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return new Worker(js);
  // Node 20 does not apply --import loaders inside worker threads, so the TypeScript source is loaded with tsx's API.
  const tsx = import.meta.resolve('tsx/esm/api');
  const ts = new URL('./nsfw-worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((m) => m.tsImport(${JSON.stringify(ts)}, ${JSON.stringify(tsx)}))`,
    {
      eval: true,
    },
  );
}

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

/** Starts the classifier thread and waits until its model has loaded. */
async function startClassifierThread(logger: Logger) {
  const started = performance.now();
  const worker = startWorker();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | undefined;
  const failAll = (err: Error) => {
    failure = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const backend = await new Promise<string>((resolve, reject) => {
    const onMessage = (msg: { type?: string; backend?: string; error?: string }) => {
      if (msg.type === 'ready') {
        worker.off('message', onMessage);
        resolve(msg.backend ?? 'unknown');
      } else if (msg.type === 'failed') {
        reject(new Error(`nsfwjs model failed to load: ${msg.error}`));
      }
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`nsfwjs classifier thread exited with code ${code} while loading`)));
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  worker.on('message', (msg: { id: number; ok: boolean; value?: unknown; error?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.ok) p.resolve(msg.value);
    else p.reject(new Error(`nsfwjs classification failed: ${msg.error}`));
  });
  worker.on('error', (err) => {
    logger.error({ err }, 'nsfwjs classifier thread crashed');
    failAll(err);
  });
  worker.on('exit', (code) => failAll(new Error(`nsfwjs classifier thread exited (code ${code})`)));
  // The thread must not keep the process alive on its own.
  worker.unref();
  logger.info({ backend, loadMs: Math.round(performance.now() - started) }, 'nsfwjs MobileNetV2 model loaded');

  function call<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, ...message }, transfer);
    });
  }
  return {
    backend,
    classify: (pixels: Uint8Array) => call<NsfwScores>({ type: 'classify', pixels }, [pixels.buffer as ArrayBuffer]),
    memory: () => call<{ numTensors: number; numBytes: number }>({ type: 'memory' }),
    close: async () => {
      worker.removeAllListeners('exit');
      failAll(new Error('nsfwjs classifier closed'));
      await worker.terminate();
    },
  };
}

type ClassifierThread = Awaited<ReturnType<typeof startClassifierThread>>;

/**
 * One classifier thread per process, shared by every moderator; the last close() stops it. It starts on the first
 * image (or at once when preloaded) and, with an idle period, ends after that long without one (the thread holds the
 * model's weights and TensorFlow.js's wasm heap, ~170 MB, all given back when it ends); the next image starts it again.
 */
interface SharedClassifier {
  users: number;
  thread?: Promise<ClassifierThread>;
  busy: number;
  idleMs: number;
  idleTimer?: NodeJS.Timeout;
  releases: number;
  logger: Logger;
}
let shared: SharedClassifier | undefined;

function threadOf(entry: SharedClassifier): Promise<ClassifierThread> {
  if (!entry.thread) {
    const thread = startClassifierThread(entry.logger);
    entry.thread = thread;
    thread.catch(() => {
      if (entry.thread === thread) entry.thread = undefined; // a failed load is retried by the next caller
    });
  }
  return entry.thread;
}

function armIdle(entry: SharedClassifier): void {
  clearTimeout(entry.idleTimer);
  if (entry.idleMs <= 0 || entry.busy > 0 || !entry.thread) return;
  const thread = entry.thread;
  entry.idleTimer = setTimeout(() => {
    if (entry.busy > 0 || entry.thread !== thread) return;
    entry.thread = undefined;
    entry.releases += 1;
    entry.logger.info({ idleMs: entry.idleMs }, 'nsfwjs classifier released after an idle period');
    void thread.then((t) => t.close()).catch(() => {});
  }, entry.idleMs);
  entry.idleTimer.unref();
}

/** Runs one call on the classifier thread, starting it when it is not running; the idle period starts after. */
async function withThread<T>(entry: SharedClassifier, use: (thread: ClassifierThread) => Promise<T>): Promise<T> {
  clearTimeout(entry.idleTimer);
  entry.busy += 1;
  try {
    return await use(await threadOf(entry));
  } finally {
    entry.busy -= 1;
    armIdle(entry);
  }
}

function acquire(logger: Logger, idleMs: number): { entry: SharedClassifier; release: () => Promise<void> } {
  shared ??= { users: 0, busy: 0, idleMs, releases: 0, logger };
  const entry = shared;
  entry.users += 1;
  let released = false;
  return {
    entry,
    release: async () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users === 0 && shared === entry) {
        shared = undefined;
        clearTimeout(entry.idleTimer);
        const thread = entry.thread;
        entry.thread = undefined;
        await thread?.then((t) => t.close()).catch(() => {});
      }
    },
  };
}

/** Decodes any sharp-readable image to 224×224 RGB bytes (EXIF-rotated, transparency flattened onto white). */
export async function decodeForNsfw(image: Buffer, label = 'The image'): Promise<Uint8Array> {
  try {
    const { data, info } = await sharp(image, { failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 || data.length !== NSFW_INPUT_SIZE * NSFW_INPUT_SIZE * 3) {
      throw new Error(`unexpected decoded layout: ${info.width}×${info.height}×${info.channels}`);
    }
    // A fresh copy so its buffer can be transferred to the classifier thread.
    return Uint8Array.from(data);
  } catch (err) {
    throw new ImageDecodeError(label, err);
  }
}

function checkThreshold(name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0 || value > 1) {
    throw new RangeError(`${name} must be a number in (0, 1], got ${String(value)}`);
  }
}

export async function createNsfwImageModerator(opts: NsfwModeratorOptions): Promise<NsfwImageModerator> {
  checkThreshold('NSFW threshold', opts.threshold);
  const sexyThreshold = opts.sexyThreshold ?? Math.max(opts.threshold, DEFAULT_SEXY_THRESHOLD);
  checkThreshold('NSFW sexy threshold', sexyThreshold);
  const logger = opts.logger.child({ moderator: 'nsfwjs' });
  const idleMs = opts.idleMs ?? 0;
  const { entry, release } = acquire(logger, idleMs);
  let backend = 'not loaded';
  if (opts.preload) {
    // Asked for at once: a broken install fails the start rather than the first upload.
    try {
      backend = (await threadOf(entry)).backend;
    } catch (err) {
      await release();
      throw err;
    }
  }

  async function scores(image: Buffer, label = 'The image'): Promise<NsfwScores> {
    const pixels = await decodeForNsfw(image, label);
    return withThread(entry, async (thread) => {
      backend = thread.backend;
      return thread.classify(pixels);
    });
  }

  return {
    name: 'nsfwjs',
    get backend() {
      return backend;
    },
    loaded: () => entry.thread !== undefined,
    releases: () => entry.releases,
    // A released classifier holds no tensors: asking does not start it.
    memory: async () =>
      entry.thread ? withThread(entry, (thread) => thread.memory()) : { numTensors: 0, numBytes: 0 },
    close: release,
    scores: (image) => scores(image),
    async classify(image: Buffer, label: string): Promise<ImageVerdict> {
      const s = await scores(image, label);
      const explicit = s.Porn + s.Hentai;
      let verdict: ImageVerdict = { flagged: false };
      if (explicit >= opts.threshold) {
        const top: NsfwClass = s.Porn >= s.Hentai ? 'Porn' : 'Hentai';
        verdict = { flagged: true, reason: `nsfw:${top} ${explicit.toFixed(2)}` };
      } else if (s.Sexy >= sexyThreshold) {
        verdict = { flagged: true, reason: `nsfw:Sexy ${s.Sexy.toFixed(2)}` };
      }
      logger.debug(
        {
          flagged: verdict.flagged,
          scores: Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Number(v.toFixed(3))])),
        },
        'image classified',
      );
      return verdict;
    },
  };
}
