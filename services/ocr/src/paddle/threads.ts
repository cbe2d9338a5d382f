/**
 * The PP-OCRv4 worker threads themselves (piscina), as the PaddleOCR host process (host.ts) runs them: one image at a
 * time per thread, each thread loading the models on its first task.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PaddleTask, PaddleTaskResult, PaddleWorkerConfig } from './types.js';

/** Built code ships paddle-worker.js beside the bundle; from sources the .ts worker is loaded through tsx. */
function workerFile(): string {
  const built = new URL('./paddle-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built.href;
  return new URL('./paddle-worker.dev.mjs', import.meta.url).href;
}

export function createPaddleThreads(
  threads: number,
  config: PaddleWorkerConfig,
  closeTimeoutMs: number,
): Piscina<PaddleTask, PaddleTaskResult> {
  // Threads stay alive as long as the host: each holds its loaded models.
  return new Piscina<PaddleTask, PaddleTaskResult>({
    filename: workerFile(),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    atomics: 'async',
    workerData: config,
    // close() waits this long for the images being read, then ends the threads anyway.
    closeTimeout: closeTimeoutMs,
  });
}
