/**
 * Worker thread of the analysis pool (analysis-pool.ts): one task = one image's grey pixels in, its analysis out.
 * The canvas of a screenshot goes back by transfer, not by copy.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { analyseGrey, type AnalysisOptions, type GreyAnalysis } from './analysis.js';

export interface AnalysisTask {
  pixels: Uint8Array;
  width: number;
  height: number;
  layout: boolean;
  options?: AnalysisOptions;
}

export default function analyse(task: AnalysisTask): GreyAnalysis {
  const result = analyseGrey(task.pixels, task.width, task.height, task.layout, task.options);
  const canvas = result.screen?.pixels;
  // Only a buffer that owns its whole memory can be moved (small Buffers share Node's pool).
  if (!canvas || canvas.byteOffset !== 0 || canvas.byteLength !== canvas.buffer.byteLength) return result;
  return move({
    get [transferableSymbol]() {
      return [canvas.buffer];
    },
    get [valueSymbol]() {
      return result;
    },
  }) as unknown as GreyAnalysis;
}
