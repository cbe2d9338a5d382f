/**
 * What `pnpm bench` prints for one mode: per image the medians of (a) and (b), where (b)'s time went (from the
 * product's own log lines of each measured request), and the headline b/a.
 */
import type { LogLine } from '@snapnotes/testing/processes';
import type { Image, ModeRun, Post } from './measure.js';

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Split {
  before: number;
  prepare: number;
  recognize: number;
  rest: number;
  phases: Record<string, number>;
}

/** (b)'s time of one request, split by the gateway's 'upload processed' and the OCR stage's 'page recognised'. */
function splitter(lines: LogLine[]): (r: Post) => Split {
  const byRequest = new Map<string, LogLine[]>();
  for (const l of lines) {
    if (typeof l.correlationId !== 'string') continue;
    byRequest.set(l.correlationId, [...(byRequest.get(l.correlationId) ?? []), l]);
  }
  return (r) => {
    const mine = byRequest.get(r.requestId) ?? [];
    const processed = mine.find((l) => l.msg === 'upload processed');
    const page = mine.find((l) => l.msg === 'page recognised');
    const phases = processed?.phases as Record<string, number> | undefined;
    if (!phases || !page) throw new Error(`no timings logged for request ${r.requestId}`);
    return {
      before: phases.stored!,
      prepare: Number(page.prepareMs),
      recognize: Number(page.recognizeMs),
      // Everything else: HTTP both ways, queue hand-offs, waiting for moderation, summary, note write, reply.
      rest: r.ms - phases.stored! - Number(page.durationMs),
      phases,
    };
  };
}

export interface ModeSummary {
  ratio: number;
  sumRatio: number;
}

/** Prints the mode's table and returns its headline figures. */
export function report(mode: string, run: ModeRun, images: Image[], rounds: number, lines: LogLine[]): ModeSummary {
  const split = splitter(lines);
  const rows = images.map((img) => {
    const a = run.a[img.name]!;
    const b = run.b[img.name]!;
    const ma = median(a.map((r) => r.ms));
    const mb = median(b.map((r) => r.ms));
    const parts = b.map(split);
    return {
      image: img.name,
      'a: OCR alone': ma,
      'b: full POST': mb,
      'b/a': mb / ma,
      'a: prepare': median(a.map((r) => r.prepareMs)),
      'a: recognise': median(a.map((r) => r.recognizeMs)),
      'b: before pipeline': median(parts.map((p) => p.before)),
      'b: prepare': median(parts.map((p) => p.prepare)),
      'b: recognise': median(parts.map((p) => p.recognize)),
      'b: rest': median(parts.map((p) => p.rest)),
    };
  });
  if (process.env.BENCH_PHASES) {
    const all = images.flatMap((img) => run.b[img.name]!.map(split));
    console.log(
      'gateway phases (ms since the request began, medians):',
      Object.fromEntries(Object.keys(all[0]!.phases).map((n) => [n, median(all.map((p) => p.phases[n]!))])),
    );
  }
  // The headline: in each round every image went through (a) and (b) one right after the other, so the round's
  // b/a (all of its images) compares them under the same machine conditions; the median over rounds is the
  // ratio. Drift over the run (other load, frequency) cancels within a round, which ratios of medians taken
  // across the whole run do not do: over three runs this estimate moved by 0.007, the ratio of medians by 0.021.
  const perRound = Array.from({ length: rounds }, (_, r) => {
    const sa = images.reduce((n, img) => n + run.a[img.name]![r]!.ms, 0);
    const sb = images.reduce((n, img) => n + run.b[img.name]![r]!.ms, 0);
    return sb / sa;
  });
  const sumA = rows.reduce((n, r) => n + r['a: OCR alone'], 0);
  const sumB = rows.reduce((n, r) => n + r['b: full POST'], 0);
  console.log(`\n${mode}: ${rounds} rounds × ${images.length} images, interleaved`);
  console.log("medians in ms; b is split by the product's own timings (OCR stage = prepare + recognise + fetch)");
  console.table(
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? v.toFixed(k === 'b/a' ? 3 : 0) : v]),
      ),
    ),
  );
  console.log(
    `all ${images.length} images, sum of the medians: a = ${sumA.toFixed(0)} ms, b = ${sumB.toFixed(0)} ms ` +
      `(ratio ${(sumB / sumA).toFixed(3)})`,
  );
  console.log(`per round b/a: ${perRound.map((x) => x.toFixed(3)).join(' ')}`);
  const ratio = median(perRound);
  console.log(`${mode} b/a = ${ratio.toFixed(3)} (median over rounds; target ≤ 1.10)`);
  return { ratio, sumRatio: sumB / sumA };
}
