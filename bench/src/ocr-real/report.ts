/**
 * The printed report of the real-world bench: per source, per kind and overall, each reader's case-insensitive
 * CER, CER, word recall and precision (means over images), median wall and CPU ms per image; peak memory per
 * reader; then the issue's targets checked against the better plain engine of each group.
 */
import { REAL_KINDS } from '@snapnotes/ocr/corpus';
import { PLAIN_ENGINES, type RealEngineName } from './engines.js';
import { mean, median, pct } from '../stats.js';
import type { RealResult, RealRun } from './run.js';

export interface GroupFigures {
  n: number;
  cerCi: number;
  cer: number;
  recall: number;
  precision: number;
  ms: number;
  cpuMs: number;
}

export function figuresOf(results: readonly RealResult[]): GroupFigures {
  return {
    n: results.length,
    cerCi: mean(results.map((r) => r.score.cerCi)),
    cer: mean(results.map((r) => r.score.cer)),
    recall: mean(results.map((r) => r.score.recall)),
    precision: mean(results.map((r) => r.score.precision)),
    ms: median(results.map((r) => r.ms)),
    cpuMs: median(results.map((r) => r.cpuMs)),
  };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

interface Group {
  name: string;
  results: RealResult[];
}

function groupsOf(results: RealResult[], by: 'source' | 'kind'): Group[] {
  const names =
    by === 'kind'
      ? REAL_KINDS.filter((k) => results.some((r) => r.kind === k))
      : [...new Set(results.map((r) => r.source))];
  return names.map((name) => ({ name, results: results.filter((r) => r[by] === name) }));
}

function groupTable(title: string, groups: Group[], engines: RealEngineName[]): string {
  const rows: string[][] = [];
  for (const g of groups) {
    engines.forEach((engine, i) => {
      const f = figuresOf(g.results.filter((r) => r.engine === engine));
      rows.push([
        i === 0 ? g.name : '',
        engine,
        String(f.n),
        pct(f.cerCi),
        pct(f.cer),
        pct(f.recall),
        pct(f.precision),
        f.ms.toFixed(0),
        f.cpuMs.toFixed(0),
      ]);
    });
  }
  return table([title, 'reader', 'n', 'CER (ci)', 'CER', 'recall', 'precision', 'ms', 'cpu ms'], rows);
}

/** The target checks: a line each, starting with "ok" or "MISSED". */
export function targetLines(run: RealRun, engines: RealEngineName[]): string[] {
  const plain = engines.filter((e) => PLAIN_ENGINES.includes(e));
  if (!engines.includes('product') || plain.length === 0) return ['(targets need the product and a plain engine)'];
  const out: string[] = [];
  const check = (ok: boolean, text: string) => out.push(`${ok ? 'ok    ' : 'MISSED'} ${text}`);
  const cerOf = (rs: RealResult[], e: RealEngineName) => figuresOf(rs.filter((r) => r.engine === e)).cerCi;
  const bestPlain = (rs: RealResult[]) =>
    plain.map((e) => ({ e, cer: cerOf(rs, e) })).sort((a, b) => a.cer - b.cer)[0]!;

  const all = run.results;
  const best = bestPlain(all);
  const product = cerOf(all, 'product');
  check(
    product <= 0.8 * best.cer,
    `overall CER (ci) ${pct(product)} ≤ 0.8 × ${best.e} ${pct(best.cer)} = ${pct(0.8 * best.cer)} (ratio ${(product / best.cer).toFixed(2)})`,
  );
  for (const by of ['source', 'kind'] as const) {
    for (const g of groupsOf(all, by)) {
      const b = bestPlain(g.results);
      const p = cerOf(g.results, 'product');
      check(p <= b.cer, `${by} ${g.name}: product ${pct(p)} ≤ ${b.e} ${pct(b.cer)}`);
    }
  }
  const empty = all.filter((r) => r.engine === 'product' && !r.hasText);
  check(
    empty.length === 0,
    `images with text read as empty or as a picture: ${empty.length}${empty.length ? ` (${empty.map((r) => r.id).join(', ')})` : ''}`,
  );
  if (engines.includes('tesseract.js')) {
    const ratio =
      median(all.filter((r) => r.engine === 'product').map((r) => r.ms)) /
      median(all.filter((r) => r.engine === 'tesseract.js').map((r) => r.ms));
    check(ratio <= 1.5, `median time per image: product ${ratio.toFixed(2)}× tesseract.js (target ≤ 1.5×)`);
  }
  return out;
}

export function printRealReport(run: RealRun, engines: RealEngineName[], print: (s: string) => void): void {
  const measured = engines.filter((e) => !run.skipped.some((s) => s.engine === e));
  print(groupTable('source', groupsOf(run.results, 'source'), measured));
  print('');
  print(groupTable('kind', [...groupsOf(run.results, 'kind'), { name: 'overall', results: run.results }], measured));
  print('');
  print(
    'CER (ci): case-insensitive; CER, recall, precision: means over the images; ms, cpu ms: medians per image ' +
      '(cpu: the reader process, all its threads).',
  );
  print(
    'peak RSS: ' +
      measured.map((e) => `${e} ${run.peakKb[e] ? `${Math.round(run.peakKb[e]! / 1024)} MB` : '—'}`).join(', '),
  );
  for (const s of run.skipped) print(`not measured: ${s.engine} (${s.why})`);
  const errors = run.results.filter((r) => r.error);
  if (errors.length) print(`errors: ${errors.map((r) => `${r.id}/${r.engine}: ${r.error}`).join('; ')}`);
  print('');
  for (const line of targetLines(run, measured)) print(line);
}
