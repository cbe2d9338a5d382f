/**
 * pnpm bench:ocr, in two parts (OCR_BENCH_PART=generated|real|all, default all):
 * - real documents (ocr-real/): the 236 images of ../shared/ocr-real read by the product and by plain engines,
 *   each in a process of its own; case-insensitive CER, CER, word recall and precision, time and peak memory per
 *   source, per kind and overall, and the targets of issue 20 (ocr-real/index.ts lists its knobs);
 * - generated pages: character error rate and speed of OCR configurations on the generated corpus
 *   (services/ocr/test/corpus: 79 images in 20 categories, rendered by Chromium and degraded as a phone would).
 *
 * Every image goes through every configuration. What a configuration reads with is started once and shared by all
 * images: the product's whole engine (startOcrReader) or a raw tesseract pool, each with 7 languages and 2 warm
 * workers. The configurations of an image run one right after the other, in a rotating order, so that whatever
 * load there is affects them alike. One task at a time by default: two at a time on two cores finish the corpus
 * only 1.2× sooner (127 s instead of 148 s) but measure every image slower (overall medians 816 → 1307 ms and
 * 702 → 950 ms, the time ratio 0.86 → 0.73), so per-image times are only honest one at a time.
 *
 * Prints, per category and overall, the mean CER (services/ocr/test/cer.ts: plain Levenshtein over
 * whitespace-normalised text) and the median ms per image of each configuration; for `no-text`, how many images got
 * invented text (hasText, or 20 or more non-space characters); and each configuration's overall median ms relative
 * to the first one.
 *
 * Knobs (environment):
 *   OCR_BENCH_FILTER=<text>     only images whose category (or id) contains it, e.g. "chat" or "lang-"
 *   OCR_BENCH_CONFIGS=a,b       only these configurations (in this order; the first is the reference for ratios)
 *   OCR_BENCH_JSON=<file>       also write every result (id, category, config, cer, ms, text…) as JSON
 *   OCR_BENCH_DUMP=<dir>        write the corpus images and their truths to a folder, to look at them
 *   OCR_BENCH_SEED=<n>          another corpus (default 1)
 *   OCR_BENCH_CONCURRENCY=1|2   tasks at a time (default 1; 2 for a quicker look at CER, with inflated times)
 *   OCR_BENCH_SMOKE=1           CI's smoke run (bench/test/benches-smoke.int.test.ts; the real part's is in
 *                               ocr-real/index.ts): two images (SMOKE_IMAGES: a chat and a page without text, unless
 *                               OCR_BENCH_FILTER is set), one warm-up image, every configuration
 * Arguments: --list prints the corpus (and dumps it with OCR_BENCH_DUMP) without running any OCR.
 * The rendered corpus is cached in services/ocr/.corpus-cache: the first run renders it (~1 min), later runs load it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import pino from 'pino';
import { hasEnoughText, startOcrReader, type OcrReader } from '@snapnotes/ocr';
import {
  buildCorpus,
  cer,
  createPaddlePool,
  createTesseractEngine,
  dumpCorpus,
  rowsOf,
  type PaddlePool,
  type CorpusImage,
  type TesseractEngine,
} from '@snapnotes/ocr/corpus';
import { runRealPart } from './ocr-real/index.js';
import { interleave, mean, median, pct } from './stats.js';

/**
 * What configurations read with, each started once (on first use, during the warm-up) and shared by all images:
 * the product's whole OCR engine, and a raw tesseract pool for configurations that bypass the product's path.
 * Both offer the same languages with the same pool size.
 */
export interface BenchEngines {
  reader(): Promise<OcrReader>;
  tesseractReader(): Promise<OcrReader>;
  engine(): Promise<TesseractEngine>;
  paddle(): Promise<PaddlePool>;
}

/** One way of reading an image: a name and a function of the shared engines and the encoded image. */
export interface EngineConfig {
  name: string;
  run: (engines: BenchEngines, image: Buffer) => Promise<{ text: string; hasText: boolean }>;
}

