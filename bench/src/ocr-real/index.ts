/**
 * `pnpm bench:ocr`'s real-world part (issue 20): ../shared/ocr-real read by the product and by the plain engines.
 *
 * Knobs (environment):
 *   OCR_REAL_DIR=<dir>              the corpus (default ../shared/ocr-real beside the repository)
 *   OCR_BENCH_REAL_FILTER=a,b       only images whose id contains a or b, or whose source or kind is a or b
 *   OCR_BENCH_READERS=a,b           only these readers (product, tesseract.js, pp-ocrv4, tesseract-cli)
 *   OCR_BENCH_REAL_JSON=<file>      also write every reading (id, reader, text, scores, ms) as JSON
 *   OCR_BENCH_CONCURRENCY=1|2       images in flight (default 1; 2 for a quicker look at CER, with inflated times)
 *   OCR_BENCH_SAMPLE=<n>            every n-th image only (a quicker, still mixed, look)
 *   OCR_BENCH_SMOKE=1               the smallest image of each kind, to check that the bench runs (CI does)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import { loadRealCorpus, realCorpusDir, REAL_KINDS, type RealImage } from '@snapnotes/ocr/corpus';
import { REAL_ENGINES, type RealEngineName } from './engines.js';
import { printRealReport } from './report.js';
import { runRealBench } from './run.js';

/** One image of each kind, its smallest: the smoke run checks that the bench runs, in CI, not what it measures. */
function smokeSample(images: RealImage[]): RealImage[] {
  const pixels = (i: RealImage) => i.width * i.height;
  return REAL_KINDS.flatMap((k) =>
    images
      .filter((i) => i.kind === k)
      .sort((a, b) => pixels(a) - pixels(b))
      .slice(0, 1),
  );
}

export async function runRealPart(env: NodeJS.ProcessEnv): Promise<void> {
  const dir = realCorpusDir(env);
  if (!dir) {
    console.log('\nReal documents: ../shared/ocr-real not found (set OCR_REAL_DIR); part skipped.');
    return;
  }
  let images = loadRealCorpus(dir, env.OCR_BENCH_REAL_FILTER);
  const every = Number(env.OCR_BENCH_SAMPLE ?? 1);
  if (every > 1) images = images.filter((_, i) => i % every === 0);
  if (env.OCR_BENCH_SMOKE === '1') images = smokeSample(images);
  if (images.length === 0) throw new Error(`no real image matches OCR_BENCH_REAL_FILTER=${env.OCR_BENCH_REAL_FILTER}`);
  const engines = (env.OCR_BENCH_READERS?.split(',').map((s) => s.trim()) ?? [...REAL_ENGINES]).map((e) => {
    if (!REAL_ENGINES.includes(e as RealEngineName))
      throw new Error(`unknown reader ${e}; known: ${REAL_ENGINES.join(', ')}`);
    return e as RealEngineName;
  });
  const concurrency = Math.max(1, Math.min(2, Number(env.OCR_BENCH_CONCURRENCY ?? 1)));
  console.error(`real documents: ${images.length} images from ${dir}`);
  const run = await runRealBench({ images, engines, concurrency, log: (l) => console.error(l) });
  console.log(
    `\nReal documents (${dir}): ${images.length} images × ${engines.length - run.skipped.length} readers, ` +
      `${concurrency} at a time, ${run.seconds.toFixed(0)} s (${cpus().length} CPUs, Node ${process.versions.node})\n`,
  );
  printRealReport(run, engines, (s) => console.log(s));
  if (env.OCR_BENCH_REAL_JSON) {
    const file = resolve(env.INIT_CWD ?? process.cwd(), env.OCR_BENCH_REAL_JSON);
    mkdirSync(dirname(file), { recursive: true });
    const meta = { date: new Date().toISOString(), engines, concurrency, images: images.length, cpus: cpus().length };
    writeFileSync(file, JSON.stringify({ meta, peakKb: run.peakKb, results: run.results }, null, 1));
    console.log(`\nreadings written to ${file}`);
  }
}
