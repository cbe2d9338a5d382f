/**
 * `pnpm bench:ocr`'s real-world part keeps running as the README says: a smoke run (OCR_BENCH_SMOKE=1, one image of
 * each kind of ../shared/ocr-real) with the product and plain tesseract.js, each in its own process, prints the
 * report with peak memory and the targets, and writes every reading.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { realCorpusDir } from '@snapnotes/ocr/corpus';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'snapnotes-bench-ocr-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(realCorpusDir() === null)('pnpm bench:ocr, real-world part (smoke)', () => {
  it('reads one image of each kind with each reader and prints the report and the targets', async () => {
    const json = path.join(dir, 'readings.json');
    const { stdout } = await run('pnpm', ['bench:ocr'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        OCR_BENCH_PART: 'real',
        OCR_BENCH_SMOKE: '1',
        OCR_BENCH_READERS: 'product,tesseract.js',
        OCR_BENCH_REAL_JSON: json,
      },
      timeout: 280_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(stdout).toMatch(/^overall\s+product\s+7\s/m);
    expect(stdout).toMatch(/^\s+tesseract\.js\s+7\s/m);
    expect(stdout).toMatch(/peak RSS: product \d+ MB, tesseract\.js \d+ MB/);
    expect(stdout).toMatch(/^(ok|MISSED)\s+overall CER \(ci\)/m);
    const { results } = JSON.parse(readFileSync(json, 'utf8')) as { results: { engine: string; error?: string }[] };
    expect(results).toHaveLength(14);
    expect(results.filter((r) => r.error)).toEqual([]);
  }, 300_000);
});