/** The configurations to compare; add one here to measure it (the first is the reference for time ratios). */
export const CONFIGURATIONS: EngineConfig[] = [
  {
    // The product's path (startOcrReader: layout analysis on its thread pool, PSM 6, 2× retry of small text,
    // language detection and re-reading, cleaning), asked for English as a user with default settings would.
    name: 'product',
    run: async (engines, image) => {
      const r = await (await engines.reader()).read(image, ['eng']);
      return { text: r.text, hasText: hasEnoughText(r.text, r.confidence) };
    },
  },
  {
    // OCR_ENGINE=tesseract: the product's tesseract path alone (layout analysis, language detection, cleaning),
    // which is also the product's first reading of every page.
    name: 'tesseract',
    run: async (engines, image) => {
      const r = await (await engines.tesseractReader()).read(image, ['eng']);
      return { text: r.text, hasText: hasEnoughText(r.text, r.confidence) };
    },
  },
  {
    // PaddleOCR PP-OCRv4 alone (detection + recognition on onnxruntime), its boxes put back into rows.
    name: 'pp-ocrv4',
    run: async (engines, image) => {
      const { text } = rowsOf(await (await engines.paddle()).recognize(image));
      return { text, hasText: text.trim() !== '' };
    },
  },
  {
    // Tesseract on the raw image, no preprocessing (the engine's PSM 6 and Sauvola thresholding).
    name: 'plain-psm6',
    run: async (engines, image) => {
      const r = await (await engines.engine()).recognize(image, ['eng']);
      return { text: r.text, hasText: hasEnoughText(r.text, r.confidence) };
    },
  },
];

/** The smoke run's images: one with text, one without (the invented-text count). */
const SMOKE_IMAGES = ['chat-light-01', 'no-text-01'];
const ENGINE_LANGUAGES = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'];
const POOL_SIZE = 2;
/** No-text images whose result has at least this many non-space characters count as invented text. */
const INVENTED_CHARS = 20;

interface Result {
  id: string;
  category: string;
  config: string;
  /** Null for images without text. */
  cer: number | null;
  ms: number;
  text: string;
  hasText: boolean;
  /** For images without text: whether text was made up. */
  invented: boolean | null;
  error?: string;
}

