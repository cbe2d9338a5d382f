/** What `pnpm bench:import` prints for one mode's run, and the figures its summary and targets use. */
import type { LogLine } from '@snapnotes/testing/processes';
import type { Memory } from '../pipeline/memory.js';
import type { ImportRun } from './run.js';

export interface ModeFigures {
  images: number;
  notes: number;
  failures: number;
  duplicates: number;
  skipped: number;
  unsettled: number;
  imagesPerMinute: number;
  /** Every image a note or a failure (duplicates and skips named apart), nothing left unsettled, every note listed. */
  accounted: boolean;
}

function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const seconds = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(1)} s`);
const mb = (m: Memory) => `${m.self.toFixed(0)} MB node / ${m.tree.toFixed(0)} MB with what it started`;

/** One error log line, short: its message and its error's. */
function errorLine(line: LogLine): string {
  const err = line.err as { message?: unknown } | undefined;
  const why = typeof err?.message === 'string' ? `: ${err.message.split('\n')[0]}` : '';
  return `    ${line.msg ?? '(no message)'}${why}`.slice(0, 300);
}

/** The figures of `run` over `images` screenshots, and its report lines. */
export function describeRun(run: ImportRun, images: number): { figures: ModeFigures; lines: string[] } {
  const { items, final, events, settled } = run.followed;
  const count = (status: string) => items.filter((i) => i.status === status).length;
  const done = items.filter((i) => i.status === 'done');
  const settledItems = items.filter((i) => i.settledMs !== undefined && i.status !== 'skipped');
  const lastMs = Math.max(0, ...settledItems.map((i) => i.settledMs!));
  const figures: ModeFigures = {
    images,
    notes: done.length,
    failures: count('failed'),
    duplicates: count('duplicate'),
    skipped: count('skipped'),
    unsettled: count('queued') + count('processing'),
    imagesPerMinute: lastMs > 0 ? settledItems.length / (lastMs / 60_000) : 0,
    accounted: false,
  };
  figures.accounted =
    settled &&
    items.length === images &&
    figures.notes + figures.failures === images &&
    run.notes === figures.notes &&
    run.notesFound === figures.notes;

  const toNote = done.map((i) => i.settledMs!);
  const takenToNote = done.filter((i) => i.takenMs !== undefined).map((i) => i.settledMs! - i.takenMs!);
  const failures = new Map<string, number>();
  for (const i of items.filter((x) => x.status === 'failed' || x.status === 'skipped')) {
    const code = i.error?.code ?? i.status;
    failures.set(code, (failures.get(code) ?? 0) + 1);
  }
  const lines = [
    `  sent ${(run.bytes / 1024 / 1024).toFixed(1)} MB in ${seconds(run.postMs)} (until the 202); ` +
      `import ${final.status}, ${events} progress events; last image settled ${seconds(lastMs)} after the 202`,
    `  throughput: ${figures.imagesPerMinute.toFixed(1)} images/min (${settledItems.length} images settled)`,
    `  time per image, accepted (202) → note: p50 ${seconds(percentile(toNote, 50))}, ` +
      `p95 ${seconds(percentile(toNote, 95))} (waiting its turn included)`,
    `  time per image, taken → note: p50 ${seconds(percentile(takenToNote, 50))}, ` +
      `p95 ${seconds(percentile(takenToNote, 95))} (${takenToNote.length} seen taken; to about a second)`,
    `  images ${images}: notes ${figures.notes} (${run.notesFound} of them in the notes list, ${run.notes} notes in ` +
      `all), failures ${figures.failures}, duplicates ${figures.duplicates}, skipped ${figures.skipped}, ` +
      `unsettled ${figures.unsettled}: ${figures.accounted ? 'every image accounted for' : 'NOT EVERY IMAGE ACCOUNTED FOR'}`,
    ...(failures.size ? [`  failures by code: ${[...failures].map(([code, n]) => `${n}×${code}`).join(', ')}`] : []),
    ...items
      .filter((i) => i.status === 'failed')
      .slice(0, 5)
      .map((i) => `    ${i.name}: ${i.error?.code ?? '?'} ${i.error?.message ?? ''}`),
    ...(run.errors.length
      ? [`  the product logged ${run.errors.length} errors; the first:`, ...run.errors.slice(0, 3).map(errorLine)]
      : []),
    `  resident memory: before ${mb(run.memory.before)}; peak ${mb(run.memory.peak)}; after ${mb(run.memory.after)}`,
  ];
  return { figures, lines };
}
