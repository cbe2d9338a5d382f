/**
 * A pool of worker threads for the pixel analysis of OCR preparation (analysis.ts), on piscina. The decode stays
 * with sharp (already off the event loop); the layout analysis, pure JavaScript taking 30–150 ms a screenshot, runs
 * here. On the main thread it stalled every other request of the process for that long, and its temporary arrays
 * (tens of MB a screenshot) made the main thread's garbage collector work through the whole service's heap.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { GreyAnalyser, GreyAnalysis } from './analysis.js';
import type { AnalysisTask } from './analysis-worker.js';

export interface AnalysisPool {
  analyse: GreyAnalyser;
  /** Threads alive now. */
  threads(): number;
  close(): Promise<void>;
}

/** Built code ships analysis-worker.js beside this module; from sources the .ts worker is loaded through tsx. */
function workerFile(): string {
  const built = new URL('./analysis-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built.href;
  return new URL('./analysis-worker.dev.mjs', import.meta.url).href;
}

export interface AnalysisPoolOptions {
  threads: number;
  /**
   * Threads start on the first images (an idle server holds none) and end after this long without one (each holds
   * ~10–60 MB of heap after a few pages). 0 (default): once started they live as long as the pool.
   */
  idleMs?: number;
}

export function createAnalysisPool(opts: AnalysisPoolOptions): AnalysisPool {
  if (!Number.isInteger(opts.threads) || opts.threads < 1 || opts.threads > 32) {
    throw new RangeError(`createAnalysisPool: threads must be an integer from 1 to 32, got ${opts.threads}`);
  }
  // Threads stay alive while images come: a fresh thread would load the module and run the analysis unoptimised.
  const idleMs = opts.idleMs ?? 0;
  const pool = new Piscina<AnalysisTask, GreyAnalysis>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: opts.threads,
    idleTimeout: idleMs > 0 ? idleMs : Number.POSITIVE_INFINITY,
  });
  let closed = false;
  return {
    async analyse(grey, width, height, layout, options) {
      if (closed) throw new Error('The OCR analysis pool is closed');
      // A copy the worker can own (sharp's output buffer may not be transferable).
      const pixels = new Uint8Array(grey);
      const result = await pool.run({ pixels, width, height, layout, options }, { transferList: [pixels.buffer] });
      // Structured cloning turns the canvas Buffer into a plain Uint8Array: give it its Buffer view back.
      const canvas = result.screen?.pixels;
      if (result.screen && canvas && !Buffer.isBuffer(canvas)) {
        const view = canvas as Uint8Array;
        result.screen.pixels = Buffer.from(view.buffer, view.byteOffset, view.byteLength);
      }
      return result;
    },
    threads: () => pool.threads.length,
    async close() {
      if (closed) return;
      closed = true;
      await pool.destroy();
    },
  };
}
