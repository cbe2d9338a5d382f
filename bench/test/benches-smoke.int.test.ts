/**
 * Every benchmark keeps running as its README line says: CI runs each in its short smoke mode, exactly as the README
 * gives it (`pnpm <script>` with that environment), and checks its report's key lines, so a broken bench fails CI.
 * A smoke run checks that the bench runs, not what it measures: latency and memory targets are printed, not judged
 * (each bench's header says what its smoke run judges). `pnpm bench:capacity` and the real part of `pnpm bench:ocr`
 * have their own files (capacity-smoke, ocr-real-smoke).
 */
import pg from 'pg';
import { realCorpusDir } from '@snapnotes/ocr/corpus';
import { createTestDatabase } from '@snapnotes/testing/services';
import { describe, expect, it } from 'vitest';
import { runBench as bench } from './run-bench.js';

describe('the benchmarks (smoke runs)', () => {
  it('pnpm bench: one round of two images through the OCR engine and the embedded and distributed product', async () => {
    const out = await bench('bench', { BENCH_SMOKE: '1' }, 420_000);
    expect(out).toMatch(/^SnapNotes pipeline benchmark \(smoke run\): modes embedded, distributed$/m);
    for (const mode of ['embedded', 'distributed']) {
      expect(out).toMatch(new RegExp(`^${mode}: 1 rounds × 2 images, interleaved$`, 'm'));
      expect(out).toMatch(new RegExp(`^${mode} b/a = \\d+\\.\\d{3} \\(median over rounds`, 'm'));
      expect(out).toMatch(new RegExp(`^${mode}: resident memory of the product`, 'm'));
    }
    expect(out.match(/^first upload after start \(light\.png, engines cold\): \d+ ms/gm)).toHaveLength(2);
    expect(out).toMatch(/^summary: embedded b\/a = [\d.]+ .*; distributed b\/a = [\d.]+ .*\(target ≤ 1\.10\)$/m);
  }, 450_000);

  it('pnpm bench:ocr, generated part: two images through every configuration', async () => {
    const out = await bench('bench:ocr', { OCR_BENCH_PART: 'generated', OCR_BENCH_SMOKE: '1' }, 240_000);
    expect(out).toMatch(/^OCR bench \(smoke run\): 2 images × 4 configurations, 1 at a time/m);
    expect(out).toMatch(/^chat-light\s+1\s+[\d.]+%\s+\d+/m);
    expect(out).toMatch(/^no-text\s+1\s+invented [01]\/1\s+\d+/m);
    expect(out).toMatch(/^overall\s+2\s+[\d.]+%/m);
    expect(out).toMatch(/^median ms relative to product: product 1\.00×, tesseract [\d.]+×, pp-ocrv4 [\d.]+×/m);
    expect(out).not.toMatch(/^errors:/m);
  }, 270_000);

  it('pnpm bench:notes: the whole rubric and facts rubric, one real page of each kind', async () => {
    const out = await bench('bench:notes', { BENCH_NOTES_SMOKE: '1' }, 240_000);
    expect(out).toMatch(/^Notes bench \(smoke run: /m);
    expect(out).toMatch(/^all\s+46\s+titles\s+\d+\/46/m);
    expect(out).toMatch(/^Facts rubric: \d+ pages of every kind as OCR hands them over, local summariser/m);
    expect(out).toMatch(/^stand-in: (\d+) requests for \1 notes, \1 written by the model path$/m);
    if (realCorpusDir() !== null) {
      expect(out).toMatch(/^real receipts\s+1$/m);
      expect(out).toMatch(/^form\s+1\s+\d+\/\d+/m);
      expect(out).toMatch(/^table\s+1\s+\d+\/\d+/m);
    }
  }, 270_000);

  it('pnpm bench:moderation: a handful of items through the text filter, the local checks and OpenAI', async () => {
    const out = await bench('bench:moderation', { BENCH_MODERATION_SMOKE: '1' }, 240_000);
    expect(out).toMatch(/^Moderation bench \(smoke run\): /m);
    expect(out).toMatch(/^text alone \(local text filter, no OCR\)$/m);
    expect(out).toMatch(/^local checks \(image classifier \+ .+ on real OCR text\), \d+ s$/m);
    expect(out).toMatch(/^with OpenAI moderation \(.+, scores decide\), \d+ s$/m);
    expect(out).toMatch(/^ {2}flagged\/explicit-image\s+1\s+1\s/m);
    expect(out).toMatch(/^local checks: 0 benign rejected, 100\.0% caught: targets met$/m);
  }, 270_000);

  it('pnpm bench:read: a few hundred notes in a database of its own, dropped afterwards; targets not judged', async () => {
    // The bench's admin connection is a test database of the suite's PostgreSQL (it creates its own beside it).
    const admin = await createTestDatabase();
    try {
      const out = await bench('bench:read', { BENCH_READ_SMOKE: '1', BENCH_READ_DATABASE_URL: admin.url }, 150_000);
      const database = /^Reading-notes bench \(smoke run\): 600 notes, 10 requests a case, database (\w+)$/m.exec(
        out,
      )?.[1];
      expect(database).toMatch(/^snapnotes_bench_read_smoke_\d+$/);
      expect(out).toMatch(/^list, first page \(limit 50\)\s+300\s+[\d.]+ ms\s+[\d.]+ ms\s+[\d.]+ kB\s+50\s+yes\s/m);
      expect(out).toMatch(/^list, page 3 \(cursor\)\s+300\s.*\s50\s+yes\s/m);
      expect(out).toMatch(/^search: a word\s+300\s+[\d.]+ ms.*p95 ≤ 50 ms not judged$/m);
      expect(out).toMatch(/^writing a note \(one INSERT, 10 each, p50 \/ p95\): /m);
      expect(out).toMatch(/^targets not judged \(smoke run: 300 notes/m);
      const client = new pg.Client({ connectionString: admin.url });
      await client.connect();
      try {
        const left = await client.query('select 1 from pg_database where datname = $1', [database]);
        expect(left.rowCount).toBe(0);
      } finally {
        await client.end();
      }
    } finally {
      await admin.drop();
    }
  }, 180_000);

  it('pnpm bench:soak: two clients for seconds against the embedded and distributed product, every answer a 200', async () => {
    const out = await bench('bench:soak', { BENCH_SOAK_SMOKE: '1' }, 420_000);
    for (const mode of ['embedded', 'distributed']) {
      expect(out).toMatch(new RegExp(`^== ${mode}: 2 clients, 10 s \\(warm-up 2 s\\) \\(smoke run\\)$`, 'm'));
    }
    expect(out.match(/^ {2}upload\s+[\d.]+\/s\s+p50/gm)).toHaveLength(2);
    expect(out.match(/^ {2}whole run: \d+ uploads \(\d+×200\), every answer a 200$/gm)).toHaveLength(2);
    expect(out.match(/^ {2}resident memory .*\(smoke run: not judged\)$/gm)).toHaveLength(2);
    expect(out).toMatch(/^ {2}embedded\s+\d+ MB/m);
    expect(out).toMatch(/^ {2}gateway\s+\d+ MB/m);
    expect(out).toMatch(/^ {2}redis-server\s+\d+ MB.*\(its dataset: kept jobs\)$/m);
  }, 450_000);

  it('pnpm bench:scroll: one chat and one article captured in overlapping screens, read and joined', async () => {
    const out = await bench('bench:scroll', { BENCH_SCROLL_SMOKE: '1' }, 420_000);
    expect(out).toMatch(/^Scrolling captures: 2 long chats and articles captured in overlapping screens/m);
    expect(out).toMatch(/^Import grouping by pixels \(\d+ captures in imports of sets sharing nothing, \d+ ms\): /m);
    expect(out).toMatch(/^\(smoke run: targets (met|missed), not judged\)$/m);
  }, 450_000);

  it("pnpm bench:locks: Redis's command counts with SnapNotes' and BullMQ's lock settings", async () => {
    const out = await bench('bench:locks', { BENCH_LOCKS_SMOKE: '1' }, 120_000);
    expect(out).toMatch(/^One worker process, 2 s windows, .*\(smoke run\):$/m);
    for (const setting of ['SnapNotes defaults', "BullMQ's defaults"]) expect(out).toContain(`  ${setting} (lock`);
    expect(out.match(/^ {4}no job active: +[\d.]+ commands\/s, [\d.]+ ms Redis CPU per s$/gm)).toHaveLength(2);
    expect(out.match(/^ {4}2 jobs active: +[\d.]+ commands\/s, .*commands\/s per active job\)$/gm)).toHaveLength(2);
  }, 150_000);
});
