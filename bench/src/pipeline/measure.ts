/**
 * One mode's run of `pnpm bench`: the same images through (a) the OCR engine alone and (b) the full POST, interleaved
 * round by round, then a burst of uploads at once, then (when the product releases idle engines) a quiet period and
 * the first upload after it. Memory is sampled throughout.
 */
import type { OcrReader } from '@snapnotes/ocr';
import { describeMemory, memoryOf, type Memory } from './memory.js';
import type { Target } from './targets.js';

export interface Image {
  name: string;
  data: Buffer;
}

export interface Post {
  ms: number;
  requestId: string;
}

export interface OcrRun {
  ms: number;
  prepareMs: number;
  recognizeMs: number;
}

export interface ModeRun {
  a: Record<string, OcrRun[]>;
  b: Record<string, Post[]>;
  memory: Array<[string, Memory]>;
  coldMs: number;
  coldAgainMs?: number;
}

export interface MeasureOptions {
  rounds: number;
  burst: number;
  idleReleaseMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measure(
  target: Target,
  reader: OcrReader,
  images: Image[],
  opts: MeasureOptions,
): Promise<ModeRun> {
  const memory: Array<[string, Memory]> = [];
  const memoryNow = () => memoryOf(target.pids());
  memory.push(['idle after start', memoryNow()]);

  /** (b) for one image; the wall time and the request id that tags the product's log lines. */
  const post = async (img: Image): Promise<Post> => {
    const form = new FormData();
    // A fresh copy each time, as a new upload would be.
    form.append('images', new Blob([new Uint8Array(img.data)]), img.name);
    const t = performance.now();
    const res = await fetch(`${target.url}/api/process-screenshots`, {
      method: 'POST',
      headers: target.auth,
      body: form,
    });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`${img.name}: ${res.status} ${Buffer.from(body).toString()}`);
    return { ms, requestId: res.headers.get('x-request-id') ?? '' };
  };
  /** (a): the product's whole OCR engine alone in this process, on the same image. */
  const ocr = async (img: Image): Promise<OcrRun> => {
    const t = performance.now();
    const result = await reader.read(Buffer.from(img.data), ['eng']);
    return { ms: performance.now() - t, ...result.timings };
  };

  // Warm both paths once (the product's first upload starts its engines: timed as the cold start).
  let coldMs = 0;
  for (const img of images) {
    await ocr(img);
    const { ms } = await post(img);
    coldMs ||= ms;
  }
  await sleep(1500);
  const idle = memoryNow();
  memory.push(['idle after warm-up', idle]);

  const a: Record<string, OcrRun[]> = {};
  const b: Record<string, Post[]> = {};
  let peak = idle;
  const sampler = setInterval(() => {
    const now = memoryNow();
    if (now.tree > peak.tree) peak = now;
  }, 100);
  for (let round = 0; round < opts.rounds; round++) {
    for (const img of images) {
      // Alternate which path goes first so neither gets a systematically warmer cache.
      for (const which of round % 2 === 0 ? ['a', 'b'] : ['b', 'a']) {
        if (which === 'a') (a[img.name] ??= []).push(await ocr(img));
        else (b[img.name] ??= []).push(await post(img));
      }
    }
  }
  // Under load: a burst of uploads at once.
  await Promise.all(Array.from({ length: opts.burst }, (_, i) => post(images[i % images.length]!)));
  clearInterval(sampler);
  memory.push([`peak (rounds, ${opts.burst} at once)`, peak]);
  memory.push(['right after the load', memoryNow()]);

  // A quiet server: after the idle period the engines are released; then the first upload starts them again.
  let coldAgainMs: number | undefined;
  if (opts.idleReleaseMs > 0) {
    await sleep(opts.idleReleaseMs + 3000);
    memory.push(['idle after the release period', memoryNow()]);
    coldAgainMs = (await post(images[0]!)).ms;
  }
  return { a, b, memory, coldMs, coldAgainMs };
}

export const memoryLines = (run: ModeRun): string[] =>
  run.memory.map(([label, m]) => `  ${`${label}:`.padEnd(32)}${describeMemory(m)}`);
