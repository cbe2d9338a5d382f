/**
 * `pnpm bench:import`'s smoke run (bench/src/import.ts), run as its README line gives it: BENCH_IMPORT_SMOKE=1, six
 * screenshots imported into the embedded start and then the distributed product. The throughput target is printed,
 * not judged; every image must be accounted for (a note or a failure, each note in the notes list), and the report
 * must be whole for both modes. Like benches-smoke, the bench runs in a process group of its own, killed whole if it
 * runs out of time, and a non-zero exit fails the test.
 */
import { describe, expect, it } from 'vitest';
import { runBench as bench } from './run-bench.js';

describe('pnpm bench:import (smoke run)', () => {
  it('imports six different screenshots into the embedded and the distributed product, every image accounted for', async () => {
    const out = await bench('bench:import', { BENCH_IMPORT_SMOKE: '1' }, 840_000);
    expect(out).toMatch(
      /^Bulk-import bench \(smoke run\): 6 screenshots in one import \(a file each\), modes embedded, distributed$/m,
    );
    expect(out).toMatch(/^rendered 6 different screenshots in [\d.]+ s; load average /m);
    for (const mode of ['embedded', 'distributed']) {
      expect(out).toMatch(new RegExp(`^== ${mode}: load average [\\d. ]+ on \\d+ cores at start$`, 'm'));
    }
    expect(
      out.match(/^ {2}sent [\d.]+ MB in [\d.]+ s \(until the 202\); import done, \d+ progress events; /gm),
    ).toHaveLength(2);
    expect(out.match(/^ {2}throughput: [\d.]+ images\/min \(6 images settled\)$/gm)).toHaveLength(2);
    expect(out.match(/^ {2}time per image, accepted \(202\) → note: p50 [\d.]+ s, p95 [\d.]+ s /gm)).toHaveLength(2);
    expect(out.match(/^ {2}time per image, taken → note: p50 /gm)).toHaveLength(2);
    // Six images, each a note (or a failure, named by code), every note in the user's list, no duplicate.
    const accounted = [
      ...out.matchAll(
        /^ {2}images 6: notes (\d+) \((\d+) of them in the notes list, (\d+) notes in all\), failures (\d+), duplicates 0, skipped 0, unsettled 0: every image accounted for$/gm,
      ),
    ];
    expect(accounted).toHaveLength(2);
    for (const [, notes, listed, all, failures] of accounted) {
      expect(Number(notes) + Number(failures)).toBe(6);
      expect(listed).toBe(notes);
      expect(all).toBe(notes);
    }
    expect(
      out.match(/^ {2}resident memory: before \d+ MB node .*; peak \d+ MB node .*; after \d+ MB node /gm),
    ).toHaveLength(2);
    expect(out).toMatch(
      /^summary: embedded [\d.]+ images\/min; distributed [\d.]+ images\/min \(target ≥ 20 embedded on 2 cores: (met|missed)\); every image accounted for: yes$/m,
    );
    expect(out).toMatch(/^\(smoke run: throughput and memory printed, not judged\)$/m);
  }, 900_000);
});
