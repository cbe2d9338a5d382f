/**
 * The nsfwjs model itself: TensorFlow.js on the wasm backend, loaded once. This module runs inside the classifier's
 * worker thread (nsfw-worker.ts): wasm inference is synchronous and takes ~50 ms an image, which on the main thread
 * would stall every request and the OCR hand-offs of the process for that long.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as nsfwjs from 'nsfwjs';

import { NSFW_INPUT_SIZE, type NsfwClass, type NsfwScores } from './nsfw-types.js';

/** The wasm binaries ship in the backend package's dist/ folder; a file:// URL makes emscripten read them from disk. */
function wasmDistUrl(): string {
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  return `${pathToFileURL(dist).href}/`;
}

export interface LoadedModel {
  backend: string;
  classify(pixels: Uint8Array): Promise<NsfwScores>;
  /** Live tensors and bytes, to prove classification does not leak. */
  memory(): { numTensors: number; numBytes: number };
}

export async function loadNsfwModel(): Promise<LoadedModel> {
  if (tf.getBackend() !== 'wasm') {
    setWasmPaths(wasmDistUrl());
    const ok = await tf.setBackend('wasm');
    if (!ok) throw new Error('TensorFlow.js wasm backend failed to initialise');
  }
  await tf.ready();
  // nsfwjs.load() prints a hint about hosting the model ("You're using the model: …") with console.info: a service
  // writes nothing but JSON log lines, and the hint is for browser pages, so it is silenced for that call.
  const info = console.info;
  console.info = () => {};
  let model: nsfwjs.NSFWJS;
  try {
    model = await nsfwjs.load('MobileNetV2');
  } finally {
    console.info = info;
  }
  return {
    backend: tf.getBackend(),
    async classify(pixels) {
      // The model normalises by 255 itself; classify() disposes its own intermediate tensors and logits.
      const input = tf.tensor3d(pixels, [NSFW_INPUT_SIZE, NSFW_INPUT_SIZE, 3], 'int32');
      try {
        const predictions = await model.classify(input, 5);
        const out: NsfwScores = { Drawing: 0, Hentai: 0, Neutral: 0, Porn: 0, Sexy: 0 };
        for (const p of predictions) out[p.className as NsfwClass] = p.probability;
        return out;
      } finally {
        input.dispose();
      }
    },
    memory: () => {
      const m = tf.memory();
      return { numTensors: m.numTensors, numBytes: m.numBytes };
    },
  };
}
