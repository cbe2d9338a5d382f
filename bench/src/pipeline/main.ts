/**
 * pnpm bench: the cost of everything but OCR, embedded and distributed.
 *   (a) the product's whole OCR engine alone in this process (startOcrReader: the warm tesseract pool, its analysis
 *       threads, language detection),
 *   (b) the full POST /api/process-screenshots, against
 *       - embedded: the embedded start in its own process exactly as `pnpm start` runs it (its own Postgres, S3 and
 *         Auth emulator, the in-process queue);
 *       - distributed: the five services' built dist/main.js as five processes, a real redis-server, Postgres, S3
 *         and the Auth emulator (docs/DEPLOY.md outside compose).
 * The same screenshots go through (a) and (b), interleaved round by round, in one run; per mode it prints each
 * image's medians, where (b)'s time went, b/a (each round's b/a over all images, the median over rounds; target
 * ≤ 1.10) and the product's resident memory at idle, under load and after the idle release.
 *
 * Knobs: BENCH_MODES (embedded,distributed); BENCH_ROUNDS (9); BENCH_SMOKE=1 (CI: one round, two images, a burst of
 * 2, no release wait); BENCH_PHASES=1 prints the gateway's phase medians; BENCH_LOG=file saves the product's log;
 * BENCH_NODE_ARGS goes to the embedded start's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"); OCR_*,
 * MODERATION_* and OPENAI_* variables pass through to the product.
 */
import { writeFileSync } from 'node:fs';
import pino from 'pino';
import { startOcrReader } from '@snapnotes/ocr';
import { stopAllServices } from '@snapnotes/testing/processes';
import { renderPhotoOfPage, renderScreenshot, renderSmallText, SAMPLE_TEXT } from '@snapnotes/testing/images';
import { measure, memoryLines, type Image } from './measure.js';
import { median, report, type ModeSummary } from './report.js';
import { benchEnv, startDistributed, startEmbedded, type Mode, type Target } from './targets.js';

const SMOKE = process.env.BENCH_SMOKE === '1';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SMOKE ? 1 : 9));
const MODES = (process.env.BENCH_MODES ?? 'embedded,distributed').split(',').map((m) => m.trim()) as Mode[];
/** The product's idle period (IDLE_RELEASE_MS): short here, so the bench sees a release without waiting minutes. */
const IDLE_RELEASE_MS = SMOKE ? '0' : (process.env.IDLE_RELEASE_MS ?? '10000');

async function main(): Promise<void> {
  for (const m of MODES) if (m !== 'embedded' && m !== 'distributed') throw new Error(`BENCH_MODES: unknown ${m}`);
  const all: Image[] = [
    { name: 'light.png', data: await renderScreenshot({ lines: [...SAMPLE_TEXT.lectureNotes] }) },
    { name: 'photo.jpg', data: await renderPhotoOfPage([...SAMPLE_TEXT.lectureNotes]) },
    { name: 'dark.png', data: await renderScreenshot({ lines: [...SAMPLE_TEXT.chat], dark: true }) },
    { name: 'small.png', data: await renderSmallText([...SAMPLE_TEXT.lectureNotes]) },
  ];
  const images = SMOKE ? all.slice(0, 2) : all;
  // (a): the product's whole OCR engine alone, over the same languages the product offers.
  const reader = await startOcrReader({
    languages: ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'],
    poolSize: 2,
    logger: pino({ level: 'warn' }),
  });
  const env = { ...benchEnv(IDLE_RELEASE_MS), OCR_POOL_SIZE: process.env.OCR_POOL_SIZE ?? '2' };
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const summaries: Array<[Mode, ModeSummary]> = [];
  console.log(`SnapNotes pipeline benchmark${SMOKE ? ' (smoke run)' : ''}: modes ${MODES.join(', ')}`);
  try {
    for (const mode of MODES) {
      const target: Target = mode === 'embedded' ? await startEmbedded(env, nodeArgs) : await startDistributed(env);
      try {
        const run = await measure(target, reader, images, {
          rounds: ROUNDS,
          burst: SMOKE ? 2 : 8,
          idleReleaseMs: Number(IDLE_RELEASE_MS),
        });
        const lines = target.logLines();
        if (process.env.BENCH_LOG) {
          writeFileSync(`${process.env.BENCH_LOG}.${mode}`, lines.map((l) => JSON.stringify(l)).join('\n'));
        }
        summaries.push([mode, report(mode, run, images, ROUNDS, lines)]);
        console.log(`\n${mode}: resident memory of the product (IDLE_RELEASE_MS=${IDLE_RELEASE_MS}):`);
        for (const line of memoryLines(run)) console.log(line);
        const warm = median(run.b[images[0]!.name]!.map((r) => r.ms));
        console.log(
          `first upload after start (${images[0]!.name}, engines cold): ${run.coldMs.toFixed(0)} ms` +
            (run.coldAgainMs !== undefined ? `; after the release period: ${run.coldAgainMs.toFixed(0)} ms` : '') +
            `; warm median ${warm.toFixed(0)} ms`,
        );
      } finally {
        await target.close();
        await stopAllServices();
      }
    }
  } finally {
    await reader.close();
  }
  console.log(
    `\nsummary: ${summaries
      .map(([mode, s]) => `${mode} b/a = ${s.ratio.toFixed(3)} (sum of medians ${s.sumRatio.toFixed(3)})`)
      .join('; ')} (target ≤ 1.10)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