async function runOne(config: EngineConfig, engines: BenchEngines, img: CorpusImage): Promise<Result> {
  const started = performance.now();
  let out = { text: '', hasText: false };
  let error: string | undefined;
  try {
    // A fresh copy, as an upload would be.
    out = await config.run(engines, Buffer.from(img.image));
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const ms = performance.now() - started;
  const nonSpace = out.text.replace(/\s+/g, '').length;
  return {
    id: img.id,
    category: img.category,
    config: config.name,
    cer: img.hasText ? cer(img.truth, out.text) : null,
    ms,
    text: out.text,
    hasText: out.hasText,
    invented: img.hasText ? null : out.hasText || nonSpace >= INVENTED_CHARS,
    ...(error ? { error } : {}),
  };
}

function printTable(images: CorpusImage[], configs: EngineConfig[], results: Result[]): void {
  const categories = [...new Set(images.map((i) => i.category))];
  const of = (config: string, pred: (r: Result) => boolean) => results.filter((r) => r.config === config && pred(r));
  const header = ['category', 'n', ...configs.flatMap((c) => [`${c.name} CER`, `${c.name} ms`])];
  const rows: string[][] = [];
  for (const cat of categories) {
    const n = images.filter((i) => i.category === cat).length;
    const cells = configs.flatMap((c) => {
      const rs = of(c.name, (r) => r.category === cat);
      const quality =
        cat === 'no-text' || rs.every((r) => r.cer === null)
          ? `invented ${rs.filter((r) => r.invented).length}/${rs.length}`
          : pct(mean(rs.map((r) => r.cer!)));
      return [quality, median(rs.map((r) => r.ms)).toFixed(0)];
    });
    rows.push([cat, String(n), ...cells]);
  }
  rows.push([
    'overall',
    String(images.length),
    ...configs.flatMap((c) => {
      const rs = of(c.name, () => true);
      const text = rs.filter((r) => r.cer !== null);
      return [pct(mean(text.map((r) => r.cer!))), median(rs.map((r) => r.ms)).toFixed(0)];
    }),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((r, i) => {
    if (i === rows.length - 1) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    console.log(line(r));
  });
  console.log(
    '\nCER: mean over the images with text (overall: all of them); ms: median per image (overall: all images).',
  );
  const ref = median(of(configs[0]!.name, () => true).map((r) => r.ms));
  console.log(
    `median ms relative to ${configs[0]!.name}: ` +
      configs.map((c) => `${c.name} ${(median(of(c.name, () => true).map((r) => r.ms)) / ref).toFixed(2)}×`).join(', '),
  );
  const errors = results.filter((r) => r.error);
  if (errors.length) console.log(`errors: ${errors.map((r) => `${r.id}/${r.config}: ${r.error}`).join('; ')}`);
}

async function main(): Promise<void> {
  const part = process.env.OCR_BENCH_PART ?? 'all';
  if (!['generated', 'real', 'all'].includes(part)) throw new Error(`OCR_BENCH_PART must be generated, real or all`);
  if (part !== 'real') await generatedPart(process.env);
  if (part !== 'generated') await runRealPart(process.env);
}

async function generatedPart(env: NodeJS.ProcessEnv): Promise<void> {
  const seed = env.OCR_BENCH_SEED ? Number(env.OCR_BENCH_SEED) : undefined;
  const concurrency = Math.max(1, Math.min(2, Number(env.OCR_BENCH_CONCURRENCY ?? 1)));
  const smoke = env.OCR_BENCH_SMOKE === '1';
  const t0 = performance.now();
  const images = await buildCorpus({
    seed,
    filter: smoke && env.OCR_BENCH_FILTER === undefined ? (s) => SMOKE_IMAGES.includes(s.id) : env.OCR_BENCH_FILTER,
    log: (m) => console.error(`  ${m}`),
  });
  if (images.length === 0) throw new Error(`no corpus image matches OCR_BENCH_FILTER=${env.OCR_BENCH_FILTER}`);
  console.error(`corpus: ${images.length} images in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (env.OCR_BENCH_DUMP) {
    dumpCorpus(images, resolve(env.INIT_CWD ?? process.cwd(), env.OCR_BENCH_DUMP));
    console.error(`corpus written to ${env.OCR_BENCH_DUMP}`);
  }
  if (process.argv.includes('--list')) {
    for (const img of images) {
      console.log(`${img.id.padEnd(18)} ${`${img.width}×${img.height}`.padEnd(10)} ${img.degradation} | ${img.note}`);
    }
    return;
  }

  const logger = pino({ level: 'warn' });
  const started: {
    reader?: Promise<OcrReader>;
    tesseract?: Promise<OcrReader>;
    engine?: Promise<TesseractEngine>;
    paddle?: PaddlePool;
  } = {};
  const engines: BenchEngines = {
    reader: () => (started.reader ??= startOcrReader({ languages: ENGINE_LANGUAGES, poolSize: POOL_SIZE, logger })),
    engine: () =>
      (started.engine ??= createTesseractEngine({ languages: ENGINE_LANGUAGES, poolSize: POOL_SIZE, logger }).then(
        async (e) => {
          await e.warm();
          return e;
        },
      )),
    tesseractReader: () =>
      (started.tesseract ??= startOcrReader({
        languages: ENGINE_LANGUAGES,
        poolSize: POOL_SIZE,
        logger,
        engine: 'tesseract',
      })),
    paddle: async () => (started.paddle ??= createPaddlePool({ threads: POOL_SIZE, logger })),
  };
  try {
    const wanted = env.OCR_BENCH_CONFIGS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const configs = wanted
      ? wanted.map((n) => CONFIGURATIONS.find((c) => c.name === n) ?? fail(`unknown configuration ${n}`))
      : CONFIGURATIONS;
    const order = interleave(images, (i) => i.category);
    // Warm-up: every configuration on a few images, not measured.
    for (const img of order.slice(0, smoke ? 1 : 3)) for (const c of configs) await runOne(c, engines, img);

    const tasks = order.flatMap((img, i) =>
      configs.map((_, k) => ({ img, config: configs[(i + k) % configs.length]! })),
    );
    const results: Result[] = [];
    let next = 0;
    let done = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < tasks.length) {
        const { img, config } = tasks[next++]!;
        const r = await runOne(config, engines, img);
        results.push(r);
        done++;
        const q = r.cer === null ? (r.invented ? 'INVENTED' : 'no text') : `CER ${pct(r.cer)}`;
        console.error(
          `[${String(done).padStart(3)}/${tasks.length}] ${img.id.padEnd(16)} ${config.name.padEnd(12)} ${q.padEnd(12)} ${r.ms.toFixed(0)} ms${r.error ? ` ERROR ${r.error}` : ''}`,
        );
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;

    console.log(
      `\nOCR bench${smoke ? ' (smoke run)' : ''}: ${images.length} images × ${configs.length} configurations, ` +
        `${concurrency} at a time, ` +
        `${seconds.toFixed(0)} s (${cpus().length} CPUs, Node ${process.versions.node})\n`,
    );
    printTable(images, configs, results);
    if (env.OCR_BENCH_JSON) {
      const file = resolve(env.INIT_CWD ?? process.cwd(), env.OCR_BENCH_JSON);
      mkdirSync(dirname(file), { recursive: true });
      const meta = {
        date: new Date().toISOString(),
        seed: seed ?? 1,
        filter: env.OCR_BENCH_FILTER ?? null,
        configs: configs.map((c) => c.name),
        concurrency,
        images: images.length,
        cpus: cpus().length,
        node: process.versions.node,
      };
      writeFileSync(file, JSON.stringify({ meta, results }, null, 1));
      console.log(`\nresults written to ${file}`);
    }
  } finally {
    await Promise.all([
      started.reader?.then((r) => r.close()),
      started.engine?.then((e) => e.close()),
      started.tesseract?.then((r) => r.close()),
      started.paddle?.close(),
    ]);
  }
}

function fail(message: string): never {
  throw new Error(message);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
