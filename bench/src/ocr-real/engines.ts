/**
 * The readers the real-world bench compares, each run in a process of its own (host.ts) so that its peak memory is
 * its own: the product's whole engine, and three plain engines on the same images:
 * - `product`: startOcrReader as the OCR stage builds it, asked for English as a user with default settings is;
 * - `tesseract.js`: tesseract.js 7 with its defaults (PSM 6, Otsu), the same npm `best_int` data as the product,
 *   in the page's language (a plain user would pick it);
 * - `pp-ocrv4`: PaddleOCR PP-OCRv4 detection + recognition alone (the product's ONNX pool), boxes in rows;
 * - `tesseract-cli`: the tesseract command (`apt-get install tesseract-ocr`, PSM 3, Debian's data), when installed.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pino from 'pino';
import Tesseract from 'tesseract.js';
import { hasEnoughText, startOcrReader } from '@snapnotes/ocr';
import { createPaddlePool, rowsOf } from '@snapnotes/ocr/corpus';

export const REAL_ENGINES = ['product', 'tesseract.js', 'pp-ocrv4', 'tesseract-cli'] as const;
export type RealEngineName = (typeof REAL_ENGINES)[number];

/** The plain engines: the product must beat the better of them. */
export const PLAIN_ENGINES: readonly RealEngineName[] = ['tesseract.js', 'pp-ocrv4', 'tesseract-cli'];

const ENGINE_LANGUAGES = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'];
const POOL_SIZE = 2;

export interface Reading {
  text: string;
  /** False when the product would describe the image as a picture (its "no text" rule); plain engines: text ≠ ''. */
  hasText: boolean;
  /** Peak resident memory of a child process the reading ran in (the tesseract command), in KB. */
  childPeakKb?: number;
  /** CPU time of that child process, in ms. */
  childCpuMs?: number;
}

export interface RealEngine {
  read(file: string, lang: string): Promise<Reading>;
  close(): Promise<void>;
}

/** Whether the tesseract command is installed, and the languages its data covers. */
export function tesseractCli(): { languages: string[] } | null {
  const out = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  if (out.error || out.status !== 0) return null;
  return {
    languages: out.stdout
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .filter(Boolean),
  };
}

async function product(): Promise<RealEngine> {
  const reader = await startOcrReader({
    languages: ENGINE_LANGUAGES,
    poolSize: POOL_SIZE,
    logger: pino({ level: 'warn' }),
  });
  return {
    async read(file) {
      const r = await reader.read(readFileSync(file), ['eng']);
      return { text: r.text, hasText: hasEnoughText(r.text, r.confidence) };
    },
    close: () => reader.close(),
  };
}

async function plainTesseractJs(): Promise<RealEngine> {
  const require = createRequire(import.meta.url);
  const schedulers = new Map<string, Promise<Tesseract.Scheduler>>();
  const schedulerFor = (lang: string) => {
    let s = schedulers.get(lang);
    if (!s) {
      const langPath = path.join(
        path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)),
        '4.0.0_best_int',
      );
      s = (async () => {
        const scheduler = Tesseract.createScheduler();
        for (let i = 0; i < POOL_SIZE; i++) {
          scheduler.addWorker(
            await Tesseract.createWorker(lang, Tesseract.OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: 'none' }),
          );
        }
        return scheduler;
      })();
      schedulers.set(lang, s);
    }
    return s;
  };
  return {
    async read(file, lang) {
      const { data } = await (await schedulerFor(lang)).addJob('recognize', readFileSync(file));
      return { text: data.text ?? '', hasText: (data.text ?? '').trim() !== '' };
    },
    async close() {
      await Promise.all([...schedulers.values()].map(async (s) => (await s).terminate()));
    },
  };
}

async function ppOcrV4(): Promise<RealEngine> {
  const pool = createPaddlePool({ threads: POOL_SIZE, logger: pino({ level: 'warn' }) });
  return {
    async read(file) {
      const { text } = rowsOf(await pool.recognize(readFileSync(file)));
      return { text, hasText: text.trim() !== '' };
    },
    close: () => pool.close(),
  };
}

/** Linux: a process's peak RSS (KB) and CPU time (ms) so far, from /proc; null once it has gone. */
function procUsage(pid: number): { peakKb: number; cpuMs: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks (100 a second).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { peakKb: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0), cpuMs: ticks * 10 };
  } catch {
    return null;
  }
}

function tesseractCommand(languages: string[]): RealEngine {
  return {
    read(file, lang) {
      const l = languages.includes(lang) ? lang : 'eng';
      return new Promise((resolve, reject) => {
        const child = spawn('tesseract', [file, 'stdout', '-l', l], { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let last = { peakKb: 0, cpuMs: 0 };
        // Sampled until it exits: the peak is a high-water mark, so the last sample is (nearly) the whole run's.
        const timer = setInterval(() => {
          const u = child.pid === undefined ? null : procUsage(child.pid);
          if (u) last = u;
        }, 5);
        child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
        child.on('error', reject);
        child.on('close', (code) => {
          clearInterval(timer);
          if (code !== 0) reject(new Error(`tesseract exited with ${code}`));
          else resolve({ text: out, hasText: out.trim() !== '', childPeakKb: last.peakKb, childCpuMs: last.cpuMs });
        });
      });
    },
    close: async () => {},
  };
}

export async function startRealEngine(name: RealEngineName): Promise<RealEngine> {
  switch (name) {
    case 'product':
      return product();
    case 'tesseract.js':
      return plainTesseractJs();
    case 'pp-ocrv4':
      return ppOcrV4();
    case 'tesseract-cli': {
      const cli = tesseractCli();
      if (!cli) throw new Error('the tesseract command is not installed (apt-get install tesseract-ocr)');
      return tesseractCommand(cli.languages);
    }
  }
}
