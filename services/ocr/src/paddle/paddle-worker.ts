/**
 * Worker thread of the PaddleOCR pool (pool.ts): one task = one encoded image in, its text lines' boxes (and their
 * text) out. The models are loaded on the thread's first task, not when the thread starts; a failed load (a
 * missing model file) fails that task only, and the next task tries again.
 */
import { performance } from 'node:perf_hooks';
import { workerData } from 'node:worker_threads';
import type { DetectedLine } from './det.js';
import { decodeRgb, resizeRgb, type RgbImage } from './image.js';
import { loadModels, type PaddleModels } from './models.js';
import type { PaddleLine, PaddleTask, PaddleTaskResult, PaddleWorkerConfig, TextBox } from './types.js';

/**
 * Small text is read at a larger scale: when the detected lines' median height is under SMALL_LINE_PX, the image is
 * scaled up (Lanczos) so that it becomes about TARGET_LINE_PX, at most MAX_UPSCALE times, and detected and read
 * again. A detection box is about twice the x-height high: 13 px boxes are 6 px letters, which the detector splits
 * and misses and the recogniser, fed a blurry 48 px stretch of them, misreads ("Bldder" for "Bladder"). Measured on
 * the real-world corpus (tables cut from articles, scanned forms): tables 19.0% → 6.5% CER at 2×, forms 11.8% →
 * 9.3% at 1.5×; 3× read tables no better than 2× (7.3%).
 */
const SMALL_LINE_PX = 20;
const TARGET_LINE_PX = 26;
const MAX_UPSCALE = 3;
/** The upscaled image stays under this many pixels. */
const MAX_UPSCALED_PIXELS = 6_000_000;

/** The factor small text is scaled up by (1: it is large enough, or the image would grow too large). */
export function upscaleFor(lines: readonly DetectedLine[], width: number, height: number): number {
  if (lines.length === 0) return 1;
  const heights = lines.map((l) => l.box.height).sort((a, b) => a - b);
  const median = heights[heights.length >> 1]!;
  if (median >= SMALL_LINE_PX) return 1;
  const wanted = Math.min(MAX_UPSCALE, TARGET_LINE_PX / Math.max(1, median));
  const factor = Math.min(wanted, Math.sqrt(MAX_UPSCALED_PIXELS / (width * height)));
  return factor >= 1.2 ? factor : 1;
}

/** sharp's default filter, Lanczos 3. */
const upscale = (img: RgbImage, factor: number) =>
  resizeRgb(img, Math.round(img.width * factor), Math.round(img.height * factor));

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
  let found = await m.detect(img, config.detMaxSide);
  let scale = 1;
  let read = img;
  if (task.kind === 'recognize') {
    scale = upscaleFor(found, img.width, img.height);
    if (scale !== 1) {
      read = await upscale(img, scale);
      found = await m.detect(read, config.detMaxSide);
    }
  }
  const t3 = performance.now();
  const toSource = (box: TextBox): TextBox =>
    scale === 1
      ? box
      : {
          ...box,
          left: box.left / scale,
          top: box.top / scale,
          width: box.width / scale,
          height: box.height / scale,
        };
  let lines: PaddleLine[] | undefined;
  if (task.kind === 'recognize') {
    const decoded = await m.recognize(read, found);
    lines = [];
    decoded.forEach((d, i) => {
      const text = d.text.trim();
      const confidence = Math.round(d.confidence * 1000) / 10;
      if (text && confidence >= config.minConfidence) lines!.push({ text, confidence, box: toSource(found[i]!.box) });
    });
  }
  const t4 = performance.now();
  const ms = (a: number, b: number) => Math.round(b - a);
  return {
    boxes: found.map((f) => toSource(f.box)),
    lines,
    loadMs,
    ms: { decode: ms(t0, t1), detect: ms(t2, t3), recognize: lines ? ms(t3, t4) : 0 },
    width: img.width,
    height: img.height,
  };
}
