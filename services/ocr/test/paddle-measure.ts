/**
 * Time and memory of the PaddleOCR pool on 1280 × 800 screenshots rendered from SVG:
 *   pnpm exec tsx services/ocr/test/paddle-measure.ts [runs=3] [threads=1]
 * The screens are rendered here, then measured in a fresh child process, so that its peak RSS (getrusage: the
 * whole process, worker threads included) holds the pool and nothing of the rendering. Per image: detection
 * alone, then detection + recognition, median (and fastest) of `runs` after a first (cold) call; the CER in
 * PaddleOCR's reading order and the share of lines read exactly (whatever their order). With two threads or more,
 * the images are then also read all at once.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { characterErrorRate, normaliseText } from '@snapnotes/testing/text';
import { createPaddlePool } from '../src/paddle/index.js';
import { recordingLogger } from './helpers.js';

const [runsArg, threadsArg, dir] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
const threads = Number(threadsArg ?? 1);

const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
const peak = () => process.resourceUsage().maxRSS;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Median and, in brackets, the fastest run: on a shared machine the fastest is the least disturbed. */
const times = (xs: number[]) => `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)})`;

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await f();
  return [value, performance.now() - start];
}

async function measure(from: string): Promise<void> {
  const screens = (JSON.parse(readFileSync(path.join(from, 'screens.json'), 'utf8')) as string[][]).map(
    ([name, file, text]) => ({ name: name!, png: readFileSync(file!), lines: text!.split('\n') }),
  );
  const logger = recordingLogger();
  const pool = createPaddlePool({ threads, logger });
  console.log(`PaddleOCR pool, ${threads} thread(s), ${runs} runs; peak RSS before: ${mb(peak())}`);
  const [, coldMs] = await timed(() => pool.detect(screens[0]!.png));
  const load = logger.entries.find((e) => e.msg?.startsWith('PaddleOCR models loaded'))?.obj as { ms: number };
  console.log(`first call: ${coldMs.toFixed(0)} ms (thread start, model load ${load.ms} ms, detection)`);

  const det = screens.map(() => [] as number[]);
  const boxes: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [k, s] of screens.entries()) {
      const [b, ms] = await timed(() => pool.detect(s.png));
      det[k]!.push(ms);
      boxes[k] = b.length;
    }
  }
  const afterDetect = peak();
  const rec = screens.map(() => [] as number[]);
  const texts: string[][] = [];
  for (let i = 0; i < runs; i++) {
    for (const [k, s] of screens.entries()) {
      const [lines, ms] = await timed(() => pool.recognize(s.png));
      rec[k]!.push(ms);
      texts[k] = lines.map((l) => l.text);
    }
  }
  console.log('\nimage                    boxes    detect ms    recognize ms   CER  lines exact');
  for (const [k, s] of screens.entries()) {
    const read = new Set(texts[k]!.map(normaliseText));
    const exact = s.lines.filter((l) => read.has(normaliseText(l))).length;
    console.log(
      `${s.name.padEnd(25)}${String(boxes[k]).padStart(5)}${times(det[k]!).padStart(13)}` +
        `${times(rec[k]!).padStart(16)}${(characterErrorRate(s.lines, texts[k]!) * 100).toFixed(1).padStart(6)}%` +
        `${`${exact}/${s.lines.length}`.padStart(12)}`,
    );
  }
  console.log(`peak RSS: after detection ${mb(afterDetect)}, after recognition ${mb(peak())}`);
  if (threads > 1) {
    const [, ms] = await timed(() => Promise.all(screens.map((s) => pool.recognize(s.png))));
    console.log(`${screens.length} images recognised at once on ${threads} threads: ${ms.toFixed(0)} ms`);
    console.log(`peak RSS: ${mb(peak())}`);
  }
  await pool.close();
}

if (dir) {
  await measure(dir);
} else {
  const out = mkdtempSync(path.join(tmpdir(), 'paddle-measure-'));
  try {
    // Imported here only: the child's baseline RSS holds no SVG rendering.
    const { renderScreens } = await import('./paddle-fixtures.js');
    const screens = await renderScreens();
    const list = screens.map((s, i) => {
      const file = path.join(out, `${i}.png`);
      writeFileSync(file, s.png);
      return [s.name, file, s.lines.join('\n')];
    });
    writeFileSync(path.join(out, 'screens.json'), JSON.stringify(list));
    // tsx's loader is in execArgv: the child runs this TypeScript file as this process does.
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), String(runs), String(threads), out],
      { stdio: 'inherit' },
    );
    process.exitCode = child.status ?? 1;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
