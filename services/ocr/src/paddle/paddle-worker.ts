/**
 * Worker thread of the PaddleOCR pool (pool.ts): one task = one encoded image in, its text lines' boxes (and their
 * text) out. The models are loaded on the thread's first task, not when the thread starts; a failed load (a
 * missing model file) fails that task only, and the next task tries again.
 */
import { performance } from 'node:perf_hooks';
import { workerData } from 'node:worker_threads';
import { decodeRgb } from './image.js';
import { loadModels, type PaddleModels } from './models.js';
import type { PaddleLine, PaddleTask, PaddleTaskResult, PaddleWorkerConfig } from './types.js';

const config = workerData as PaddleWorkerConfig;
let models: Promise<PaddleModels> | undefined;

async function warmModels(): Promise<{ models: PaddleModels; loadMs?: number }> {
  if (models) return { models: await models };
  const start = performance.now();
  models = loadModels(config.models);
  try {
    return { models: await models, loadMs: Math.round(performance.now() - start) };
  } catch (err) {
    models = undefined;
    throw err;
  }
}

export default async function run(task: PaddleTask): Promise<PaddleTaskResult> {
  const t0 = performance.now();
  const img = await decodeRgb(task.image);
  const t1 = performance.now();
  const { models: m, loadMs } = await warmModels();
  const t2 = performance.now();
  const found = await m.detect(img, config.detMaxSide);
  const t3 = performance.now();
  let lines: PaddleLine[] | undefined;
  if (task.kind === 'recognize') {
    const decoded = await m.recognize(img, found);
    lines = [];
    decoded.forEach((d, i) => {
      const text = d.text.trim();
      const confidence = Math.round(d.confidence * 1000) / 10;
      if (text && confidence >= config.minConfidence) lines!.push({ text, confidence, box: found[i]!.box });
    });
  }
  const t4 = performance.now();
  const ms = (a: number, b: number) => Math.round(b - a);
  return {
    boxes: found.map((f) => f.box),
    lines,
    loadMs,
    ms: { decode: ms(t0, t1), detect: ms(t2, t3), recognize: lines ? ms(t3, t4) : 0 },
    width: img.width,
    height: img.height,
  };
}
